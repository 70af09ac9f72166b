package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/fio-options.md is what the table makes; after a change, rewrite it with golden.update. */
class FioOptionsPageTest {

  private static final Path PAGE = Path.of("..", "docs", "fio-options.md");

  @Test
  void theCheckedInPageIsTheOneTheTableMakes() throws IOException {
    String made = FioOptionsPage.markdown();
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(PAGE, made, StandardCharsets.UTF_8);
    }
    String checkedIn = Files.exists(PAGE) ? Files.readString(PAGE, StandardCharsets.UTF_8) : "";
    assertThat(checkedIn)
        .as(
            "docs/fio-options.md differs from what FioOptionTable makes; regenerate it with "
                + FioOptionsPage.REGENERATE
                + " and review the diff")
        .isEqualTo(made);
  }

  @Test
  void listsEveryOptionAndAliasOfTheTable() {
    String page = FioOptionsPage.markdown();
    for (String name : FioOptionTable.names()) {
      assertThat(page).contains("`" + name + "`");
    }
  }
}
