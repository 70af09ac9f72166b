package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.DdSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IozoneSpec;
import io.fsbench.api.LargeFileSpec;
import io.fsbench.api.Size;
import io.fsbench.api.Workload;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonPresetsTest {

  private static final long TIB = 1L << 40;

  @Test
  void theClassicTableKeepsItsOriginalSizesWhereTheyFit() {
    ComparisonPresets.Plan plan = ComparisonPresets.plan("classic-table", Map.of(), TIB);

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
            "iozone-1m");
    assertThat(spec(plan, "largefile", LargeFileSpec.class).size().bytes()).isEqualTo(4L << 30);
    assertThat(spec(plan, "dd-read-1k", DdSpec.class).count()).isEqualTo(4L << 20);
    IozoneSpec iozone = spec(plan, "iozone-1m", IozoneSpec.class);
    assertThat(iozone.fileSizes()).containsExactly(Size.mib(8192));
    assertThat(iozone.recordSizes()).containsExactly(Size.mib(1));
    assertThat(iozone.includeClose()).isTrue();
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

  private static <T> T spec(ComparisonPresets.Plan plan, String name, Class<T> type) {
    return type.cast(
        plan.workloads().stream()
            .filter(w -> w.name().equals(name))
            .findFirst()
            .orElseThrow()
            .spec());
  }
}
