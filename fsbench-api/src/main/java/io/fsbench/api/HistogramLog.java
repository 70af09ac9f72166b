package io.fsbench.api;

import java.time.Duration;
import java.util.Objects;

/**
 * fio's completion latency histogram log ({@code write_hist_log}, {@code log_hist_msec}, {@code
 * log_hist_coarseness}): every {@code interval}, per direction, a line {@code time, ddir, bs,
 * bin...} with the completions since the last line in each of fio's latency buckets, {@code 2^
 * coarseness} buckets summed per bin.
 *
 * <pre>{@code
 * HistogramLog hist = HistogramLog.of("results/fsbench", Duration.ofMillis(100), 2);
 * // writes results/fsbench_clat_hist.1.log, 464 bins a line
 * }</pre>
 *
 * @param prefix the file name prefix ({@code <prefix>_clat_hist.<N>.log}); empty for no log
 * @param interval fio's {@code log_hist_msec}: how often a line is written; zero leaves the file
 *     empty, as in fio
 * @param coarseness fio's {@code log_hist_coarseness}, 0 to 6: 1856 bins a line at 0, half as many
 *     for each step
 */
public record HistogramLog(String prefix, Duration interval, int coarseness) {

  /** No histogram log. */
  public static final HistogramLog NONE = new HistogramLog("", Duration.ZERO, 0);

  public HistogramLog {
    Objects.requireNonNull(prefix, "prefix");
    if (interval == null || interval.isNegative()) {
      throw new InvalidInputException("log_hist_msec (" + interval + ") must not be negative");
    }
    JobSpec.atMostMaxTime("log_hist_msec", interval);
    if (coarseness < 0 || coarseness > 6) {
      throw new InvalidInputException(
          "log_hist_coarseness (" + coarseness + ") must be between 0 and 6");
    }
  }

  /** A histogram log with this prefix, interval and coarseness. */
  public static HistogramLog of(String prefix, Duration interval, int coarseness) {
    return new HistogramLog(prefix, interval, coarseness);
  }

  /** Whether the log is written. */
  public boolean any() {
    return !prefix.isEmpty();
  }
}
