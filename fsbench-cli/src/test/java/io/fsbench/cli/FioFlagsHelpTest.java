package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.core.jobfile.FioOptionTable;
import io.fsbench.core.jobfile.OptionRow;
import org.junit.jupiter.api.Test;

class FioFlagsHelpTest {

  @Test
  void fioHelpListsEveryOptionWithItsAliasesAndHelp() {
    String help = String.format(FioFlags.help(false));
    String words = help.replaceAll("\\s+", " ");

    for (OptionRow row : FioOptionTable.rows()) {
      assertThat(help).contains("  " + String.join(", ", row.names()));
      assertThat(words).contains(row.help());
    }
    assertThat(help).contains("bs, blocksize").contains("Log files:");
    assertThat(help.lines()).allSatisfy(line -> assertThat(line).hasSizeLessThan(80));
  }

  @Test
  void runHelpListsTheOptionsAsFlags() {
    String help = String.format(FioFlags.help(true));

    assertThat(help).contains("--bs, --blocksize").contains("--time-based");
  }
}
