package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.IozoneSpec.Case;
import io.fsbench.api.IozoneSpec.Test;
import java.util.List;
import java.util.Map;

class IozoneSpecTest {

  @org.junit.jupiter.api.Test
  void withoutAutoItRunsIozonesDefaultsOneFileOf512kIn4kRecordsTests0To7() {
    IozoneSpec spec = IozoneSpec.fromParams(Map.of());

    assertThat(spec.matrix()).containsExactly(new Case(Size.kib(512), Size.kib(4)));
    assertThat(spec.tests())
        .containsExactly(
            Test.WRITE,
            Test.READ,
            Test.RANDOM,
            Test.BACKWARDS,
            Test.RECORD_REWRITE,
            Test.STRIDE,
            Test.FWRITE,
            Test.FREAD);
    assertThat(spec.stride()).isEqualTo(17);
  }

  @org.junit.jupiter.api.Test
  void theAutoMatrixDoublesFileAndRecordSizesSkipsRecordsAboveTheFileAndCrossesOverAt16m() {
    IozoneSpec spec = IozoneSpec.fromParams(Map.of("auto", "true"));
    List<Case> matrix = spec.matrix();

    // 64k..512m is 14 file sizes; records 4k..min(file,16m); above 16m only 64k..16m.
    assertThat(matrix.get(0)).isEqualTo(new Case(Size.kib(64), Size.kib(4)));
    assertThat(matrix.stream().filter(c -> c.fileSize().equals(Size.kib(64)))).hasSize(5);
    assertThat(matrix.stream().filter(c -> c.fileSize().equals(Size.mib(16)))).hasSize(13);
    assertThat(matrix.stream().filter(c -> c.fileSize().equals(Size.mib(32))))
        .extracting(Case::recordSize)
        .first()
        .isEqualTo(Size.kib(64));
    assertThat(matrix.stream().filter(c -> c.fileSize().equals(Size.mib(512)))).hasSize(9);
    assertThat(matrix).allMatch(c -> c.recordSize().compareTo(c.fileSize()) <= 0);
    assertThat(matrix.get(matrix.size() - 1)).isEqualTo(new Case(Size.mib(512), Size.mib(16)));
    assertThat(spec.fullMatrix()).hasSizeGreaterThan(matrix.size());
  }

  @org.junit.jupiter.api.Test
  void noCrossoverAndGivenRecordBoundsKeepSmallRecordsOnLargeFiles() {
    IozoneSpec z = IozoneSpec.fromParams(Map.of("auto", "true", "no_crossover", "true"));
    IozoneSpec y = IozoneSpec.fromParams(Map.of("auto", "true", "min_record", "4k"));

    assertThat(z.matrix()).contains(new Case(Size.mib(512), Size.kib(4)));
    assertThat(y.matrix()).contains(new Case(Size.mib(512), Size.kib(4)));
  }

  @org.junit.jupiter.api.Test
  void sizeAndRecordListsWithAutoGiveTheirCrossProductInOrder() {
    IozoneSpec spec =
        IozoneSpec.fromParams(Map.of("auto", "true", "size", "64m,1m", "record", "1m,4k"));

    assertThat(spec.matrix())
        .containsExactly(
            new Case(Size.mib(1), Size.kib(4)),
            new Case(Size.mib(1), Size.mib(1)),
            new Case(Size.mib(64), Size.kib(4)),
            new Case(Size.mib(64), Size.mib(1)));
  }

  @org.junit.jupiter.api.Test
  void minAndMaxFileSizesBoundTheMatrix() {
    IozoneSpec spec =
        IozoneSpec.fromParams(Map.of("auto", "true", "min_size", "1m", "max_size", "4m"));

    assertThat(spec.matrix())
        .extracting(Case::fileSize)
        .containsOnly(Size.mib(1), Size.mib(2), Size.mib(4));
  }

  @org.junit.jupiter.api.Test
  void refusesWhatIozoneRefusesOrWouldMisread() {
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("tests", "1,2")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("must include 0 (write/rewrite)");
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("tests", "0,8")))
        .hasMessageContaining("test 8 (random mix) is not implemented");
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("tests", "0,x")))
        .hasMessageContaining("iozone test (x) must be a number");
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("size", "512")))
        .hasMessageContaining("size (512) needs a unit, e.g. 512k");
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("size", "1m,2m")))
        .hasMessageContaining("need auto=true");
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("size", "4k", "record", "8k")))
        .hasMessageContaining("record size (8k) is larger than the file (4k)");
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("record", "32m")))
        .hasMessageContaining("between 128 bytes and 16m");
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("record", "1000b", "direct", "true")))
        .hasMessageContaining("multiple of 512 with direct");
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("auto", "true", "threads", "2")))
        .hasMessageContaining("cannot mix throughput mode");
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("stonewall", "false")))
        .hasMessageContaining("stonewall applies to throughput mode only");
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("threads", "0")))
        .hasMessageContaining("threads (0) must be at least 1");
    assertThatThrownBy(() -> IozoneSpec.fromParams(Map.of("reclen", "4k")))
        .hasMessageContaining("does not know the parameter reclen");
  }

  @org.junit.jupiter.api.Test
  void aCaseMovesWholeRecordsOnly() {
    Case c = new Case(Size.bytes(10_000), Size.kib(4));

    assertThat(c.records()).isEqualTo(2);
    assertThat(c.bytes()).isEqualTo(8192);
  }

  @org.junit.jupiter.api.Test
  void theBuilderAndParamsAgree() {
    IozoneSpec built =
        IozoneSpec.builder()
            .fileSizes(Size.mib(8))
            .recordSizes(Size.kib(64))
            .tests(Test.WRITE, Test.READ)
            .includeFsync(true)
            .crossover(false)
            .build();

    assertThat(built)
        .isEqualTo(
            IozoneSpec.fromParams(
                Map.of("size", "8m", "record", "64k", "tests", "0,1", "fsync", "true")));
    assertThat(built.toBuilder().build()).isEqualTo(built);
  }
}
