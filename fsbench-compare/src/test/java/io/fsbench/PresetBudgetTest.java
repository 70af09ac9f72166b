package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.CellId;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.DdSpec;
import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IozoneSpec;
import io.fsbench.api.LargeFileSpec;
import io.fsbench.api.RandomIoSpec;
import io.fsbench.api.TreeSpec;
import io.fsbench.api.Tuning;
import io.fsbench.api.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PresetBudgetTest {

  private static final long TIB = 1L << 40;
  private static final List<String> FILE_SYSTEMS = List.of("ext4", "xfs", "btrfs", "zfs");

  @Test
  void aLineThroughTwoTimingsSplitsFixedFromScaledTime() {
    PresetBudget.Cost c = PresetBudget.line(0.01, 12, 0.04, 18);

    assertThat(c.fixed()).isCloseTo(10, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(c.perScale()).isCloseTo(200, org.assertj.core.data.Offset.offset(1e-9));
    // a second timing faster than the first (noise) is no time per scale, not a negative one
    assertThat(PresetBudget.line(0.01, 12, 0.04, 11).perScale()).isZero();
  }

  @Test
  void theSlowestRowsShrinkToACommonCapAndTheRestKeepTheirSize() {
    Map<String, PresetBudget.Row> costs = new LinkedHashMap<>();
    costs.put("dd", PresetBudget.Row.of(new PresetBudget.Cost(10, 100))); // 110 s at full size
    costs.put("iozone-4k", PresetBudget.Row.of(new PresetBudget.Cost(10, 3000))); // 3010 s
    costs.put("files-1m", PresetBudget.Row.of(new PresetBudget.Cost(10, 1000))); // 1010 s

    PresetBudget.Allotment a = PresetBudget.allot(costs, 100, 1000, 0.004);

    assertThat(a.fits()).isTrue();
    assertThat(a.scales().get("dd")).isEqualTo(1.0);
    assertThat(a.predictedSeconds()).isCloseTo(1000, org.assertj.core.data.Offset.offset(0.01));
    // (1000 - 100 - 110) / 2 = 395 s each for the two rows that do not fit
    assertThat(a.capSeconds()).isCloseTo(395, org.assertj.core.data.Offset.offset(0.01));
    assertThat(a.scales().get("iozone-4k"))
        .isCloseTo(385.0 / 3000, org.assertj.core.data.Offset.offset(1e-4));
    assertThat(a.scales().get("files-1m"))
        .isCloseTo(385.0 / 1000, org.assertj.core.data.Offset.offset(1e-4));
  }

  @Test
  void aBudgetTooSmallForEvenTheSmallestScaleSaysSo() {
    PresetBudget.Allotment a =
        PresetBudget.allot(
            Map.of("dd", PresetBudget.Row.of(new PresetBudget.Cost(50, 100))), 100, 120, 0.004);

    assertThat(a.fits()).isFalse();
    assertThat(a.scales()).containsEntry("dd", 0.004);
    assertThat(PresetBudget.note(Duration.ofMinutes(2), 30, a, Map.of()))
        .contains("past the budget");
  }

  @Test
  void aRowWithAFixedRunShrinksItsDataToItsFloorThenItsRunThenItsDataAgain() {
    // 4 runs of 60 s, 40 s of setup and 400 s of data at full size: 680 s; data floor 1/16
    PresetBudget.Row row =
        new PresetBudget.Row(new PresetBudget.Cost(40, 400), 4, 60, 10, 1.0 / 16, 0);
    Map<String, PresetBudget.Row> rows = Map.of("randomio", row);

    // 500 s: the data shrinks, the run keeps its 60 s
    PresetBudget.Allotment dataOnly = PresetBudget.allot(rows, 0, 500, 0.004);
    assertThat(dataOnly.runSeconds()).containsEntry("randomio", 60L);
    assertThat(dataOnly.scales().get("randomio"))
        .isCloseTo(220.0 / 400, org.assertj.core.data.Offset.offset(1e-3));
    // 200 s: the data stops at its floor (65 s with the setup) and the run takes the rest
    PresetBudget.Allotment shorter = PresetBudget.allot(rows, 0, 200, 0.004);
    assertThat(shorter.scales().get("randomio"))
        .isCloseTo(1.0 / 16, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(shorter.runSeconds()).containsEntry("randomio", 33L); // (200 - 65) / 4, whole s
    assertThat(shorter.predictedSeconds()).isLessThanOrEqualTo(200 + 1e-6);
    // 90 s: the run stops at 10 s, and only then does the data shrink below its floor
    PresetBudget.Allotment least = PresetBudget.allot(rows, 0, 90, 0.004);
    assertThat(least.runSeconds()).containsEntry("randomio", 10L);
    assertThat(least.scales().get("randomio"))
        .isCloseTo(10.0 / 400, org.assertj.core.data.Offset.offset(1e-3));
    assertThat(least.fits()).isTrue();
    // 70 s: not even the least data and the shortest run fit
    PresetBudget.Allotment past = PresetBudget.allot(rows, 0, 70, 0.004);
    assertThat(past.fits()).isFalse();
    assertThat(past.scales()).containsEntry("randomio", 0.004);
    assertThat(past.runSeconds()).containsEntry("randomio", 10L);
    assertThat(PresetBudget.note(Duration.ofMinutes(2), 10, shorter, runTimes("randomio", 60)))
        .contains("runs shortened")
        .contains("randomio 60 s → 33 s");
  }

  @Test
  void aRowWhoseDataCannotShrinkShortensItsRunAtOnce() {
    // varmail: 4 runs of 60 s, 20 s of setup, no time per scale
    PresetBudget.Row row = new PresetBudget.Row(new PresetBudget.Cost(20, 0), 4, 60, 10, 1, 1);

    PresetBudget.Allotment a = PresetBudget.allot(Map.of("filebench:varmail", row), 0, 140, 0.004);

    assertThat(a.fits()).isTrue();
    assertThat(a.scales()).containsEntry("filebench:varmail", 1.0);
    assertThat(a.runSeconds()).containsEntry("filebench:varmail", 30L);
  }

  @Test
  void aRowWithAFixedRunThatFitsKeepsItsRunAndItsData() {
    PresetBudget.Row row = new PresetBudget.Row(new PresetBudget.Cost(5, 50), 4, 60, 10, 0.05, 0);

    PresetBudget.Allotment a = PresetBudget.allot(Map.of("filebench:varmail", row), 0, 400, 0.004);

    assertThat(a.fits()).isTrue();
    assertThat(a.scales()).containsEntry("filebench:varmail", 1.0);
    assertThat(a.runSeconds()).containsEntry("filebench:varmail", 60L);
    assertThat(a.predictedSeconds()).isCloseTo(295, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void fitsClassicTableByTimingItsRowsAndShrinksOnlyTheSlowOnes() {
    // seconds per cell: a fixed part, and a part per unit of scale (zfs's random 4k writes make
    // iozone-4k the slow row, files-1m the next)
    Map<String, double[]> cost = new LinkedHashMap<>();
    cost.put("iozone-4k", new double[] {1, 2400});
    cost.put("files-1m", new double[] {1, 600});
    cost.put("largefile", new double[] {1, 5});
    // timed at the low scale only: their files do not shrink, so their time is all fixed
    cost.put("filebench:varmail", new double[] {3, 0});
    cost.put("filebench:webproxy", new double[] {5, 0});
    for (String fixed : List.of("fs-lifecycle", "tree", "postmark")) {
      cost.put(fixed, new double[] {10, 0});
    }
    for (String dd : List.of("dd-write-1k", "dd-read-1k", "dd-write-1m", "dd-read-1m")) {
      cost.put(dd, new double[] {1, 10});
    }
    AtomicLong clock = new AtomicLong();
    List<String> notes = new ArrayList<>();
    ComparisonListener progress =
        new ComparisonListener() {
          @Override
          public void note(String message) {
            notes.add(message);
          }
        };
    List<List<Workload>> runs = new ArrayList<>();
    PresetBudget.Runner runner =
        (workloads, timer) -> {
          runs.add(workloads);
          double scale = runs.size() == 1 ? PresetBudget.LOW : PresetBudget.HIGH;
          int position = 0;
          for (Workload w : workloads) {
            for (String fs : FILE_SYSTEMS) {
              timer.cellStarted(
                  new CellId(fs, Tuning.defaults(), w.name()), ++position, workloads.size() * 4);
              double[] c = cost.getOrDefault(w.name(), new double[] {1, 20});
              clock.addAndGet((long) ((c[0] + c[1] * scale + runSeconds(w)) * 1e9));
            }
          }
        };

    ComparisonPresets.Plan plan =
        PresetBudget.fit(
            "classic-table",
            Map.of(),
            TIB,
            Duration.ofMinutes(45),
            1,
            runner,
            progress,
            clock::get);

    // timed twice: every row at the low scale, then only the rows a budget shrinks at the high one
    assertThat(runs.get(0)).hasSize(18);
    assertThat(runs.get(1))
        .extracting(Workload::name)
        .doesNotContain("fs-lifecycle", "tree", "postmark")
        .contains("iozone-4k", "files-1m", "dd-write-1k", "filebench:randomread")
        // varmail and webproxy keep their files: only their runs may shrink
        .doesNotContain("filebench:varmail", "filebench:webproxy");
    assertThat(spec(runs.get(0), "randomio", RandomIoSpec.class).sampleTime())
        .isEqualTo(Duration.ofSeconds(5));
    assertThat(spec(runs.get(0), "filebench:varmail", FilebenchSpec.class).runtime())
        .contains(Duration.ofSeconds(1));
    // the rows that fit keep the table's sizes
    assertThat(spec(plan.workloads(), "largefile", LargeFileSpec.class).size().bytes())
        .isEqualTo(4L << 30);
    assertThat(spec(plan.workloads(), "dd-write-1m", DdSpec.class).count()).isGreaterThan(1024);
    // 24 minutes of fixed runs (randomio's and filebench's 60 s on four filesystems) do not fit
    // with the rest in 45: their data goes down to 256 MiB first, then their runs are shortened
    RandomIoSpec randomIo = spec(plan.workloads(), "randomio", RandomIoSpec.class);
    assertThat(randomIo.fileSize().bytes()).isEqualTo(256L << 20);
    assertThat(randomIo.sampleTime()).isBetween(Duration.ofSeconds(10), Duration.ofSeconds(59));
    FilebenchSpec randomRead = spec(plan.workloads(), "filebench:randomread", FilebenchSpec.class);
    assertThat(randomRead.variables()).containsEntry("filesize", Long.toString(256L << 20));
    assertThat(randomRead.runtime())
        .hasValueSatisfying(
            t -> assertThat(t).isBetween(Duration.ofSeconds(10), Duration.ofSeconds(59)));
    assertThat(spec(plan.workloads(), "filebench:varmail", FilebenchSpec.class).runtime())
        .hasValueSatisfying(
            t -> assertThat(t).isBetween(Duration.ofSeconds(10), Duration.ofSeconds(59)));
    assertThat(plan.info().scaling())
        .anySatisfy(
            line ->
                assertThat(line)
                    .contains("runs shortened (data at its floor, run at least 10 s)")
                    .contains("randomio 60 s → " + randomIo.sampleTime().toSeconds() + " s"))
        .contains(
            "randomio sample: 60 s → " + randomIo.sampleTime().toSeconds() + " s (time budget)");
    // the slow ones shrink, the slowest most
    long iozone = spec(plan.workloads(), "iozone-4k", IozoneSpec.class).fileSizes().get(0).bytes();
    long files = spec(plan.workloads(), "files-1m", TreeSpec.class).generatedFiles();
    assertThat(iozone).isLessThan(8192L << 20);
    assertThat(files).isLessThan(1_000_000);
    assertThat((double) iozone / (8192L << 20)).isLessThan(files / 1_000_000.0);
    assertThat(plan.info().scaling())
        .anySatisfy(line -> assertThat(line).startsWith("time budget 45m00s").contains("iozone-4k"))
        .anySatisfy(line -> assertThat(line).startsWith("iozone-4k file: 8g →").contains("budget"));
    assertThat(notes).last().asString().startsWith("time budget 45m00s");
    // the prediction fits what is left after timing, with its margin
    double timing = clock.get() / 1e9;
    double predicted = 0;
    for (Workload w : plan.workloads()) {
      double[] c = cost.getOrDefault(w.name(), new double[] {1, 20});
      double scale = scaleOf(w);
      predicted += 4 * (c[0] + c[1] * scale + runSeconds(w));
    }
    assertThat(predicted).isLessThanOrEqualTo((45 * 60 - timing) * PresetBudget.MARGIN + 8);
  }

  @Test
  void aBudgetIsClassicTablesAloneAndRefusedWhenItIsNotATime() {
    assertThat(ComparisonPresets.plan("classic-table", Map.of(), TIB).budget())
        .contains(Duration.ofMinutes(45));
    assertThat(ComparisonPresets.plan("classic-table", Map.of("scale", "0.1"), TIB).budget())
        .isEmpty();
    assertThat(ComparisonPresets.plan("classic-table", Map.of("budget", "off"), TIB).budget())
        .isEmpty();
    assertThat(ComparisonPresets.plan("classic-table", Map.of("budget", "2h"), TIB).budget())
        .contains(Duration.ofHours(2));
    assertThatThrownBy(() -> ComparisonPresets.plan("classic-table", Map.of("budget", "soon"), TIB))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("budget (soon) must be a time such as 45m");
    assertThatThrownBy(() -> ComparisonPresets.plan("tar-rm", Map.of("budget", "10m"), TIB))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("preset tar-rm has no time budget (budget=10m)");
  }

  /** The share of the table's size that a workload of the fitted plan runs with. */
  private static double scaleOf(Workload w) {
    if (w.spec() instanceof IozoneSpec i) {
      return i.fileSizes().get(0).bytes() / (double) (8192L << 20);
    }
    if (w.spec() instanceof TreeSpec t && w.name().equals("files-1m")) {
      return t.generatedFiles() / 1_000_000.0;
    }
    if (w.spec() instanceof DdSpec d) {
      return d.count() * (double) d.blockSize().bytes() / (4L << 30);
    }
    if (w.spec() instanceof RandomIoSpec r) {
      return r.fileSize().bytes() / (double) (4L << 30);
    }
    if (w.spec() instanceof FilebenchSpec f) {
      Map<String, String> v = f.variables();
      if (v.containsKey("nfiles")) {
        return Long.parseLong(v.get("nfiles")) / (w.name().endsWith("varmail") ? 1000.0 : 10_000.0);
      }
      double file = Double.parseDouble(v.get("filesize"));
      // videoserver: a quarter of the 1 TiB free, 256 GiB, over its 129 videos
      return w.name().endsWith("videoserver")
          ? 129 * file / (256.0 * (1L << 30))
          : file / (5L << 30);
    }
    return 1;
  }

  private static Map<String, ComparisonPresets.RunTime> runTimes(String key, long seconds) {
    return Map.of(key, new ComparisonPresets.RunTime(seconds, 10, 1.0 / 16, 0));
  }

  /** The seconds a row's run of fixed length lasts: randomio's samples, filebench's run. */
  private static double runSeconds(Workload w) {
    if (w.spec() instanceof RandomIoSpec r) {
      return r.sampleTime().toSeconds() * (double) r.samples();
    }
    if (w.spec() instanceof FilebenchSpec f) {
      return f.runtime().orElseThrow().toSeconds();
    }
    return 0;
  }

  private static <T> T spec(List<Workload> workloads, String name, Class<T> type) {
    return type.cast(
        workloads.stream().filter(w -> w.name().equals(name)).findFirst().orElseThrow().spec());
  }
}
