package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.DdSpec;
import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IozoneSpec;
import io.fsbench.api.LargeFileSpec;
import io.fsbench.api.Size;
import io.fsbench.api.Workload;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonPresetsTest {

  private static final long TIB = 1L << 40;

  /** Room for videoserver's 1.26 TiB at a quarter of the free space. */
  private static final long ROOMY = 8 * TIB;

  @Test
  void theClassicTableKeepsItsOriginalSizesWhereTheyFit() {
    ComparisonPresets.Plan plan = ComparisonPresets.plan("classic-table", Map.of(), ROOMY);

    assertThat(plan.info().scaling()).singleElement().asString().startsWith("bonnie++ ram: 3960m");
    assertThat(names(plan.workloads()))
        .containsExactly(
            "fs-lifecycle",
            "tree",
            "largefile",
            "files-1m",
            "dd-write-1k",
            "dd-read-1k",
            "dd-write-1m",
            "dd-read-1m",
            "postmark",
            "randomio",
            "bonnie",
            "iozone-4k",
            "iozone-1m",
            "filebench:randomread",
            "filebench:randomwrite",
            "filebench:varmail",
            "filebench:webproxy",
            "filebench:videoserver");
    assertThat(spec(plan, "largefile", LargeFileSpec.class).size().bytes()).isEqualTo(4L << 30);
    assertThat(spec(plan, "dd-read-1k", DdSpec.class).count()).isEqualTo(4L << 20);
    IozoneSpec iozone = spec(plan, "iozone-1m", IozoneSpec.class);
    assertThat(iozone.fileSizes()).containsExactly(Size.mib(8192));
    assertThat(iozone.recordSizes()).containsExactly(Size.mib(1));
    assertThat(iozone.includeClose()).isTrue();
    // filebench's shipped datasets and run 60, as the personalities' dataset= rule gives them
    assertThat(filebench(plan, "randomread").variables()).containsEntry("filesize", "5368709120");
    assertThat(filebench(plan, "varmail").variables()).containsEntry("nfiles", "1000");
    assertThat(filebench(plan, "webproxy").variables()).containsEntry("nfiles", "10000");
    assertThat(filebench(plan, "videoserver").variables())
        .containsEntry("filesize", Long.toString(10L << 30));
    assertThat(filebench(plan, "webproxy").runtime()).contains(Duration.ofSeconds(60));
  }

  @Test
  void videoserversDatasetIsAQuarterOfTheFreeSpaceSharedByItsVideos() {
    ComparisonPresets.Plan plan = ComparisonPresets.plan("classic-table", Map.of(), TIB);

    // 256 GiB over the 129 videos that exist at the start: 1.98 GiB each, in whole 129 MiB steps
    long perVideo = Long.parseLong(filebench(plan, "videoserver").variables().get("filesize"));
    assertThat(perVideo * 129).isLessThanOrEqualTo(256L << 30).isGreaterThan(255L << 30);
    assertThat(perVideo % (1 << 20)).isZero();
    assertThat(filebench(plan, "videoserver").runtime()).contains(Duration.ofSeconds(60));
    assertThat(plan.info().scaling())
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("filebench:videoserver dataset: 1290g → ")
                    .contains("by its dataset= rule (a quarter of the work dir's free space, 1t)"));
    assertThat(filebench(plan, "randomread").variables()).containsEntry("filesize", "5368709120");
  }

  @Test
  void scaleShortensFilebenchsRunsAndShrinksTheirDatasetsDownToWhatTheyNeed() {
    ComparisonPresets.Plan plan =
        ComparisonPresets.plan("classic-table", Map.of("scale", "0.1"), ROOMY);

    assertThat(filebench(plan, "randomwrite").runtime()).contains(Duration.ofSeconds(6));
    assertThat(filebench(plan, "randomwrite").variables())
        .containsEntry("filesize", Long.toString(512L << 20));
    // webproxy and varmail keep their 10 000 and 1000 files: fewer soon leave their 100 and 16
    // threads no missing file to create
    assertThat(filebench(plan, "webproxy").variables()).containsEntry("nfiles", "10000");
    assertThat(filebench(plan, "varmail").variables()).containsEntry("nfiles", "1000");
    assertThat(plan.info().scaling())
        .contains("filebench:randomwrite run: 60 s → 6 s (scale 0.1)")
        .contains("filebench:randomwrite dataset: 5g → 512m by its dataset= rule (scale 0.1)")
        .noneSatisfy(line -> assertThat(line).startsWith("filebench:webproxy dataset"))
        .noneSatisfy(line -> assertThat(line).startsWith("filebench:varmail dataset"));
    // a tiny scale keeps 2 s runs (a few of the 500 ms ops/s samples) and whole-MiB files
    ComparisonPresets.Plan tiny =
        ComparisonPresets.plan("classic-table", Map.of("scale", "0.001"), ROOMY);
    assertThat(filebench(tiny, "varmail").runtime()).contains(Duration.ofSeconds(2));
    assertThat(filebench(tiny, "randomread").variables()).containsEntry("filesize", "5242880");
    assertThat(filebench(tiny, "webproxy").variables()).containsEntry("nfiles", "10000");
    assertThat(tiny.info().scaling())
        .contains(
            "filebench:videoserver dataset: 1290g → 1290m by its dataset= rule (scale 0.001)");
  }

  @Test
  void everyFilebenchRowHasARunThatABudgetMayShortenToTenSeconds() {
    ComparisonPresets.Plan plan = ComparisonPresets.plan("classic-table", Map.of(), ROOMY);

    assertThat(plan.runTimes())
        .containsOnlyKeys(
            "randomio",
            "filebench:randomread",
            "filebench:randomwrite",
            "filebench:varmail",
            "filebench:webproxy",
            "filebench:videoserver");
    assertThat(plan.runTimes().get("filebench:varmail"))
        .isEqualTo(new ComparisonPresets.RunTime(60, 10, 1, 1));
    // randomio's file may go down to 256 MiB (1/16 of 4 GiB) before its sample is shortened
    assertThat(plan.runTimes().get("randomio").dataFloor()).isEqualTo(1.0 / 16);
    assertThat(plan.runTimes().get("filebench:randomread").dataFloor()).isEqualTo(1.0 / 20);
    assertThat(plan.scaleKeys()).containsEntry("filebench:webproxy", "filebench:webproxy");

    ComparisonPresets.Plan fitted =
        ComparisonPresets.plan(
            "classic-table",
            Map.of(),
            ROOMY,
            new ComparisonPresets.Fitted(
                Map.of("filebench:randomread", 0.05),
                Map.of("filebench:randomread", 17L, "randomio", 60L),
                "time budget 45m00s: a note"));
    assertThat(filebench(fitted, "randomread").runtime()).contains(Duration.ofSeconds(17));
    assertThat(filebench(fitted, "randomread").variables())
        .containsEntry("filesize", Long.toString(256L << 20));
    assertThat(fitted.info().scaling())
        .contains("filebench:randomread run: 60 s → 17 s (time budget)")
        .noneSatisfy(line -> assertThat(line).startsWith("randomio sample"));
  }

  @Test
  void capsSizesAtAQuarterOfTheFreeSpaceAndSaysSo() {
    ComparisonPresets.Plan plan = ComparisonPresets.plan("classic-table", Map.of(), 4L << 30);

    assertThat(spec(plan, "largefile", LargeFileSpec.class).size().bytes()).isEqualTo(1L << 30);
    assertThat(spec(plan, "dd-write-1m", DdSpec.class).count()).isEqualTo(1024);
    assertThat(plan.info().scaling())
        .anySatisfy(
            line -> assertThat(line).startsWith("largefile size: 4g → 1g").contains("free"));
  }

  @Test
  void scaleShrinksSizesCountsAndTheSampleTime() {
    ComparisonPresets.Plan plan =
        ComparisonPresets.plan("classic-table", Map.of("scale", "0.01"), TIB);

    assertThat(spec(plan, "dd-read-1m", DdSpec.class).count()).isEqualTo(40);
    assertThat(plan.info().scaling())
        .contains("files-1m files: 1000000 → 10000 (scale 0.01)")
        .anySatisfy(line -> assertThat(line).startsWith("randomio sample: 60 s → 5 s"));
  }

  @Test
  void labelsEachRowWithTheOriginalTablesRow() {
    ComparisonPresets.Plan plan = ComparisonPresets.plan("classic-table", Map.of(), TIB);

    assertThat(plan.info().row("dd-write-1k", "bytes_per_sec")).contains("19");
    assertThat(plan.info().row("dd-read-1m", "blocks_per_sec")).contains("22");
    assertThat(plan.info().row("randomio", "create.bytes_per_sec")).contains("26");
    assertThat(plan.info().row("randomio", "write.lat_stdev")).contains("31");
    assertThat(plan.info().row("bonnie", "ran_del.files_per_sec")).contains("38");
    assertThat(plan.info().row("iozone-4k", "write")).contains("39");
    assertThat(plan.info().row("iozone-1m", "random_write")).contains("46");
    assertThat(plan.info().row("postmark", "seconds")).isEmpty();
    assertThat(plan.info().row("filebench:randomread", "io_summary.ops_per_sec")).contains("47");
    assertThat(plan.info().row("filebench:randomwrite", "io_summary.bytes_per_sec")).contains("48");
    assertThat(plan.info().row("filebench:varmail", "io_summary.ops_per_sec")).contains("49");
    assertThat(plan.info().row("filebench:webproxy", "io_summary.ops_per_sec")).contains("50");
    assertThat(plan.info().row("filebench:videoserver", "io_summary.bytes_per_sec")).contains("51");
    assertThat(plan.info().row("filebench:varmail", "flowop.fsync1.ops")).isEmpty();
  }

  @Test
  void refusesWhatItDoesNotKnowByName() {
    assertThatThrownBy(() -> ComparisonPresets.plan("classic-tabel", Map.of(), TIB))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("preset (classic-tabel) is not one of classic-io, classic-table, tar-rm");
    assertThatThrownBy(() -> ComparisonPresets.plan("classic-io", Map.of("scale", "0.5"), TIB))
        .hasMessageContaining("classic-io has nothing to scale");
    assertThatThrownBy(() -> ComparisonPresets.plan("tar-rm", Map.of("scale", "2"), TIB))
        .hasMessageContaining("scale (2) must be a fraction above 0 and at most 1");
    assertThatThrownBy(() -> ComparisonPresets.plan("classic-io", Map.of("size", "1g"), TIB))
        .hasMessageContaining("preset classic-io does not know size");
  }

  @Test
  void tarRmExtractsAndRemovesWithASyncBetween() {
    Workload w = ComparisonPresets.plan("tar-rm", Map.of(), TIB).workloads().get(0);

    assertThat(w.name()).isEqualTo("tar-rm");
    assertThat(((io.fsbench.api.TreeSpec) w.spec()).includeSync()).isTrue();
    assertThat(((io.fsbench.api.TreeSpec) w.spec()).phases())
        .containsExactlyInAnyOrder(
            io.fsbench.api.TreePhase.EXTRACT, io.fsbench.api.TreePhase.REMOVE);
  }

  @Test
  void theClassicTablesTuningsKeepExt4sDataModeApartFromItsJournal() {
    assertThat(ComparisonPresets.tunings("classic-table").get("ext4")).hasSize(2);
    assertThat(ComparisonPresets.tunings("classic-io")).isEmpty();
  }

  private static List<String> names(List<Workload> workloads) {
    return workloads.stream().map(Workload::name).toList();
  }

  private static FilebenchSpec filebench(ComparisonPresets.Plan plan, String personality) {
    return spec(plan, "filebench:" + personality, FilebenchSpec.class);
  }

  private static <T> T spec(ComparisonPresets.Plan plan, String name, Class<T> type) {
    return type.cast(
        plan.workloads().stream()
            .filter(w -> w.name().equals(name))
            .findFirst()
            .orElseThrow()
            .spec());
  }
}
