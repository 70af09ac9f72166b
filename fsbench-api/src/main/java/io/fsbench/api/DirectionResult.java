package io.fsbench.api;

import java.util.List;
import java.util.Objects;

/**
 * What one direction (read, write or trim) of a job did, with fio's definitions and units.
 *
 * <p>The headline numbers are totals over the runtime, {@link #bwBytes()} = 1000 &times; io_bytes /
 * runtime_ms, not the mean of the sampled rates in {@link #bw()}; that is fio's definition, and why
 * {@code bw} and {@code bwSamples().mean()} differ.
 *
 * @param ioBytes bytes transferred
 * @param runtimeMs the wall time spent doing this direction's I/O, in ms (rounded up, as fio)
 * @param totalIos I/Os issued
 * @param shortIos I/Os that transferred less than asked
 * @param dropIos I/Os dropped
 * @param slat submission latency (async engines only)
 * @param clat completion latency: from issue to completion
 * @param lat total latency: from preparing the I/O to its completion
 * @param bwSamples bandwidth sampled per window, KiB/s
 * @param bwAgg the sampled mean bandwidth as a percentage of its group's aggregate bandwidth,
 *     capped at 100 (fio's {@code bw_agg}); 0 without samples
 * @param iopsSamples IOPS sampled per window
 * @param prios the latency per I/O priority, fio's {@code prios}: only when at least two priorities
 *     have I/Os, otherwise empty
 */
public record DirectionResult(
    long ioBytes,
    long runtimeMs,
    long totalIos,
    long shortIos,
    long dropIos,
    LatencyResult slat,
    LatencyResult clat,
    LatencyResult lat,
    RateSamples bwSamples,
    double bwAgg,
    RateSamples iopsSamples,
    List<PriorityLatency> prios) {

  /** A direction the job did not use; fio prints it with zeros. */
  public static final DirectionResult NONE =
      new DirectionResult(
          0,
          0,
          0,
          0,
          0,
          LatencyResult.NONE,
          LatencyResult.NONE,
          LatencyResult.NONE,
          RateSamples.NONE,
          0,
          RateSamples.NONE,
          List.of());

  public DirectionResult {
    Objects.requireNonNull(slat, "slat");
    Objects.requireNonNull(clat, "clat");
    Objects.requireNonNull(lat, "lat");
    Objects.requireNonNull(bwSamples, "bwSamples");
    Objects.requireNonNull(iopsSamples, "iopsSamples");
    prios = List.copyOf(prios);
    if (ioBytes < 0 || runtimeMs < 0 || totalIos < 0 || shortIos < 0 || dropIos < 0) {
      throw new IllegalArgumentException(
          "io_bytes ("
              + ioBytes
              + "), runtime ("
              + runtimeMs
              + " ms), total_ios ("
              + totalIos
              + "), short_ios and drop_ios must not be negative");
    }
    if (!(bwAgg >= 0 && bwAgg <= 100)) {
      throw new IllegalArgumentException("bw_agg (" + bwAgg + ") must be a percentage in [0, 100]");
    }
  }

  /** A direction whose I/Os all carried one priority. */
  public DirectionResult(
      long ioBytes,
      long runtimeMs,
      long totalIos,
      long shortIos,
      long dropIos,
      LatencyResult slat,
      LatencyResult clat,
      LatencyResult lat,
      RateSamples bwSamples,
      double bwAgg,
      RateSamples iopsSamples) {
    this(
        ioBytes,
        runtimeMs,
        totalIos,
        shortIos,
        dropIos,
        slat,
        clat,
        lat,
        bwSamples,
        bwAgg,
        iopsSamples,
        List.of());
  }

  /** Whether this direction did any I/O. */
  public boolean hasIo() {
    return ioBytes > 0 || totalIos > 0;
  }

  /** KiB transferred, rounded down (fio's {@code io_kbytes}). */
  public long ioKbytes() {
    return ioBytes >> 10;
  }

  /** Bandwidth in bytes/s over the runtime, rounded down (fio's {@code bw_bytes}). */
  public long bwBytes() {
    if (runtimeMs == 0) {
      return 0;
    }
    // 1000 * ioBytes / runtimeMs without overflowing for petabytes
    return ioBytes / runtimeMs * 1000 + ioBytes % runtimeMs * 1000 / runtimeMs;
  }

  /** Bandwidth in KiB/s, rounded down (fio's {@code bw}). */
  public long bw() {
    return bwBytes() / 1024;
  }

  /** I/Os per second over the runtime (fio's {@code iops}). */
  public double iops() {
    return runtimeMs == 0 ? 0.0 : 1000.0 * totalIos / runtimeMs;
  }
}
