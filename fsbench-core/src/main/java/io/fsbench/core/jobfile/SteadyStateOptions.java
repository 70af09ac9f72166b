package io.fsbench.core.jobfile;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.SteadyState;
import java.time.Duration;
import java.time.temporal.ChronoUnit;

/**
 * fio's steady-state options ({@code steadystate}/{@code ss}, {@code steadystate_duration}/{@code
 * ss_dur}, {@code steadystate_ramp_time}/{@code ss_ramp}) for {@link JobOptionParser}, read as
 * fio's {@code str_steadystate_cb}: {@code criterion:limit}, the limit a float for IOPS, a whole
 * number of bytes/s (size suffixes allowed) for bandwidth, or a float percentage of the mean with
 * {@code %}. fio 3.33 has no {@code ss_interval}: it samples once a second.
 */
final class SteadyStateOptions {

  private SteadyState.Criterion criterion = SteadyState.NONE.criterion();
  private double limit = SteadyState.NONE.limit();
  private boolean percent = SteadyState.NONE.percent();

  /** The kb_base fio 3.33 applies to a bandwidth limit, whatever the job says. */
  private static final int FIO_UNITS = 1024;

  private Duration duration = Duration.ZERO;
  private Duration ramp = Duration.ZERO;
  private boolean given;

  void apply(String key, String value) {
    switch (key) {
      case "steadystate", "ss" -> {
        criterion(value);
        given = true;
      }
      case "steadystate_duration", "ss_dur" -> duration = wholeSeconds(key, value);
      case "steadystate_ramp_time", "ss_ramp" -> {
        ramp = FioValues.time(key, value, ChronoUnit.SECONDS);
        given = true;
      }
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  /**
   * The detection; {@link SteadyState#NONE} without {@code ss_dur}, where the criterion or a ramp
   * would do nothing, which fio accepts in silence and fsbench refuses.
   */
  SteadyState build() {
    if (duration.isZero()) {
      if (given) {
        throw new InvalidInputException(
            "steadystate or ss_ramp has no effect without ss_dur (the window); give e.g."
                + " ss_dur=30s, or drop them");
      }
      return SteadyState.NONE;
    }
    return SteadyState.of(criterion, limit, percent, duration, ramp);
  }

  private void criterion(String value) {
    String v = value.strip();
    int colon = v.indexOf(':');
    if (colon < 0) {
      throw new InvalidInputException(
          "steadystate ("
              + value
              + ") needs a limit after the criterion, e.g. iops_slope:0.1% or bw:10m");
    }
    SteadyState.Criterion c = SteadyState.Criterion.parse(v.substring(0, colon));
    String number = v.substring(colon + 1).strip();
    boolean pct = number.endsWith("%");
    double parsed;
    if (pct) {
      parsed = decimal(value, number.substring(0, number.length() - 1).strip());
    } else if (c.judgesIops()) {
      parsed = decimal(value, number);
    } else {
      // bytes/s, with k = 1024 whatever the job's kb_base: fio 3.33's callback hands its number
      // parser the thread where the options are expected, so the parser never finds the job's
      // kb_base and falls back to 1024 (ss=bw_slope:100k with kb_base=1000 is 102400 in fio)
      parsed = FioValues.count("steadystate", number, FIO_UNITS);
    }
    criterion = c;
    limit = parsed;
    percent = pct;
  }

  private static double decimal(String value, String number) {
    try {
      double d = Double.parseDouble(number);
      if (!Double.isFinite(d) || d < 0) {
        throw new NumberFormatException(number);
      }
      return d;
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "steadystate (" + value + ") has the limit '" + number + "', which is no number >= 0");
    }
  }

  /** fio keeps {@code ss_dur} in whole seconds, dropping any fraction. */
  private static Duration wholeSeconds(String key, String value) {
    Duration d = FioValues.time(key, value, ChronoUnit.SECONDS);
    if (!d.isZero() && d.toSeconds() == 0) {
      // fio would truncate this to 0 and quietly turn steady-state detection off
      throw new InvalidInputException(
          key
              + " ("
              + value
              + ") is under one second; steady state is sampled once a second, so give at least"
              + " 1s (or 0 for no detection)");
    }
    return Duration.ofSeconds(d.toSeconds());
  }
}
