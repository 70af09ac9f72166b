package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilebenchCommandTest {

  static final String WORKLOAD =
      """
      set $nfiles=1000
      define fileset name=files,path=/tmp,size=4k,entries=$nfiles,dirwidth=100,prealloc=100
      define process name=p
      {
        thread name=t,memsize=1m,instances=2
        {
          flowop openfile name=open,filesetname=files,fd=1
          flowop readwholefile name=read,fd=1,iosize=4k
          flowop closefile name=close,fd=1
        }
      }
      run 60
      """;

  @TempDir Path temp;

  @Test
  void runsAWorkloadFileInAFreshDirectoryAndPrintsFilebenchsLines() throws IOException {
    Path file = Files.writeString(temp.resolve("reads.f"), WORKLOAD);
    Path dir = Files.createDirectories(temp.resolve("fsbench-dir"));
    RecordingCli cli = new RecordingCli(temp);

    int code =
        cli.run(
            "filebench",
            file.toString(),
            "--dir",
            dir.toString(),
            "--set",
            "nfiles=20",
            "--runtime",
            "1s");

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out()).contains("Per-Operation Breakdown", "IO Summary:", "read ", "p99.9");
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty(); // the work directory is removed
    }
  }

  @Test
  void refusesASetWithoutAValue() throws IOException {
    Path file = Files.writeString(temp.resolve("reads.f"), WORKLOAD);
    RecordingCli cli = new RecordingCli(temp);

    int code = cli.run("filebench", file.toString(), "--dir", temp.toString(), "--set", "nfiles");

    assertThat(code).isEqualTo(2);
    assertThat(cli.err()).contains("--set (nfiles) must be VAR=VALUE");
  }
}
