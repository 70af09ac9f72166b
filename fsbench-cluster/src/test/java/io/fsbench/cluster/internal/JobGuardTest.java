package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobGuardTest {

  @TempDir Path temp;

  @Test
  void aJobUnderAnAllowedDirectoryIsLetThrough() throws Exception {
    Path shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    JobGuard guard = new JobGuard(List.of(shared), List.of());
    assertThatCode(() -> guard.checkDirectory(shared.resolve("x/y"))).doesNotThrowAnyException();
    assertThatCode(() -> guard.checkOptions(List.of("rw=randwrite", "filename=data")))
        .doesNotThrowAnyException();
  }

  @Test
  void aDirectoryOutsideTheAllowedOnesIsRefusedNamingIt() throws Exception {
    Path shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    JobGuard guard = new JobGuard(List.of(shared), List.of());
    assertThatThrownBy(() -> guard.checkDirectory(Path.of("/etc")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("directory /etc is outside")
        .hasMessageContaining("--allow-dir");
    assertThatThrownBy(() -> guard.checkDirectory(shared.resolve("../elsewhere")))
        .hasMessageContaining("outside");
  }

  @Test
  void aSymbolicLinkOutOfTheAllowedDirectoryIsRefused() throws Exception {
    Path shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    Path outside = Files.createDirectory(temp.resolve("fsbench-outside"));
    Path link = Files.createSymbolicLink(shared.resolve("link"), outside);
    JobGuard guard = new JobGuard(List.of(shared), List.of());
    assertThatThrownBy(() -> guard.checkDirectory(link.resolve("x")))
        .hasMessageContaining("outside");
  }

  @Test
  void optionsThatWriteOrReadElsewhereAreRefusedByName() throws Exception {
    Path shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    JobGuard guard = new JobGuard(List.of(shared), List.of());
    assertThatThrownBy(() -> guard.checkOptions(List.of("write_lat_log=/tmp/lat")))
        .hasMessageContaining("write_lat_log");
    assertThatThrownBy(() -> guard.checkOptions(List.of("filename=/etc/passwd")))
        .hasMessageContaining("/etc");
    assertThatThrownBy(() -> guard.checkOptions(List.of("filename=../../x")))
        .hasMessageContaining("climbs out");
    assertThatThrownBy(() -> guard.checkOptions(List.of("directory=/tmp")))
        .hasMessageContaining("--dir");
  }
}
