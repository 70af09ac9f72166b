package io.fsbench.bench;

import io.fsbench.api.AgingProfile;
import io.fsbench.api.Fragmentation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Geriatrix's aging against fsbench's on one case, field by field, each with the tolerance it is
 * held to and why (docs/measurement.md, "Aging against Geriatrix"). The rows marked {@code info}
 * are shown but not judged: they differ by design (fallocate against written data).
 */
final class GeriatrixAgreement {

  /** A row: the field, both values, the tolerance, and whether it holds ({@code null}: info). */
  record Row(String field, String geriatrix, String fsbench, String tolerance, Boolean ok) {
    String verdict() {
      return ok == null ? "info" : ok ? "ok" : "DIFFERS";
    }
  }

  /** How far above the fullness asked for fsbench may end: a few files' worth. */
  static final double FSBENCH_OVERSHOOT = 0.03;

  /** How many standard deviations of its random walk Geriatrix's live bytes may stray. */
  static final double WALK_SIGMAS = 3;

  /** How far each side's final distributions may be from the profile (total variation). */
  static final double DISTANCE = 0.10;

  /** How far the ratio of the mean file sizes may be from the one the profile predicts. */
  static final double MEAN_SIZE = 0.25;

  private GeriatrixAgreement() {}

  /**
   * The rows for one case; the tolerances and why are in docs/measurement.md ("Aging against
   * Geriatrix").
   *
   * <ul>
   *   <li>fullness: fsbench holds the volume at the fullness asked for by statfs, and ends at most
   *       3 points above it (its last files). Geriatrix fills to {@code -u} of {@code -n} in its
   *       files' logical bytes, then creates or deletes on a coin toss, so its live bytes wander as
   *       a random walk of one file per operation: they must stay within 3 standard deviations
   *       ({@code sqrt(operations after the fill)} times the profile's root-mean-square size, over
   *       {@code -n}) of {@code -u}. Its statfs fullness is shown, not judged (block rounding and
   *       metadata add to it);
   *   <li>volume sizes written: both stop at the first operation past {@code -i} volume sizes
   *       (fsbench's convergence is set to 1, which is Geriatrix's workload trigger; with {@code
   *       --converge yes}, fsbench keeps its default convergence and may write more, never less);
   *   <li>mean file size: Geriatrix writes each bucket's exact size and fsbench draws sizes
   *       log-uniformly inside the bucket, so Geriatrix's mean over fsbench's should be the ratio
   *       the profile predicts, within 25% (the largest bucket, one file in 230 at 8 MiB, moves the
   *       mean of a few thousand files by about 10%);
   *   <li>size and depth distributions, counted from the files left: each side within 0.10 of the
   *       profile. Ages (each tool's own report) are shown; with {@code --converge yes} fsbench's
   *       must be within 0.10. Geriatrix's are not judged: it measures them against its planned end
   *       (some 80 times its fill's operations for the agrawal profile), which its random walk of
   *       fullness does not reach on these volumes (it fills the volume first; see docs/aging.md);
   *   <li>fragmentation (free extents, the largest, the small-extent share, contiguous runs per
   *       file): shown, not judged; Geriatrix fallocates and fsbench writes.
   * </ul>
   */
  static List<Row> rows(
      GeriatrixCase c, GeriatrixProfile profile, AgedSide g, AgedSide f, boolean converge) {
    List<Row> rows = new ArrayList<>();
    rows.add(
        new Row(
            "fullness (statfs)",
            pct(g.fullness()),
            pct(f.fullness()),
            "fsbench " + pct(c.fullness()) + " to " + pct(c.fullness() + FSBENCH_OVERSHOOT),
            f.fullness() >= c.fullness() - 0.001
                && f.fullness() <= c.fullness() + FSBENCH_OVERSHOOT));
    double live = g.census().bytes() / (double) g.diskBytes();
    double mean = meanSize(profile.sizes());
    double predicted = g.fillOperations() * mean / g.diskBytes();
    double sigma = walkSigma(profile, g);
    rows.add(
        new Row(
            "live bytes / -n",
            pct(live),
            pct(f.census().bytes() / (double) g.diskBytes()),
            String.format(
                Locale.ROOT,
                "geriatrix %s ± %.0f sigma (%.2f%%): fill's %d files at the profile's mean",
                pct(predicted),
                WALK_SIGMAS,
                sigma * 100,
                g.fillOperations()),
            Math.abs(live - predicted) <= WALK_SIGMAS * sigma));
    double step = profile.sizes().get(profile.sizes().size() - 1).value() / g.diskBytes() + 0.005;
    rows.add(
        new Row(
            "written / volume",
            num(g.writtenVolumes()),
            num(f.writtenVolumes()),
            converge
                ? "both >= " + c.overwrite()
                : String.format(
                    Locale.ROOT,
                    "both %d to %.3f (a file past -i)",
                    c.overwrite(),
                    c.overwrite() + step),
            converge
                ? g.writtenVolumes() >= c.overwrite() - 0.01
                    && f.writtenVolumes() >= c.overwrite() - 0.01
                : within(g.writtenVolumes(), c.overwrite(), step)
                    && within(f.writtenVolumes(), c.overwrite(), step)));
    double expected = expectedMeanRatio(profile.sizes());
    double ratio = g.census().meanSize() / f.census().meanSize();
    rows.add(
        new Row(
            "files live (mean size KiB)",
            g.census().files()
                + String.format(Locale.ROOT, " (%.1f)", g.census().meanSize() / 1024),
            f.census().files()
                + String.format(Locale.ROOT, " (%.1f)", f.census().meanSize() / 1024),
            String.format(Locale.ROOT, "mean g/f %.2f, expected %.2f ±25%%", ratio, expected),
            Math.abs(ratio / expected - 1) <= MEAN_SIZE));
    distance(
        rows,
        "size distance (files)",
        census(g, profile.sizes(), true),
        census(f, profile.sizes(), true),
        true);
    distance(
        rows,
        "depth distance (files)",
        census(g, profile.depths(), false),
        census(f, profile.depths(), false),
        true);
    rows.add(
        new Row(
            "age distance (reported)",
            num(g.ageDistance()),
            num(f.ageDistance()),
            converge ? "fsbench <= " + num(DISTANCE) : "- (fsbench's judged with --converge yes)",
            converge ? f.ageDistance() <= DISTANCE : null));
    rows.add(
        new Row(
            "size/depth distance (reported)",
            num(g.reportedSizeDistance()) + " / " + num(g.reportedDepthDistance()),
            num(f.reportedSizeDistance()) + " / " + num(f.reportedDepthDistance()),
            "-",
            null));
    rows.add(
        new Row(
            "files off the profile's depths",
            Long.toString(g.census().strayDepths()),
            Long.toString(f.census().strayDepths()),
            "0 both",
            g.census().strayDepths() == 0 && f.census().strayDepths() == 0));
    rows.add(
        new Row(
            "free extents",
            longOf(g.fragmentation().map(Fragmentation::freeExtents)),
            longOf(f.fragmentation().map(Fragmentation::freeExtents)),
            "-",
            null));
    rows.add(
        new Row(
            "largest free extent (MiB)",
            mib(g.fragmentation().map(Fragmentation::largestFreeExtent)),
            mib(f.fragmentation().map(Fragmentation::largestFreeExtent)),
            "-",
            null));
    rows.add(
        new Row(
            "free space in extents < 1 MiB",
            share(g.fragmentation().map(Fragmentation::smallFreeExtentShare)),
            share(f.fragmentation().map(Fragmentation::smallFreeExtentShare)),
            "-",
            null));
    rows.add(
        new Row(
            "free space (plugin)",
            g.fragmentation().map(Fragmentation::summary).orElse("-"),
            f.fragmentation().map(Fragmentation::summary).orElse("-"),
            "-",
            null));
    rows.add(
        new Row(
            "contiguous runs per file",
            num(g.census().runsPerFile()),
            num(f.census().runsPerFile()),
            "-",
            null));
    rows.add(new Row("stopped (geriatrix)", g.stopReason(), "", "-", null));
    rows.add(new Row("stopped (fsbench)", "", f.stopReason(), "-", null));
    return rows;
  }

  private static double census(AgedSide side, List<AgingProfile.Bucket> buckets, boolean sizes) {
    return AgedCensus.distance(
        sizes ? side.census().sizeCounts() : side.census().depthCounts(), buckets);
  }

  private static void distance(List<Row> rows, String field, double g, double f, boolean judged) {
    rows.add(
        new Row(
            field,
            num(g),
            num(f),
            judged ? "each <= " + num(DISTANCE) : "- (judged with --converge)",
            judged ? g <= DISTANCE && f <= DISTANCE : null));
  }

  private static boolean within(double value, double low, double step) {
    // Geriatrix prints whole MiB, rounded down: up to a MiB short of what it wrote.
    return value >= low - 0.003 && value <= low + step;
  }

  /**
   * How far Geriatrix's live bytes may be from its fill's file count at the profile's mean size,
   * over {@code -n}: its coin tosses make the file count a random walk of one file per operation
   * after the fill ({@code sqrt(steps)} files of the mean size), and whole files per bucket leave
   * up to one of the largest size more or less.
   */
  static double walkSigma(GeriatrixProfile profile, AgedSide g) {
    double mean = meanSize(profile.sizes());
    double largest = profile.sizes().get(profile.sizes().size() - 1).value();
    long steps = Math.max(1, g.operations() - g.fillOperations());
    return Math.sqrt(steps * mean * mean + largest * largest) / g.diskBytes();
  }

  /** The profile's mean size, Geriatrix's sizes being each bucket's bound. */
  static double meanSize(List<AgingProfile.Bucket> sizes) {
    double[] shares = GeriatrixProfile.shares(sizes);
    double mean = 0;
    for (int i = 0; i < shares.length; i++) {
      mean += shares[i] * sizes.get(i).value();
    }
    return mean;
  }

  /**
   * Geriatrix's mean file size over fsbench's as the profile predicts: the mean Geriatrix writes
   * (each bucket's bound) over the mean fsbench draws (log-uniform between the bucket below's bound
   * and this one's; from 1 byte in the first), both weighted alike.
   */
  static double expectedMeanRatio(List<AgingProfile.Bucket> sizes) {
    double[] shares = GeriatrixProfile.shares(sizes);
    double geriatrix = 0;
    double fsbench = 0;
    for (int i = 0; i < shares.length; i++) {
      double high = sizes.get(i).value();
      double low = i == 0 ? 1 : sizes.get(i - 1).value() + 1;
      geriatrix += shares[i] * high;
      fsbench += shares[i] * (high == low ? high : (high - low) / Math.log(high / low));
    }
    return geriatrix / fsbench;
  }

  static String table(GeriatrixCase c, List<Row> rows) {
    StringBuilder out = new StringBuilder(c.options()).append('\n');
    String format = "  %-31s %-22s %-22s %-8s %s%n";
    out.append(
        String.format(
            Locale.ROOT, format, "field", "geriatrix", "fsbench", "verdict", "tolerance"));
    for (Row r : rows) {
      out.append(
          String.format(
              Locale.ROOT,
              format,
              r.field(),
              r.geriatrix(),
              r.fsbench(),
              r.verdict(),
              r.tolerance()));
    }
    return out.toString();
  }

  static List<String> problems(List<Row> rows) {
    return rows.stream()
        .filter(r -> Boolean.FALSE.equals(r.ok()))
        .map(
            r ->
                r.field()
                    + ": geriatrix "
                    + r.geriatrix()
                    + ", fsbench "
                    + r.fsbench()
                    + " ("
                    + r.tolerance()
                    + ")")
        .toList();
  }

  private static String pct(double v) {
    return String.format(Locale.ROOT, "%.2f%%", v * 100);
  }

  private static String num(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }

  private static String longOf(java.util.Optional<OptionalLong> v) {
    return v.filter(OptionalLong::isPresent).map(x -> Long.toString(x.getAsLong())).orElse("-");
  }

  private static String mib(java.util.Optional<OptionalLong> v) {
    return v.filter(OptionalLong::isPresent)
        .map(x -> String.format(Locale.ROOT, "%.1f", x.getAsLong() / 1048576.0))
        .orElse("-");
  }

  private static String share(java.util.Optional<OptionalDouble> v) {
    return v.filter(OptionalDouble::isPresent)
        .map(x -> String.format(Locale.ROOT, "%.1f%%", x.getAsDouble() * 100))
        .orElse("-");
  }
}
