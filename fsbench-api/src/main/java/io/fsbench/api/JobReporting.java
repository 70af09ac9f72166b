package io.fsbench.api;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a job measures and reports: the latency percentiles, the sampling windows, which
 * measurements are taken and the log files written. One of the groups of a {@link JobSpec}; the
 * builder's flat verbs fill it.
 *
 * <pre>{@code
 * JobReporting reporting =
 *     JobSpec.randRead(Size.kib(4)).percentiles(List.of(50.0, 99.0)).build().reporting();
 * }</pre>
 *
 * @param percentiles the clat percentiles reported
 * @param bwAvgTime the bandwidth sampling window
 * @param iopsAvgTime the IOPS sampling window
 * @param measurements which latencies and samples are measured, and which get percentiles
 * @param logs the fio log files the job writes
 */
public record JobReporting(
    List<Double> percentiles,
    Duration bwAvgTime,
    Duration iopsAvgTime,
    Measurements measurements,
    LogFiles logs) {

  public JobReporting {
    Objects.requireNonNull(measurements, "measurements");
    Objects.requireNonNull(logs, "logs");
    percentiles = List.copyOf(percentiles);
    JobSpecRules.positive("bwavgtime", bwAvgTime);
    JobSpecRules.positive("iopsavgtime", iopsAvgTime);
    if (percentiles.isEmpty() || percentiles.size() > 20) {
      throw new InvalidInputException(
          "percentile_list has " + percentiles.size() + " entries; give 1 to 20");
    }
    for (double p : percentiles) {
      if (!(p > 0 && p <= 100)) {
        throw new InvalidInputException("percentile (" + p + ") must be in (0, 100]");
      }
    }
  }
}
