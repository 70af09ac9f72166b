package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import org.junit.jupiter.api.Test;

class CToolsTest {

  private static final String FS_MARK =
      """
      #	App overhead is time in microseconds spent in the test not doing file writing related system calls.

      FSUse%        Count         Size    Files/sec     App Overhead
           5       100000            0      41893.0           498793
      """;

  private static final String POSTMARK_START =
      "PostMark v1.51 : 8/14/01\npm>pm>pm>pm>Creating files...Done\nPerforming transactions";
  private static final String POSTMARK_END =
      """
      ..........Done
      Deleting files...Done
      Time:
      	15 seconds total
      	15 seconds of transactions (20000 per second)
      """;

  @Test
  void readsFilesPerSecondFromFsMarksResultRow() {
    assertThat(CTools.fsMarkRate(FS_MARK)).isEqualTo(41893.0);
  }

  @Test
  void anFsMarkOutputWithoutAResultRowIsAFailedRun() {
    assertThatThrownBy(() -> CTools.fsMarkRate("fs_mark: directory pathname too long"))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("no result row");
  }

  @Test
  void timesPostMarksTransactionsFromWhenItsProgressArrived() {
    String text = POSTMARK_START + POSTMARK_END;
    long[] ends = {POSTMARK_START.length(), POSTMARK_START.length() + 10, text.length()};
    long[] nanos = {1_000_000_000L, 2_000_000_000L, 16_250_000_000L};

    CTools.PostMarkRun run = CTools.postMarkRun(new CTools.TimedOutput(text, ends, nanos));

    assertThat(run.seconds()).isEqualTo(15.25);
    assertThat(run.wholeSeconds()).isEqualTo(15);
    assertThat(run.reportedRate()).isEqualTo(20000);
  }

  @Test
  void aSettingPostMarkRefusedFailsTheRun() {
    String text = "Error: invalid number of subdirectories\n" + POSTMARK_START + POSTMARK_END;
    long[] ends = {text.length()};
    long[] nanos = {1};

    assertThatThrownBy(() -> CTools.postMarkRun(new CTools.TimedOutput(text, ends, nanos)))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("refused a setting");
  }
}
