package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.PostMarkResult;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.Size;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PostMarkDiffTest {

  private static final String REPORT =
      String.join(
          "\n",
          "Time:",
          "\t1 seconds total",
          "\t1 seconds of transactions (200 per second)",
          "",
          "Files:",
          "\t142 created (142 per second)",
          "\t\tCreation alone: 50 files (50 per second)",
          "\t\tMixed with transactions: 92 files (92 per second)",
          "\t64 read (64 per second)",
          "\t136 appended (136 per second)",
          "\t141 deleted (141 per second)",
          "\t\tDeletion alone: 34 files (34 per second)",
          "\t\tMixed with transactions: 107 files (107 per second)",
          "",
          "Data:",
          "\t0.000000 bytes read (0.000000 bytes per second)",
          "\t2.44 kilobytes written (2.44 kilobytes per second)",
          "");

  private static PostMarkResult result(long deleted, long read, long bytesWritten) {
    PostMarkSpec spec = PostMarkSpec.builder().build();
    Duration second = Duration.ofSeconds(1);
    return new PostMarkResult(
        spec,
        second,
        second,
        second,
        second,
        200,
        142,
        50,
        read,
        136,
        deleted,
        34,
        0,
        bytesWritten);
  }

  @Test
  void theCasesCoverEveryKindOfSettingPostMarkTakes() {
    List<PostMarkSpec> cases = PostMarkDiff.cases(7, 200);

    assertThat(cases).anyMatch(c -> c.biasRead() == -1);
    assertThat(cases).anyMatch(c -> c.biasCreate() == -1);
    assertThat(cases).anyMatch(c -> c.sizeLow().equals(c.sizeHigh()));
    assertThat(cases).anyMatch(PostMarkSpec::buffering);
    assertThat(cases).anyMatch(c -> !c.buffering());
    assertThat(cases).anyMatch(c -> c.subdirectories() == 0);
    assertThat(cases).anyMatch(c -> c.subdirectories() > 1);
    assertThat(cases).anyMatch(c -> c.readBlockSize().bytes() % 512 != 0);
    assertThat(cases).allMatch(c -> c.transactions() >= PostMarkDiff.MIN_TRANSACTIONS);
    assertThat(cases)
        .allMatch(c -> c.files() * c.sizeHigh().bytes() <= PostMarkDiff.MAX_CASE_BYTES);
  }

  @Test
  void aResultWithPostMarksCountsAndDataAgrees() {
    PostMarkReport report = PostMarkReport.parse(REPORT);

    assertThat(report.disagreements(result(141, 64, 2500))).isEmpty();
  }

  @Test
  void everyCountThatDiffersIsNamed() {
    PostMarkReport report = PostMarkReport.parse(REPORT);

    assertThat(report.disagreements(result(142, 63, 2500)))
        .containsExactly(
            "read: fsbench 63, PostMark 64",
            "deleted: fsbench 142, PostMark 141",
            "deleted mixed: fsbench 108, PostMark 107");
  }

  @Test
  void dataMustRoundToWhatPostMarkPrinted() {
    PostMarkReport report = PostMarkReport.parse(REPORT);

    // 2.44 KiB is 2493.44 to 2503.68 bytes
    assertThat(report.disagreements(result(141, 64, 2503))).isEmpty();
    assertThat(report.disagreements(result(141, 64, 2510)))
        .singleElement()
        .asString()
        .startsWith("data written: fsbench 2510 bytes");
  }

  @Test
  void aFloatSumMayDriftAbove16MiBByHalfAnUlpPerAdditionButNotBelow() {
    long bytes = 20_158_629;
    // 5,487 bytes apart: more than printing's 0.005 MiB (5,243 bytes) and 100 additions' drift
    // (ulp 2 at 20 MB), within 40,000's
    assertThat(PostMarkReport.data("read", bytes, 20_164_116.48, 1 << 20, 40_000)).isEmpty();
    assertThat(PostMarkReport.data("read", bytes, 20_164_116.48, 1 << 20, 100)).isPresent();
    assertThat(PostMarkReport.data("read", 1_000_000, 1_000_100, 1 << 20, 1_000_000)).isEmpty();
    assertThat(PostMarkReport.data("read", 1_000_000, 1_010_000, 1 << 20, 1_000_000)).isPresent();
  }

  @Test
  void outOfFilesIsPostMarksFailureNotAReport() {
    assertThatThrownBy(() -> PostMarkReport.parse("Performing transactions...out of files!\n"))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("out of files");
  }

  @Test
  void settingsAreThoseOfTheSpecAndLeaveOutSubdirectoriesZero() {
    PostMarkSpec spec =
        PostMarkSpec.builder()
            .files(3)
            .transactions(20)
            .size(Size.bytes(5), Size.bytes(9))
            .subdirectories(0)
            .build();

    assertThat(PostMarkReport.settings(spec, java.nio.file.Path.of("/d")))
        .contains("set number 3", "set transactions 20", "set size 5 9")
        .noneMatch(line -> line.startsWith("set subdirectories"));
  }
}
