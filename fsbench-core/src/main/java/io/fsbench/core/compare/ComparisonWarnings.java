package io.fsbench.core.compare;

import io.fsbench.api.ComparisonCell;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.Environment;
import io.fsbench.api.MetricSummary;
import io.fsbench.api.Repetition;
import io.fsbench.api.SkippedFileSystem;
import io.fsbench.api.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Sentences about the validity of a comparison's numbers, most important first: failed cells, a
 * missing baseline, working sets that fit in RAM, loop devices, too few runs, an unreached CI
 * target and runs that vary too much.
 */
public final class ComparisonWarnings {

  /** Above this coefficient of variation, runs disagree enough that the mean is doubtful. */
  public static final double HIGH_CV = 0.10;

  /** Fewer measured runs than this give no interval (1) or a very wide one (2, with t(1)). */
  public static final int FEW_REPETITIONS = 3;

  private ComparisonWarnings() {}

  /**
   * @param workingSets per workload, the bytes it touches; workloads that bypass the page cache
   *     (O_DIRECT) are left out by the caller
   */
  public static List<String> of(
      ComparisonSettings settings,
      Environment environment,
      List<ComparisonCell> cells,
      List<SkippedFileSystem> skipped,
      Map<String, Long> workingSets) {
    List<String> warnings = new ArrayList<>();
    failures(cells).ifPresent(warnings::add);
    missingBaseline(settings, cells, skipped).ifPresent(warnings::add);
    workingSetsInRam(workingSets, environment.memoryBytes()).ifPresent(warnings::add);
    loopDevice(settings).ifPresent(warnings::add);
    fewRepetitions(cells).ifPresent(warnings::add);
    ciTargetMissed(settings, cells).ifPresent(warnings::add);
    highVariation(cells).ifPresent(warnings::add);
    shortRuns(cells).ifPresent(warnings::add);
    mkfsDependsOnSize(settings, cells).ifPresent(warnings::add);
    return warnings;
  }

  /**
   * mkfs writes metadata in proportion to the device (inode tables, allocation groups), so its time
   * is the time at this size, which was chosen for other workloads when it was sized to fit them. A
   * cell times mkfs when its results have the metric, under whatever name the workload runs.
   */
  static Optional<String> mkfsDependsOnSize(
      ComparisonSettings settings, List<ComparisonCell> cells) {
    Optional<String> lifecycle =
        cells.stream()
            .filter(
                c ->
                    c.measured().stream()
                        .anyMatch(r -> r.result().metric("mkfs.seconds").isPresent()))
            .map(ComparisonCell::workload)
            .findFirst();
    if (lifecycle.isEmpty()) {
      return Optional.empty();
    }
    String size =
        settings.imageSize().map(s -> "the " + s + " loop image").orElse("the device's size");
    return Optional.of(
        lifecycle.get()
            + ": mkfs time grows with the size of what it formats, here "
            + size
            + " (sized for all the workloads, not for this one); compare it between filesystems"
            + " made at the same size only");
  }

  /** Runs shorter than this are timed mostly by what else the machine does. */
  public static final java.time.Duration SHORT_RUN = java.time.Duration.ofSeconds(1);

  /**
   * Workloads whose runs end in under {@link #SHORT_RUN}, e.g. PostMark's 500 default transactions
   * in a dozen milliseconds: their numbers can vary many times over from run to run.
   */
  static Optional<String> shortRuns(List<ComparisonCell> cells) {
    Map<String, java.time.Duration> shortest = new java.util.LinkedHashMap<>();
    for (ComparisonCell cell : cells) {
      for (Repetition run : cell.measured()) {
        // A run of no recorded length was not timed (an embedder's recorder), not short.
        if (!run.duration().isZero() && run.duration().compareTo(SHORT_RUN) < 0) {
          shortest.merge(cell.workload(), run.duration(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
        }
      }
    }
    if (shortest.isEmpty()) {
      return Optional.empty();
    }
    List<String> named = new ArrayList<>();
    shortest.forEach((workload, d) -> named.add(workload + " (" + d.toMillis() + " ms)"));
    return Optional.of(
        "runs of "
            + String.join(", ", named)
            + " took under "
            + SHORT_RUN.toSeconds()
            + " s: so short a run is timed mostly by whatever else the machine does, and its"
            + " numbers can vary many times over; give the workload more work (e.g. --param"
            + " transactions=50000 for postmark) so that each run lasts a second or more");
  }

  static Optional<String> failures(List<ComparisonCell> cells) {
    List<String> failed = new ArrayList<>();
    for (ComparisonCell cell : cells) {
      if (cell.failed()) {
        failed.add(cell.id() + ": " + cell.failure());
      }
    }
    if (failed.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        count(failed.size(), "cell")
            + " failed and "
            + (failed.size() == 1 ? "has" : "have")
            + " no or partial results: "
            + String.join("; ", failed));
  }

  static Optional<String> missingBaseline(
      ComparisonSettings settings, List<ComparisonCell> cells, List<SkippedFileSystem> skipped) {
    if (!settings.hasBaseline()) {
      return Optional.empty();
    }
    String baseline = settings.baseline();
    boolean ran =
        cells.stream().anyMatch(c -> c.fileSystem().equals(baseline) && !c.summaries().isEmpty());
    if (ran) {
      return Optional.empty();
    }
    String why =
        skipped.stream()
            .filter(s -> s.fileSystem().equals(baseline))
            .findFirst()
            .map(s -> " (skipped: " + s.reason() + ")")
            .orElse("");
    return Optional.of(
        "the baseline "
            + baseline
            + " did not run"
            + why
            + ", so no ratios are given; choose another baseline with --baseline");
  }

  static Optional<String> workingSetsInRam(Map<String, Long> workingSets, long memoryBytes) {
    if (memoryBytes <= 0) {
      return Optional.empty();
    }
    List<String> fits = new ArrayList<>();
    workingSets.forEach(
        (workload, bytes) -> {
          if (bytes <= memoryBytes) {
            fits.add(workload + " (" + Bytes.human(bytes) + ")");
          }
        });
    if (fits.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "working set fits in RAM ("
            + Bytes.human(memoryBytes)
            + ") for "
            + String.join(", ", fits)
            + ": these numbers can come from the page cache rather than the disk; use a working"
            + " set above 2× RAM or direct I/O to measure the disk");
  }

  static Optional<String> loopDevice(ComparisonSettings settings) {
    if (!(settings.target() instanceof Target.Loop)) {
      return Optional.empty();
    }
    return Optional.of(
        "volumes are on loop devices backed by an image file: every I/O also passes through the"
            + " host's filesystem and page cache, so compare these numbers with each other, not"
            + " with a real disk's");
  }

  static Optional<String> fewRepetitions(List<ComparisonCell> cells) {
    int fewest = Integer.MAX_VALUE;
    for (ComparisonCell cell : cells) {
      Optional<MetricSummary> headline = cell.headline();
      if (headline.isPresent() && !cell.failed()) { // a failure has its own warning
        fewest = Math.min(fewest, headline.get().n());
      }
    }
    if (fewest >= FEW_REPETITIONS) {
      return Optional.empty();
    }
    String consequence =
        fewest == 1
            ? "one run gives no confidence interval, so no difference can be called"
                + " distinguishable"
            : "two runs give an interval from t(1) = 12.7, too wide to tell most differences";
    return Optional.of(
        "only "
            + count(fewest, "measured run")
            + " in some cells: "
            + consequence
            + "; use --repeat 3 or more (5 to 10 for numbers you publish)");
  }

  static Optional<String> ciTargetMissed(ComparisonSettings settings, List<ComparisonCell> cells) {
    if (!settings.repetitions().isAdaptive()) {
      return Optional.empty();
    }
    List<String> missed = new ArrayList<>();
    for (ComparisonCell cell : cells) {
      Optional<MetricSummary> headline = cell.headline();
      if (headline.isPresent()
          && !cell.failed()
          && !RepetitionRule.reachedTarget(settings.repetitions(), headline.get())) {
        missed.add(cell.id() + " " + percent(headline.get().relativeCiHalfWidth()));
      }
    }
    if (missed.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        count(missed.size(), "cell")
            + " did not reach the CI target of ±"
            + percent(settings.repetitions().ciHalfWidthPercent() / 100)
            + " within "
            + count(settings.repetitions().maximum(), "run")
            + ": "
            + String.join(", ", missed));
  }

  static Optional<String> highVariation(List<ComparisonCell> cells) {
    List<String> high = new ArrayList<>();
    for (ComparisonCell cell : cells) {
      Optional<MetricSummary> headline = cell.headline();
      if (headline.isPresent() && headline.get().cv() > HIGH_CV) {
        high.add(cell.id() + " " + percent(headline.get().cv()));
      }
    }
    if (high.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "runs vary by more than "
            + percent(HIGH_CV)
            + " (coefficient of variation) in "
            + count(high.size(), "cell")
            + ": "
            + String.join(", ", high)
            + "; their intervals are wide: run longer or more often, and check for background"
            + " load");
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private static String percent(double fraction) {
    if (Double.isNaN(fraction)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
  }
}
