package io.fsbench.api;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * fio's steady-state detection ({@code steadystate}/{@code ss}, {@code ss_dur}, {@code ss_ramp}):
 * once a second the job's (or its reporting group's) IOPS and bandwidth are sampled; when the
 * window of the last {@code duration} samples meets the criterion, the job ends early.
 *
 * <pre>{@code
 * SteadyState ss = SteadyState.of(SteadyState.Criterion.IOPS_SLOPE, 0.1, true,
 *     Duration.ofSeconds(30), Duration.ofSeconds(10));
 * JobSpec job = JobSpec.randRead(Size.kib(4)).size(Size.mib(64))
 *     .runtime(Duration.ofMinutes(5)).timeBased().steadyState(ss).build();
 * }</pre>
 *
 * @param criterion what is judged: the largest deviation from the window's mean, or the least
 *     squares slope, of IOPS or of bandwidth (bytes/s)
 * @param limit the criterion is met when it is below this: IOPS, bytes/s, or a percentage of the
 *     window's mean when {@code percent}
 * @param percent whether {@code limit} is a percentage of the window's mean
 * @param duration the window, in whole seconds (one sample per second); zero for no detection
 * @param ramp how long the job runs before samples are collected (collection starts one second
 *     after it, as in fio)
 */
public record SteadyState(
    Criterion criterion, double limit, boolean percent, Duration duration, Duration ramp) {

  /** fio's criteria, by their option names. */
  public enum Criterion {
    /** Largest deviation of an IOPS sample from the window's mean. */
    IOPS("iops"),
    /** Least squares slope of the IOPS samples. */
    IOPS_SLOPE("iops_slope"),
    /** Largest deviation of a bandwidth sample from the window's mean. */
    BW("bw"),
    /** Least squares slope of the bandwidth samples. */
    BW_SLOPE("bw_slope");

    private final String fioName;

    Criterion(String fioName) {
      this.fioName = fioName;
    }

    /** The name fio gives it, e.g. {@code iops_slope}. */
    public String fioName() {
      return fioName;
    }

    /** Whether the criterion judges IOPS (else bandwidth). */
    public boolean judgesIops() {
      return this == IOPS || this == IOPS_SLOPE;
    }

    /** Whether the criterion is a slope (else a deviation from the mean). */
    public boolean isSlope() {
      return this == IOPS_SLOPE || this == BW_SLOPE;
    }

    /** The criterion named {@code name} as fio spells it. */
    public static Criterion parse(String name) {
      String n = name.strip().toLowerCase(Locale.ROOT);
      for (Criterion c : values()) {
        if (c.fioName.equals(n)) {
          return c;
        }
      }
      throw new InvalidInputException(
          "steadystate criterion (" + name + ") must be iops, iops_slope, bw or bw_slope");
    }
  }

  /** No detection; the criterion is fio's default, {@code iops_slope:0.01%}. */
  public static final SteadyState NONE =
      new SteadyState(Criterion.IOPS_SLOPE, 0.01, true, Duration.ZERO, Duration.ZERO);

  public SteadyState {
    Objects.requireNonNull(criterion, "criterion");
    if (!Double.isFinite(limit) || limit < 0) {
      throw new InvalidInputException(
          "steadystate limit (" + limit + ") must be a number of at least 0");
    }
    if (duration == null || duration.isNegative() || duration.toNanos() % 1_000_000_000L != 0) {
      throw new InvalidInputException(
          "ss_dur (" + duration + ") must be zero or a whole number of seconds");
    }
    if (ramp == null || ramp.isNegative()) {
      throw new InvalidInputException("ss_ramp (" + ramp + ") must not be negative");
    }
    JobSpec.atMostMaxTime("ss_dur", duration);
    JobSpec.atMostMaxTime("ss_ramp", ramp);
  }

  /** A detection with these settings. */
  public static SteadyState of(
      Criterion criterion, double limit, boolean percent, Duration duration, Duration ramp) {
    return new SteadyState(criterion, limit, percent, duration, ramp);
  }

  /** Whether steady state is detected at all ({@code ss_dur} above zero). */
  public boolean enabled() {
    return !duration.isZero();
  }

  /** The window in samples (seconds). */
  public int samples() {
    return Math.toIntExact(duration.toSeconds());
  }
}
