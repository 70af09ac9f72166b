package io.fsbench.core.jobfile;

import io.fsbench.api.HistogramLog;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.LogFiles;
import java.time.Duration;

/**
 * fio's log options ({@code write_bw_log}, {@code write_iops_log}, {@code write_lat_log}, {@code
 * write_hist_log}, {@code log_hist_msec}, {@code log_hist_coarseness}, {@code log_avg_msec}, {@code
 * log_max_value}, {@code per_job_logs}, {@code log_offset}, {@code log_prio}) for {@link
 * JobOptionParser}. As in fio's {@code make_log_name}, a log given bare or empty is named after the
 * job; any other value is the prefix itself, a path included.
 */
final class LogOptions {

  // null: not written; "": named after the job
  private String bw;
  private String iops;
  private String lat;
  private String hist;
  private Duration histInterval = Duration.ZERO;
  private int histCoarseness;
  private Duration average = Duration.ZERO;
  private boolean maxValue;
  private boolean perJob = true;
  private boolean offset;
  private boolean prio;

  void apply(String key, String value) {
    switch (key) {
      case "write_bw_log" -> bw = prefix(key, value);
      case "write_iops_log" -> iops = prefix(key, value);
      case "write_lat_log" -> lat = prefix(key, value);
      case "log_avg_msec" -> average = Duration.ofMillis(FioValues.integer(key, value));
      case "log_max_value" -> maxValue = FioValues.bool(key, value);
      case "per_job_logs" -> perJob = FioValues.bool(key, value);
      case "write_hist_log" -> hist = prefix(key, value);
      case "log_hist_msec" -> histInterval = Duration.ofMillis(FioValues.integer(key, value));
      case "log_hist_coarseness" -> histCoarseness = FioValues.integer(key, value);
      case "log_offset" -> offset = FioValues.bool(key, value);
      case "log_prio" -> prio = FioValues.bool(key, value);
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  private static String prefix(String key, String value) {
    String v = value == null ? "" : value.strip();
    if (v.endsWith("/")) {
      throw new InvalidInputException(
          key + " (" + value + ") names a directory, not a file prefix; give e.g. " + v + "job");
    }
    return v;
  }

  LogFiles build(String jobName) {
    return new LogFiles(
        name(bw, jobName),
        name(iops, jobName),
        name(lat, jobName),
        average,
        maxValue,
        perJob,
        HistogramLog.of(name(hist, jobName), histInterval, histCoarseness),
        offset,
        prio);
  }

  private static String name(String prefix, String jobName) {
    if (prefix == null) {
      return "";
    }
    return prefix.isEmpty() ? jobName : prefix;
  }
}
