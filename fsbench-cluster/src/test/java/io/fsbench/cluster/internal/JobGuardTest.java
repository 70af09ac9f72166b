package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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

  @Test
  void everySectionOfAJobFileIsCheckedAndARefusedOneIsNamed() throws Exception {
    Path shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    JobGuard guard = new JobGuard(List.of(shared), List.of());
    String good =
        "[global]\nbs=4k\n; a comment\n[first]\nrw=write\nfilename=data\n[second]\nrw=read\n";
    assertThatCode(() -> guard.checkJobFile(good)).doesNotThrowAnyException();

    String bad = "[global]\nbs=4k\n[first]\nrw=write\n[second]\nrw=read\nfilename=/etc/passwd\n";
    assertThatThrownBy(() -> guard.checkJobFile(bad))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("section [second]")
        .hasMessageContaining("/etc");
  }

  @Test
  void aGlobalSectionThatWritesLogsIsRefusedByName() throws Exception {
    Path shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    JobGuard guard = new JobGuard(List.of(shared), List.of());
    assertThatThrownBy(() -> guard.checkJobFile("[global]\nwrite_bw_log=bw\n[job]\nrw=write\n"))
        .hasMessageContaining("section [global]")
        .hasMessageContaining("write_bw_log");
    assertThatThrownBy(() -> guard.checkJobFile("[job]\nrw=write\ndirectory=/tmp\n"))
        .hasMessageContaining("section [job]")
        .hasMessageContaining("--dir");
  }

  @Test
  void aJobFileThatIncludesOrBuildsANameFromTheEnvironmentIsRefused() throws Exception {
    Path shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    JobGuard guard = new JobGuard(List.of(shared), List.of());
    assertThatThrownBy(() -> guard.checkJobFile("[job]\ninclude /etc/fio.inc\nrw=write\n"))
        .hasMessageContaining("includes /etc/fio.inc");
    assertThatThrownBy(() -> guard.checkJobFile("[job]\nrw=write\nfilename=${HOME}/x\n"))
        .hasMessageContaining("filename=${HOME}/x")
        .hasMessageContaining("environment");
  }

  @Test
  void aWorkloadParameterNamingAPathOutsideTheAllowedDirectoriesIsRefused() throws Exception {
    Path shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    JobGuard guard = new JobGuard(List.of(shared), List.of());
    assertThatCode(() -> guard.checkParameters(Map.of("files", "100", "size", "4k")))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> guard.checkParameters(Map.of("archive", "/etc/backup.tar")))
        .hasMessageContaining("parameter archive=/etc/backup.tar")
        .hasMessageContaining("outside");
    assertThatThrownBy(() -> guard.checkParameters(Map.of("source", "../../x")))
        .hasMessageContaining("climbs out");
  }

  @Test
  void aFilebenchScriptsSystemCommandIsRefusedNamingItsLine() throws Exception {
    Path shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    JobGuard guard = new JobGuard(List.of(shared), List.of());
    String script =
        "set $dir=/tmp\ndefine fileset name=f,path=$dir,entries=10\nsystem \"rm -rf /\"\n";
    assertThatThrownBy(() -> guard.checkFilebenchScript("my.f", script))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("my.f:3")
        .hasMessageContaining("runs a command");
    assertThatCode(() -> guard.checkFilebenchScript("ok.f", "set $dir=/tmp\nrun 1\n"))
        .doesNotThrowAnyException();
  }
}
