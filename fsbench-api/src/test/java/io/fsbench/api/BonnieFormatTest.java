package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.BonnieResult.Test;
import io.fsbench.api.BonnieResult.TestResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

class BonnieFormatTest {

  private static TestResult t(Test test, long amount, double seconds, double cpu, long latencyUs) {
    return new TestResult(
        test,
        amount,
        Duration.ofNanos((long) (seconds * 1e9)),
        Duration.ofNanos((long) (cpu * 1e9)),
        Duration.ofNanos(latencyUs * 1000 + 999),
        0,
        0,
        0,
        0);
  }

  private static BonnieResult result(BonnieSpec spec, Size size, List<TestResult> tests) {
    return new BonnieResult(
        spec, size, Size.mib(3), Size.mib(8), 1796175767L, "fsbench-test", tests, 0, 0, List.of());
  }

  /** The figures of a bonnie++ 2.00a run, -s 16m -r 8 -n 1:4k:1k:2, with its CSV line. */
  @org.junit.jupiter.api.Test
  void writesTheCsvLineBonnieWritesForTheSameFigures() {
    BonnieSpec spec = BonnieSpec.fromParams(Map.of("size", "16m", "files", "1:4096:1024:2"));
    List<TestResult> tests = new ArrayList<>();
    tests.add(t(Test.PUTC, 3072, 3072 / 1240.5, 3072 / 1240.5 * 0.925, 32999));
    tests.add(t(Test.PUT_BLOCK, 16384, 0.1, 0.05, 56));
    tests.add(t(Test.REWRITE, 16384, 0.1, 0.05, 60));
    tests.add(t(Test.GETC, 3072, 3072 / 2059.5, 3072 / 2059.5 * 0.965, 10667));
    tests.add(t(Test.GET_BLOCK, 16384, 0.1, 0.05, 8));
    tests.add(t(Test.SEEKS, 8192, 0.2, 0.2, 4844));
    long[] lat = {118, 29, 225, 327, 97, 239};
    int i = 0;
    for (Test f : Test.values()) {
      if (f.files()) {
        tests.add(t(f, 1024, 0.2, 0.1, lat[i++]));
      }
    }

    assertThat(result(spec, Size.mib(16), tests).csv())
        .isEqualTo(
            "1.98,2.00a,fsbench-test,1,1796175767,16M,,8192,5,1240,92,+++++,+++,+++++,+++,2059,96,"
                + "+++++,+++,+++++,+++,1,4096,1024,,2,+++++,+++,+++++,+++,+++++,+++,+++++,+++,"
                + "+++++,+++,+++++,+++,32999us,56us,60us,10667us,8us,4844us,118us,29us,225us,"
                + "327us,97us,239us\n");
  }

  @org.junit.jupiter.api.Test
  void writesTheTableBonnieWritesWithItsColumns() {
    BonnieSpec spec = BonnieSpec.fromParams(Map.of("size", "16m", "files", "1:4096:1024:2"));
    List<TestResult> tests = new ArrayList<>();
    tests.add(t(Test.PUTC, 3072, 3072 / 1240.5, 3072 / 1240.5 * 0.925, 32999));
    tests.add(t(Test.PUT_BLOCK, 16384, 0.1, 0.05, 56));
    tests.add(t(Test.SEQ_CREATE, 1024, 1.05, 0.714, 9977));

    String table = result(spec, Size.mib(16), tests).table();

    assertThat(table)
        .contains(
            "Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-\n")
        .contains("fsbench-test    16M 1240k  92 +++++ +++")
        .contains("Latency             32999us      56us")
        .contains("      1:4096:1024/2   975  68")
        .contains("files:max:min        /sec %CP");
  }

  @org.junit.jupiter.api.Test
  void describesSizeChunkAndSeeksAsBonnieDoesDroppingAOneDigitSeekProcs() {
    BonnieSpec spec = BonnieSpec.fromParams(Map.of("size", "16m:4k:100:3"));
    BonnieResult r = result(spec, Size.mib(16), List.of(t(Test.PUT_BLOCK, 16384, 1, 1, 1)));

    assertThat(BonnieFormat.sizeDescription(r)).isEqualTo("16M:4k::100");
    BonnieSpec procs = BonnieSpec.fromParams(Map.of("size", "1g:8k:8192:12"));
    assertThat(
            BonnieFormat.sizeDescription(
                result(procs, Size.gib(1), List.of(t(Test.PUT_BLOCK, 1, 1, 1, 1)))))
        .isEqualTo("1G::::12");
  }

  @org.junit.jupiter.api.Test
  void printsLatenciesInWholeUnitsAsBonnieTruncatesThem() {
    assertThat(BonnieFormat.latency(java.util.Optional.of(t(Test.SEEKS, 1, 1, 1, 99_998))))
        .isEqualTo("99998us");
    assertThat(BonnieFormat.latency(java.util.Optional.of(t(Test.SEEKS, 1, 1, 1, 100_000))))
        .isEqualTo("100ms");
    assertThat(BonnieFormat.latency(java.util.Optional.of(t(Test.SEEKS, 1, 1, 1, 123_000_000))))
        .isEqualTo("123s");
  }

  @org.junit.jupiter.api.Test
  void leavesTheIoFieldsEmptyWhenOnlyFileTestsRan() {
    BonnieSpec spec = BonnieSpec.fromParams(Map.of("size", "0", "files", "2"));
    List<TestResult> tests = new ArrayList<>();
    for (Test f : Test.values()) {
      if (f.files()) {
        tests.add(t(f, 2048, 1, 0.5, 10));
      }
    }

    String csv = result(spec, Size.ZERO, tests).csv();

    assertThat(csv)
        .startsWith("1.98,2.00a,fsbench-test,1,1796175767,,,,,,,,,,,,,,,,,2,,,,,2048,50,");
    assertThat(csv.strip().split(",", -1)).hasSize(50);
  }
}
