package io.fsbench.core.jobfile;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.LatencyTarget;
import io.fsbench.api.SubmitMode;
import java.time.Duration;
import java.time.temporal.ChronoUnit;

/**
 * fio's {@code io_submit_mode} and its latency-target options ({@code latency_target}, {@code
 * latency_window} — microseconds without a unit, as fio reads them —, {@code latency_percentile},
 * {@code latency_run}) for {@link JobOptionParser}.
 */
final class SubmissionOptions {

  private SubmitMode mode = SubmitMode.INLINE;
  private Duration target = Duration.ZERO;
  private Duration window = Duration.ZERO;
  private double percentile = 100.0;
  private boolean run;

  void apply(String key, String value) {
    switch (key) {
      case "io_submit_mode" -> mode = SubmitMode.parse(value);
      case "latency_target" -> target = FioValues.time(key, value, ChronoUnit.MICROS);
      case "latency_window" -> window = FioValues.time(key, value, ChronoUnit.MICROS);
      case "latency_percentile" -> percentile = percentile(value);
      case "latency_run" -> run = FioValues.bool(key, value);
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  SubmitMode mode() {
    return mode;
  }

  LatencyTarget latencyTarget() {
    return new LatencyTarget(target, window, percentile, run);
  }

  private static double percentile(String value) {
    double p;
    try {
      p = Double.parseDouble(value.strip().replaceFirst("%$", ""));
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "latency_percentile (" + value + ") is not a number; give a percentage, e.g. 99.9");
    }
    if (!(p >= 0 && p <= 100)) {
      throw new InvalidInputException(
          "latency_percentile (" + value + ") must be a percentage from 0 to 100, e.g. 99.9");
    }
    return p;
  }
}
