package io.fsbench.core.report.compare;

import io.fsbench.api.BaselineRatio;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.MetricSummary;
import io.fsbench.api.Tuning;
import io.fsbench.api.Unit;
import io.fsbench.core.text.HumanText;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;

/**
 * Every number a person reads in a report is formatted here, locale-independently, so that the
 * text, Markdown and HTML reports show the same digits for the same value.
 */
public final class HumanUnits {

  /** What reports print for a number that does not exist (one run has no interval). */
  public static final String ABSENT = HumanText.ABSENT;

  private static final DateTimeFormatter DATE_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  private HumanUnits() {}

  /** As {@link HumanText#number}: at most three significant digits below 100, e.g. {@code 45.7}. */
  public static String number(double value) {
    return HumanText.number(value);
  }

  /** The scale for one column of summaries: chosen by the largest median among them. */
  public static Scale scaleFor(Unit unit, Iterable<MetricSummary> summaries) {
    double largest = 0;
    for (MetricSummary s : summaries) {
      largest = Math.max(largest, Math.abs(s.median()));
      largest = Math.max(largest, Math.abs(s.mean()));
    }
    return Scale.of(unit, largest);
  }

  /** {@code ±234}, in the scale's unit without the symbol; {@link #ABSENT} without an interval. */
  public static String plusMinus(MetricSummary summary, Scale scale) {
    return summary.hasInterval() ? "±" + scale.number(summary.ciHalfWidth()) : ABSENT;
  }

  /** A fraction as a percentage with one decimal: {@code 1.9%}. */
  public static String percent(double fraction) {
    if (Double.isNaN(fraction) || Double.isInfinite(fraction)) {
      return ABSENT;
    }
    return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
  }

  /** A ratio with two decimals and the times sign: {@code 1.07×}. */
  public static String ratio(double ratio) {
    if (Double.isNaN(ratio) || Double.isInfinite(ratio)) {
      return ABSENT;
    }
    return String.format(Locale.ROOT, "%.2f×", ratio);
  }

  /** A ratio's interval: {@code 1.05–1.15×}, or {@link #ABSENT}. */
  public static String ratioInterval(BaselineRatio ratio) {
    if (!ratio.hasInterval()) {
      return ABSENT;
    }
    return String.format(Locale.ROOT, "%.2f–%.2f×", ratio.ciLow(), ratio.ciHigh());
  }

  /**
   * The "vs baseline" column: {@code 1.07× ext4} (better when above 1), {@code 0.93× ext4}, {@code
   * ≈ ext4 (not distinguishable)} when the two intervals overlap, {@code baseline} for the baseline
   * itself, empty without a baseline and {@link #ABSENT} when no ratio could be formed.
   */
  public static String vsBaseline(ComparisonCell cell, String baseline) {
    return vsBaseline(cell, cell.headlineMetric().orElse(""), baseline);
  }

  /** As {@link #vsBaseline(ComparisonCell, String)}, on the given metric. */
  public static String vsBaseline(ComparisonCell cell, String metric, String baseline) {
    if (baseline.isEmpty()) {
      return "";
    }
    Optional<BaselineRatio> ratio = Optional.ofNullable(cell.baselineRatios().get(metric));
    if (ratio.isEmpty()) {
      boolean isBaseline = cell.fileSystem().equals(baseline) && cell.summary(metric).isPresent();
      return isBaseline ? "baseline" : ABSENT;
    }
    String name = baselineName(cell, ratio.get());
    if (ratio.get().singleRun()) {
      return ratio(ratio.get().ratio()) + " " + name + " (n=1)";
    }
    if (!ratio.get().distinguishable()) {
      return "≈ " + name + " (not distinguishable)";
    }
    return ratio(ratio.get().ratio()) + " " + name;
  }

  /** {@code ext4}, or {@code ext4 defaults} when the baseline cell's tuning differs. */
  static String baselineName(ComparisonCell cell, BaselineRatio ratio) {
    return ratio.baselineTuning().equals(cell.tuning().label())
        ? ratio.baselineFileSystem()
        : ratio.baselineFileSystem() + " " + ratio.baselineTuning();
  }

  /** {@code 2025-03-01 12:00:00 UTC}. */
  public static String dateTime(Instant instant) {
    return DATE_TIME.format(instant);
  }

  /** As {@link HumanText#duration}: {@code 45 s}, {@code 2 min 5 s}, {@code 1 h 2 min}. */
  public static String duration(Duration duration) {
    return HumanText.duration(duration);
  }

  /** {@code 23.4 GiB}, for memory and image sizes. */
  public static String bytes(long bytes) {
    return Scale.of(Unit.BYTES, bytes).format(bytes);
  }

  /** {@code higher is better} or {@code lower is better}. */
  public static String direction(Unit unit) {
    return unit.higherIsBetter() ? "higher is better" : "lower is better";
  }

  /** {@code MiB/s, higher is better; 1 MiB = 2^20 bytes} for headings. */
  public static String unitNote(Scale scale) {
    String note = scale.heading() + ", " + direction(scale.unit());
    if (scale.symbol().contains("iB")) {
      note += "; 1 MiB = 2^20 bytes";
    }
    return note;
  }

  /** A tuning's label, {@code defaults} when nothing was set. */
  public static String tuning(Tuning tuning) {
    return tuning.label();
  }
}
