package io.fsbench.api;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one {@link TreePhase} measured.
 *
 * @param phase the phase
 * @param files entries that are not directories: regular files, symbolic links, hard links
 * @param directories directories
 * @param bytes bytes of file data read or written; 0 when the phase moves no data (walk, remove)
 * @param time the phase's wall time; includes the final sync when {@code syncIncluded}
 * @param syncIncluded whether a sync of the filesystem (syncfs, or sync where syncfs is missing)
 *     ran inside the timing, so that the time covers getting the data to disk
 * @param cutShort whether the run was asked to finish early ({@code Session.finish()}, a cluster's
 *     stonewall) during this phase, so that it stopped after the entry it was at; the counts and
 *     rates are those of what was done. No phase runs after one cut short.
 * @param started when the phase's timing started, on the system clock (wall time since the epoch,
 *     as a cluster agent moves it into its controller's clock); empty in a result made without it
 */
public record TreePhaseResult(
    TreePhase phase,
    long files,
    long directories,
    long bytes,
    Duration time,
    boolean syncIncluded,
    boolean cutShort,
    Optional<Instant> started) {

  public TreePhaseResult {
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(time, "time");
    if (files < 0 || directories < 0 || bytes < 0) {
      throw new IllegalArgumentException(
          phase.key()
              + " counts must not be negative: "
              + files
              + ", "
              + directories
              + ", "
              + bytes);
    }
  }

  /** A phase without its start time, as results were before phases carried one. */
  public TreePhaseResult(
      TreePhase phase,
      long files,
      long directories,
      long bytes,
      Duration time,
      boolean syncIncluded,
      boolean cutShort) {
    this(phase, files, directories, bytes, time, syncIncluded, cutShort, Optional.empty());
  }

  /** A phase that ran to its end, as every phase did before runs could finish early. */
  public TreePhaseResult(
      TreePhase phase,
      long files,
      long directories,
      long bytes,
      Duration time,
      boolean syncIncluded) {
    this(phase, files, directories, bytes, time, syncIncluded, false);
  }

  /** When the phase's timing ended: {@link #started} plus {@link #time}. */
  public Optional<Instant> ended() {
    return started.map(s -> s.plus(time));
  }

  /** Every entry: files and directories, as tar counts members. */
  public long entries() {
    return files + directories;
  }

  public double seconds() {
    return Math.max(time.toNanos(), 1) / 1e9;
  }

  /**
   * Metrics named after the phase: {@code extract.seconds}, {@code extract.files_per_sec} (every
   * entry, directories included), {@code extract.bytes_per_sec} (only when data moved), {@code
   * extract.files}, {@code extract.directories}, {@code extract.bytes}; {@code extract.cut_short}
   * (1) only when the phase was cut short.
   */
  public List<Metric> metrics() {
    String p = phase.key();
    List<Metric> metrics = new ArrayList<>();
    metrics.add(Metric.of(p + ".seconds", seconds(), Unit.SECONDS));
    metrics.add(Metric.of(p + ".files_per_sec", entries() / seconds(), Unit.FILES_PER_SEC));
    if (bytes > 0) {
      metrics.add(Metric.of(p + ".bytes_per_sec", bytes / seconds(), Unit.BYTES_PER_SEC));
    }
    metrics.add(Metric.of(p + ".files", files, Unit.COUNT));
    metrics.add(Metric.of(p + ".directories", directories, Unit.COUNT));
    metrics.add(Metric.of(p + ".bytes", bytes, Unit.BYTES));
    if (cutShort) {
      metrics.add(Metric.of(p + ".cut_short", 1, Unit.COUNT));
    }
    return metrics;
  }
}
