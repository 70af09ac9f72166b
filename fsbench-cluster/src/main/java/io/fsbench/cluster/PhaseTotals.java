package io.fsbench.cluster;

import java.time.Duration;
import java.util.Objects;

/**
 * One phase of a metadata or tree workload (fs_mark's create, stat, ...; a tree's extract, walk,
 * ...) as a cluster run counts it: for one client, what it did and how long it took; for the
 * aggregate, the sums over the clients and the slowest client's time.
 *
 * <p>The aggregate's time is the slowest client's phase time, mdtest's figure when the clients
 * start each phase together: the clients report each phase's duration, not its start, so the union
 * of their phase windows is not known; since the phases start together only at the run's start,
 * later phases' aggregate rates are an upper bound when the clients drift apart.
 *
 * @param phase the phase's key, e.g. {@code create}
 * @param files files handled (for a tree, every entry that is not a directory)
 * @param directories directories handled; 0 where the workload does not count them apart
 * @param bytes bytes of file data moved; 0 where none moved
 * @param time the phase's wall time
 */
public record PhaseTotals(String phase, long files, long directories, long bytes, Duration time) {

  public PhaseTotals {
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(time, "time");
    if (files < 0 || directories < 0 || bytes < 0) {
      throw new IllegalArgumentException(
          phase + " counts must not be negative: " + files + ", " + directories + ", " + bytes);
    }
  }

  /** Files and directories per second of {@link #time}. */
  public double filesPerSec() {
    return (files + directories) / seconds();
  }

  /** Bytes per second of {@link #time}. */
  public double bytesPerSec() {
    return bytes / seconds();
  }

  double seconds() {
    return Math.max(time.toNanos(), 1) / 1e9;
  }
}
