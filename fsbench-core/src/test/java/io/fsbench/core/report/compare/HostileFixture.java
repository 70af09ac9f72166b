package io.fsbench.core.report.compare;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.SkippedFileSystem;
import io.fsbench.api.Tuning;
import io.fsbench.api.Unit;
import io.fsbench.core.compare.CellRecorder;
import io.fsbench.core.compare.ComparisonRecorder;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A comparison whose every free-text field tries to break out of its report format. */
final class HostileFixture {

  static final String SCRIPT = "<script>alert('x')</script>";

  private HostileFixture() {}

  static Comparison comparison() {
    ComparisonFixture.StepClock clock = new ComparisonFixture.StepClock(ComparisonFixture.START);
    ComparisonRecorder recorder =
        new ComparisonRecorder(
            ComparisonFixture.settings(),
            ComparisonFixture.environment(),
            ComparisonFixture.plugins(),
            clock,
            ComparisonListener.none());
    recorder.skipped(new SkippedFileSystem("zfs", "reason " + SCRIPT, "hint \"quoted\", a|b"));
    Tuning tuning = Tuning.builder().option("label", SCRIPT + " \"q\",a|b").build();
    CellRecorder base =
        recorder.cell(new CellId("ext4", Tuning.defaults(), "randwrite-4k"), Map.of());
    CellRecorder cell =
        recorder.cell(new CellId("xfs", tuning, "randwrite-4k"), Map.of("note", SCRIPT));
    cell.applied(
        new AppliedTuning(
            "xfs", "rw,\"x\"<b>", List.of("mkfs.xfs " + SCRIPT), Map.of("p", SCRIPT), tuning));
    for (double v : new double[] {100, 101, 102}) {
      base.measured(
          SimpleResult.of("randwrite-4k", "write.iops", v, Unit.IOPS),
          clock.instant(),
          Duration.ofSeconds(1));
      cell.measured(
          SimpleResult.of("randwrite-4k", "write.iops", v * 2, Unit.IOPS),
          clock.instant(),
          Duration.ofSeconds(1));
    }
    cell.failed("failed with " + SCRIPT + " and a \"quote\", a comma\nand a newline");
    recorder.warn("runner says " + SCRIPT);
    return recorder.finish();
  }
}
