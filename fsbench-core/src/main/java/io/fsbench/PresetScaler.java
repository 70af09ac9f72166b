package io.fsbench;

import io.fsbench.api.Size;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Scales a preset's original parameters to the machine and says how, one note each: a size above
 * {@link #cap} (a quarter of the work dir's free space) is lowered to it, and every size, count and
 * run time is multiplied by the preset's {@code scale=} and by the time budget's scale of its row.
 */
final class PresetScaler {

  private static final long MIB = 1L << 20;

  final double scale;
  final long cap;
  private final Map<String, Double> budgetScales;
  private final Map<String, Long> budgetRuns;
  final List<String> notes = new ArrayList<>();

  /**
   * @param budgetScales the time budget's scale per row key (absent: 1)
   * @param budgetRuns the time budget's run seconds per row key (absent: the row's own, scaled)
   */
  PresetScaler(
      double scale, long cap, Map<String, Double> budgetScales, Map<String, Long> budgetRuns) {
    this.scale = scale;
    this.cap = cap;
    this.budgetScales = budgetScales;
    this.budgetRuns = budgetRuns;
  }

  /** The scale of row {@code key}: the preset's, times the budget's for that row. */
  double scale(String key) {
    return scale * budgetScales.getOrDefault(key, 1.0);
  }

  String why(String key) {
    return " (" + reason(key) + ")";
  }

  /** What shrank row {@code key}: the time budget, or {@code scale=}. */
  String reason(String key) {
    double b = budgetScales.getOrDefault(key, 1.0);
    return b < 1
        ? String.format(Locale.ROOT, "time budget: %.3g of %s", b, scale == 1 ? "it" : scale)
        : "scale " + scale;
  }

  long size(String key, String what, long original) {
    long scaled = (long) (original * scale(key));
    long capped = Math.min(scaled, cap);
    long mib = Math.max(1, capped / MIB) * MIB;
    if (mib != original) {
      notes.add(
          what
              + ": "
              + Size.bytes(original)
              + " → "
              + Size.bytes(mib)
              + (capped < scaled ? capNote() : why(key)));
    }
    return mib;
  }

  /** Why a size was lowered to {@link #cap}. */
  String capNote() {
    return " (" + capReason() + ")";
  }

  String capReason() {
    return "a quarter of the work dir's free space, " + Size.bytes(cap * 4);
  }

  long count(String key, String what, long original) {
    long scaled = Math.max(1, Math.round(original * scale(key)));
    if (scaled != original) {
      notes.add(what + ": " + original + " → " + scaled + why(key));
    }
    return scaled;
  }

  /**
   * The seconds row {@code key} runs for, of the table's {@code original}: the budget's when it
   * chose them, else the original times {@code scale=}, at least {@code scaledFloor}.
   */
  long runSeconds(String key, String what, long original, long scaledFloor) {
    Long budgeted = budgetRuns.get(key);
    long scaled = Math.max(scaledFloor, Math.round(original * scale));
    long seconds = budgeted != null ? budgeted : scaled;
    if (seconds != original) {
      notes.add(
          what
              + ": "
              + original
              + " s → "
              + seconds
              + " s"
              + (seconds < scaled ? " (time budget)" : " (scale " + scale + ")"));
    }
    return seconds;
  }
}
