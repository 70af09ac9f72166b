package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MainTest {

  @Test
  void anInternalErrorSaysWhatToReportWithoutAStackTrace() {
    String message =
        Main.internalError(new IndexOutOfBoundsException("Index 4096 out of bounds"), false);

    assertThat(message)
        .contains("internal error, a bug in fsbench")
        .contains("Index 4096 out of bounds")
        .contains("please report it with the command line, the job file")
        .doesNotContain("\tat ");
    assertThat(message.lines()).hasSize(2);
  }

  @Test
  void printsTheTraceOnlyWhenAskedFor() {
    assertThat(Main.internalError(new IllegalStateException("x"), true)).contains("\tat ");
  }
}
