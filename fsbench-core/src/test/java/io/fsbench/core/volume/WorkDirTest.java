package io.fsbench.core.volume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.EnvironmentException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WorkDirTest {

  @Test
  void givesRootAStateDirectoryOutsideAnyWorldWritableDirectory() {
    assertThat(WorkDir.ROOT_DEFAULT).isEqualTo(Path.of("/var/lib/fsbench"));
  }

  @Test
  void givesOtherUsersADirectoryInTheirXdgStateHome() {
    assertThat(WorkDir.userDefault("/home/alice/.state", "/home/alice"))
        .isEqualTo(Path.of("/home/alice/.state/fsbench"));
    assertThat(WorkDir.userDefault(null, "/home/alice"))
        .isEqualTo(Path.of("/home/alice/.local/state/fsbench"));
  }

  @Test
  void ignoresARelativeXdgStateHomeAsTheXdgSpecificationSays() {
    assertThat(WorkDir.userDefault("state", "/home/alice"))
        .isEqualTo(Path.of("/home/alice/.local/state/fsbench"));
  }

  @Test
  void refusesAUserWithoutAHomeAndSaysWhatToSet() {
    assertThatThrownBy(() -> WorkDir.userDefault(null, "?"))
        .isInstanceOf(EnvironmentException.class)
        .hasMessageContaining("set FSBENCH_WORK_DIR");
  }

  @Test
  void acceptsOnlyTheNamesItMakes() {
    WorkDir workDir = new WorkDir(Path.of("/var/lib/fsbench"), 0);
    assertThat(WorkDir.isName(workDir.newName())).isTrue();
    assertThat(WorkDir.isName("fsbench-12-3")).isTrue();
    assertThat(WorkDir.isName("tank")).isFalse();
    assertThat(WorkDir.isName("fsbench-12-3/../../etc")).isFalse();
    assertThat(WorkDir.isName(null)).isFalse();
  }
}
