package io.fsbench.api;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a {@link DdSpec} run measured: GNU dd's summary ("N+M records in", "N+M records out", "B
 * bytes copied, T s, R/s") with its meaning, timed in nanoseconds instead of dd's printed 3-4
 * digits.
 *
 * <p>As in dd, the elapsed time runs from just after both files are opened to just after both are
 * closed, so the final fdatasync or fsync of {@code conv=} is inside it; the rate is the bytes
 * written over that time. A full record is a read (or write) of the whole block, a partial one a
 * shorter one, as dd counts them.
 *
 * @param spec the spec that ran
 * @param elapsed dd's elapsed time
 * @param syncTime the part of it spent in the final fdatasync/fsync (zero without {@code conv=})
 * @param layoutTime for a read, writing and syncing the file before the clock started; zero for a
 *     write
 * @param recordsInFull full blocks read
 * @param recordsInPartial short reads
 * @param recordsOutFull full blocks written
 * @param recordsOutPartial short writes
 * @param bytes bytes written (dd's "bytes copied")
 */
public record DdResult(
    DdSpec spec,
    Duration elapsed,
    Duration syncTime,
    Duration layoutTime,
    long recordsInFull,
    long recordsInPartial,
    long recordsOutFull,
    long recordsOutPartial,
    long bytes)
    implements WorkloadResult {

  public DdResult {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(elapsed, "elapsed");
    Objects.requireNonNull(syncTime, "syncTime");
    Objects.requireNonNull(layoutTime, "layoutTime");
  }

  @Override
  public String workload() {
    return spec.name();
  }

  public double seconds() {
    // A tiny copy can take less than a tick of a coarse clock; never divide by zero.
    return Math.max(elapsed.toNanos(), 1) / 1e9;
  }

  /** dd's rate: bytes written over its elapsed time. */
  public double bytesPerSec() {
    return bytes / seconds();
  }

  /** Blocks written, full and partial, over the elapsed time: the IOPS of the file's side. */
  public double blocksPerSec() {
    return (recordsOutFull + recordsOutPartial) / seconds();
  }

  @Override
  public List<Metric> metrics() {
    return List.of(
        Metric.of("bytes_per_sec", bytesPerSec(), Unit.BYTES_PER_SEC),
        Metric.of("blocks_per_sec", blocksPerSec(), Unit.IOPS),
        Metric.of("seconds", seconds(), Unit.SECONDS),
        Metric.of("sync.seconds", syncTime.toNanos() / 1e9, Unit.SECONDS),
        Metric.of("setup.layout.seconds", layoutTime.toNanos() / 1e9, Unit.SECONDS),
        Metric.of("bytes", bytes, Unit.BYTES),
        Metric.of("records_in.full", recordsInFull, Unit.COUNT),
        Metric.of("records_in.partial", recordsInPartial, Unit.COUNT),
        Metric.of("records_out.full", recordsOutFull, Unit.COUNT),
        Metric.of("records_out.partial", recordsOutPartial, Unit.COUNT));
  }

  @Override
  public Metric headline() {
    return Metric.of("bytes_per_sec", bytesPerSec(), Unit.BYTES_PER_SEC);
  }

  /** Bandwidth and IOPS, the two rows the classic comparison gives each dd run. */
  @Override
  public List<Metric> headlines() {
    return List.of(headline(), Metric.of("blocks_per_sec", blocksPerSec(), Unit.IOPS));
  }

  /** dd's summary on stderr, with the time in full and the rate in bytes/s. */
  public String report() {
    return String.format(
        Locale.ROOT,
        "%d+%d records in%n%d+%d records out%n%d bytes copied, %.9f s, %.0f B/s%n",
        recordsInFull,
        recordsInPartial,
        recordsOutFull,
        recordsOutPartial,
        bytes,
        seconds(),
        bytesPerSec());
  }
}
