package io.fsbench.api;

import java.time.Duration;
import java.util.Objects;

/**
 * Which of fio's log files a job writes, in fio's own format ({@code time, value, ddir, bs, prio}
 * per line), and how their samples are taken.
 *
 * <pre>{@code
 * LogFiles logs = LogFiles.NONE.bandwidth("results/fsbench").average(Duration.ofMillis(500));
 * JobSpec job = JobSpec.randRead(Size.kib(4)).size(Size.mib(64)).logs(logs).build();
 * // writes results/fsbench_bw.1.log
 * }</pre>
 *
 * @param bandwidthPrefix fio's {@code write_bw_log}: the file name prefix ({@code
 *     <prefix>_bw.<N>.log}); empty for no log
 * @param iopsPrefix fio's {@code write_iops_log} ({@code <prefix>_iops.<N>.log}); empty for none
 * @param latencyPrefix fio's {@code write_lat_log}: three files, {@code <prefix>_slat}, {@code
 *     _clat} and {@code _lat}; empty for none
 * @param average fio's {@code log_avg_msec}: zero logs every I/O, else one line per direction and
 *     window
 * @param maxValue fio's {@code log_max_value}: a window logs its largest value, not its mean
 * @param perJob fio's {@code per_job_logs}: one file per clone ({@code .<N>} in the name), or one
 *     file that every clone appends to
 * @param histogram fio's completion latency histogram log ({@code write_hist_log})
 * @param offset fio's {@code log_offset}: each line also gives the I/O's offset in its file (0 for
 *     a window's average), after the block size
 * @param prio fio's {@code log_prio}: the last column gives the I/O's priority value ({@code
 *     0x4004}) rather than 1 for the real-time class and 0 for any other
 */
public record LogFiles(
    String bandwidthPrefix,
    String iopsPrefix,
    String latencyPrefix,
    Duration average,
    boolean maxValue,
    boolean perJob,
    HistogramLog histogram,
    boolean offset,
    boolean prio) {

  /** No logs, and fio's defaults for the rest. */
  public static final LogFiles NONE = new LogFiles("", "", "", Duration.ZERO, false, true);

  /** Logs without a histogram log. */
  public LogFiles(
      String bandwidthPrefix,
      String iopsPrefix,
      String latencyPrefix,
      Duration average,
      boolean maxValue,
      boolean perJob) {
    this(bandwidthPrefix, iopsPrefix, latencyPrefix, average, maxValue, perJob, HistogramLog.NONE);
  }

  /** Logs without the offset column, and with fio's priority column. */
  public LogFiles(
      String bandwidthPrefix,
      String iopsPrefix,
      String latencyPrefix,
      Duration average,
      boolean maxValue,
      boolean perJob,
      HistogramLog histogram) {
    this(
        bandwidthPrefix,
        iopsPrefix,
        latencyPrefix,
        average,
        maxValue,
        perJob,
        histogram,
        false,
        false);
  }

  /** Logs without a histogram log, with or without the offset and priority columns. */
  public LogFiles(
      String bandwidthPrefix,
      String iopsPrefix,
      String latencyPrefix,
      Duration average,
      boolean maxValue,
      boolean perJob,
      boolean offset,
      boolean prio) {
    this(
        bandwidthPrefix,
        iopsPrefix,
        latencyPrefix,
        average,
        maxValue,
        perJob,
        HistogramLog.NONE,
        offset,
        prio);
  }

  public LogFiles {
    Objects.requireNonNull(bandwidthPrefix, "bandwidthPrefix");
    Objects.requireNonNull(iopsPrefix, "iopsPrefix");
    Objects.requireNonNull(latencyPrefix, "latencyPrefix");
    Objects.requireNonNull(histogram, "histogram");
    if (average == null || average.isNegative()) {
      throw new InvalidInputException("log_avg_msec (" + average + ") must not be negative");
    }
    JobSpec.atMostMaxTime("log_avg_msec", average);
  }

  /** A copy that writes the bandwidth log with this prefix. */
  public LogFiles bandwidth(String prefix) {
    return new LogFiles(
        prefix, iopsPrefix, latencyPrefix, average, maxValue, perJob, histogram, offset, prio);
  }

  /** A copy that averages over windows of {@code window} (zero: every I/O). */
  public LogFiles average(Duration window) {
    return new LogFiles(
        bandwidthPrefix,
        iopsPrefix,
        latencyPrefix,
        window,
        maxValue,
        perJob,
        histogram,
        offset,
        prio);
  }

  /** A copy that writes this histogram log. */
  public LogFiles histogram(HistogramLog log) {
    return new LogFiles(
        bandwidthPrefix, iopsPrefix, latencyPrefix, average, maxValue, perJob, log, offset, prio);
  }

  /** A copy whose lines give each I/O's offset too (fio's {@code log_offset}). */
  public LogFiles withOffsets() {
    return new LogFiles(
        bandwidthPrefix,
        iopsPrefix,
        latencyPrefix,
        average,
        maxValue,
        perJob,
        histogram,
        true,
        prio);
  }

  /** Whether any log is written. */
  public boolean any() {
    return !bandwidthPrefix.isEmpty()
        || !iopsPrefix.isEmpty()
        || !latencyPrefix.isEmpty()
        || histogram.any();
  }
}
