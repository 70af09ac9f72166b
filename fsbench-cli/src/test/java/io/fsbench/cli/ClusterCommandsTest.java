package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code fio}, {@code run --workload} and {@code filebench} refuse on a cluster, before any
 * agent is contacted: every refusal exits 2, names the value and runs nothing.
 */
class ClusterCommandsTest {

  @TempDir Path temp;

  private Path dir;
  private Path secret;

  @BeforeEach
  void setUp() throws Exception {
    dir = Files.createDirectory(temp.resolve("fsbench-shared"));
    secret = Files.writeString(temp.resolve("fsbench-secret"), "0123456789abcdef0123456789abcdef");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
  }

  @Test
  void aJobFileThatIncludesAnotherIsRefusedNamingTheInclude() throws Exception {
    Files.writeString(temp.resolve("common.fio"), "bs=4k\n");
    Path job = Files.writeString(temp.resolve("a.fio"), "[j]\ninclude common.fio\nrw=write\n");

    RecordingCli cli = refused("fio", job.toString());

    assertThat(cli.err()).contains("includes common.fio", "paste the included options");
  }

  @Test
  void aJobFileThatNamesItsOwnDirectoryIsRefusedPointingAtDir() throws Exception {
    Path job = Files.writeString(temp.resolve("d.fio"), "[j]\nrw=write\ndirectory=/tmp\n");

    RecordingCli cli = refused("fio", job.toString());

    assertThat(cli.err()).contains("directory=/tmp", "--dir");
  }

  @Test
  void anUnknownWorkloadOnAClusterIsRefusedListingTheKnownOnes() {
    RecordingCli cli = refused("run", "--workload", "nosuch");

    assertThat(cli.err()).contains("unknown workload 'nosuch'", "fsmark");
  }

  @Test
  void aWorkloadWithFioOptionsOnAClusterIsRefusedNamingTheOption() {
    RecordingCli cli = refused("run", "--workload", "fsmark", "--rw=write");

    assertThat(cli.err()).contains("--param K=V", "--rw=write");
  }

  @Test
  void aFilebenchScriptsSemanticErrorIsRefusedNamingItsLineBeforeAnyAgentIsContacted()
      throws Exception {
    Path script =
        Files.writeString(
            temp.resolve("sorter.f"),
            "define fileset name=fsbench-box,path=/tmp,entries=20,size=4k,dirwidth=20\n"
                + "define process name=p,instances=1\n{\n  thread name=t,instances=1\n  {\n"
                + "    flowop openfile name=open1,filesetname=fsbench-nobox,fd=1\n"
                + "    flowop closefile name=close1,fd=1\n  }\n}\nrun 5\n");

    RecordingCli cli = refused("filebench", script.toString());

    assertThat(cli.err()).contains("sorter.f:6:", "filesetname (fsbench-nobox) names no fileset");
  }

  @Test
  void aClusterRunOnAFilesystemRatherThanADirectoryIsRefused() {
    RecordingCli cli = refused("run", "--workload", "fsmark", "--fs", "xfs");

    assertThat(cli.err()).contains("give --dir PATH as the agents see it");
  }

  private RecordingCli refused(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    if (!all.contains("--fs")) {
      all.addAll(List.of("--dir", dir.toString()));
    }
    all.addAll(List.of("--cluster", "t", "--secret", secret.toString()));
    RecordingCli cli = new RecordingCli(temp.resolve("work"));
    int exit = cli.run(all.toArray(String[]::new));
    assertThat(exit).as(cli.err()).isEqualTo(2);
    assertThat(cli.err()).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(cli.commands()).as("commands the shell ran").isEmpty();
    return cli;
  }
}
