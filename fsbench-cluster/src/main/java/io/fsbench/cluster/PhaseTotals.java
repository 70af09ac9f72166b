package io.fsbench.cluster;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One phase of a metadata or tree workload (fs_mark's create, stat, ...; a tree's extract, walk,
 * ...) as a cluster run counts it: for one client, what it did and when, in the controller's clock;
 * for the aggregate, the sums over the clients and the union of their windows.
 *
 * <p>The aggregate's {@link #time} is the length of the union of the clients' windows of this phase
 * (each client's from its phase's start to its end, moved into the controller's clock by the
 * client's measured offset): the time during which at least one client was in the phase, as the
 * issue's "runtime is the union of the clients' windows". With phase barriers (the default) the
 * clients start the phase together, so the union runs from that start to the slowest client's end,
 * mdtest's phase time; without them it is still exact, however the clients drift apart.
 *
 * <pre>{@code
 * PhaseTotals stat = all.phases().get(1);
 * double rate = stat.filesPerSec(); // every client's stat calls over the union of their windows
 * }</pre>
 *
 * @param phase the phase's key, e.g. {@code create}
 * @param files files handled (for a tree, every entry that is not a directory)
 * @param directories directories handled; 0 where the workload does not count them apart
 * @param bytes bytes of file data moved; 0 where none moved
 * @param time a client's: the phase's wall time; the aggregate's: the length of the union of the
 *     clients' windows
 * @param started when the (first client's) phase started, in the controller's clock; the epoch in
 *     totals made without it
 * @param ended when the (last client's) phase ended, in the controller's clock
 */
public record PhaseTotals(
    String phase,
    long files,
    long directories,
    long bytes,
    Duration time,
    Instant started,
    Instant ended) {

  public PhaseTotals {
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(ended, "ended");
    if (files < 0 || directories < 0 || bytes < 0) {
      throw new IllegalArgumentException(
          phase + " counts must not be negative: " + files + ", " + directories + ", " + bytes);
    }
    if (ended.isBefore(started)) {
      throw new IllegalArgumentException(
          phase + " ended (" + ended + ") before it started (" + started + ")");
    }
  }

  /** A phase without its window, as totals were before phases carried one: from the epoch on. */
  public PhaseTotals(String phase, long files, long directories, long bytes, Duration time) {
    this(phase, files, directories, bytes, time, Instant.EPOCH, Instant.EPOCH.plus(time));
  }

  /** One client's phase: {@code time} from {@code started} on. */
  public static PhaseTotals of(
      String phase, long files, long directories, long bytes, Instant started, Duration time) {
    return new PhaseTotals(phase, files, directories, bytes, time, started, started.plus(time));
  }

  /** From the first start to the last end; longer than {@link #time} when the windows have gaps. */
  public Duration span() {
    return Duration.between(started, ended);
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
