package io.fsbench.core.volume;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WorkDirTest {

  @Test
  void givesAUserWhoCannotWriteTheDefaultADirectoryOfTheirOwn() {
    assertThat(WorkDir.perUser("alice")).isEqualTo(Path.of("/var/tmp/fsbench-alice"));
  }

  @Test
  void keepsOnlySafeCharactersOfTheUserName() {
    assertThat(WorkDir.perUser("../evil user")).isEqualTo(Path.of("/var/tmp/fsbench-.._evil_user"));
    assertThat(WorkDir.perUser("")).isEqualTo(Path.of("/var/tmp/fsbench-user"));
  }
}
