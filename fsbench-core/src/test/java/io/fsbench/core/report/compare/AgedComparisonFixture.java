package io.fsbench.core.report.compare;

import io.fsbench.api.AgingResult;
import io.fsbench.api.AgingSpec;
import io.fsbench.api.AgingSummary;
import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.Tuning;
import io.fsbench.api.Unit;
import io.fsbench.core.compare.CellRecorder;
import io.fsbench.core.compare.ComparisonRecorder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * A fixed comparison of fresh and aged volumes: ext4 (the baseline), XFS and Btrfs reading a file
 * sequentially fresh and aged with desktop at 80%, each run with its layout score; XFS aged
 * distinguishably slower, ext4 not distinguishably, Btrfs reporting no free-extent histogram and
 * its aged cell failing after one run. The aged writers' golden files are rendered from it.
 */
public final class AgedComparisonFixture {

  private static final double MIB = 1024 * 1024;
  private static final String SEQREAD = "seqread-128k";
  private static final String AGED = SEQREAD + "-aged";

  private AgedComparisonFixture() {}

  public static Comparison comparison() {
    ComparisonFixture.StepClock clock = new ComparisonFixture.StepClock(ComparisonFixture.START);
    ComparisonRecorder recorder =
        new ComparisonRecorder(
            ComparisonFixture.settings(),
            ComparisonFixture.environment(),
            ComparisonFixture.plugins(),
            clock,
            ComparisonListener.none());
    AgingSpec desktop = AgingSpec.parse("desktop:fullness=80%");

    runs(open(recorder, "ext4", SEQREAD), clock, new double[] {2879, 2700, 3010}, 1, 1, 1);
    runs(open(recorder, "xfs", SEQREAD), clock, new double[] {2354, 2400, 2300}, 1, 1, 1);
    runs(open(recorder, "btrfs", SEQREAD), clock, new double[] {708, 690, 730}, 1, 1, 1);

    CellRecorder ext4 = open(recorder, "ext4", AGED);
    ext4.aged(
        summary(
            desktop,
            41.2,
            0.803,
            944,
            Optional.of(extents(6, 255.5, 0)),
            Optional.of(extents(556, 8.7, 0.19))));
    runs(ext4, clock, new double[] {2378, 3100, 2600}, 18, 18, 18);
    CellRecorder xfs = open(recorder, "xfs", AGED);
    xfs.aged(
        summary(
            desktop,
            38.9,
            0.824,
            969,
            Optional.of(extents(21, 256, 0)),
            Optional.of(extents(404, 17, 0.22))));
    runs(xfs, clock, new double[] {1204, 1180, 1250}, 7, 7, 8);
    CellRecorder btrfs = open(recorder, "btrfs", AGED);
    btrfs.aged(summary(desktop, 52.0, 0.803, 994, Optional.empty(), Optional.empty()));
    runs(btrfs, clock, new double[] {1192}, 99);
    btrfs.failed("read failed: Input/output error (EIO) in run 2");
    return recorder.finish();
  }

  private static CellRecorder open(ComparisonRecorder recorder, String fs, String workload) {
    Map<String, String> parameters =
        workload.endsWith("-aged")
            ? Map.of("rw", "read", "bs", "128k", "aged", "desktop:fullness=80%")
            : Map.of("rw", "read", "bs", "128k");
    return recorder.cell(new CellId(fs, Tuning.defaults(), workload), parameters);
  }

  private static void runs(
      CellRecorder cell, ComparisonFixture.StepClock clock, double[] mibs, double... layout) {
    cell.applied(ComparisonFixture.applied(cell.id().fileSystem(), cell.id().tuning()));
    for (int i = 0; i < mibs.length; i++) {
      Instant start = clock.instant();
      cell.measured(
          SimpleResult.of(cell.id().workload(), "read.bw", mibs[i] * MIB, Unit.BYTES_PER_SEC)
              .plus("read.iops", mibs[i] * 8, Unit.IOPS)
              .plus("layout.score", layout[i], Unit.RATIO),
          start,
          Duration.ofSeconds(3));
    }
    cell.finished();
  }

  static AgingSummary summary(
      AgingSpec spec,
      double seconds,
      double fullness,
      long files,
      Optional<Fragmentation> before,
      Optional<Fragmentation> after) {
    Duration took = Duration.ofMillis(Math.round(seconds * 1000));
    AgingResult result =
        new AgingResult(
            spec,
            took.minusSeconds(2),
            Duration.ofSeconds(5),
            2_156_000_000L,
            files * 2,
            files,
            files / 10,
            files / 50,
            files,
            fullness,
            0.01,
            0.02,
            0.03,
            true,
            "converged after 2.01 volume sizes written");
    return new AgingSummary(result, took, before, after);
  }

  static Fragmentation extents(long count, double largestMib, double smallShare) {
    return new Fragmentation(
        List.of("e2freefrag /dev/loop0"),
        OptionalLong.of(count),
        OptionalLong.of(Math.round(largestMib * MIB)),
        OptionalDouble.of(smallShare),
        Map.of());
  }
}
