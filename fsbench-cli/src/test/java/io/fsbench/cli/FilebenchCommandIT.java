package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code fsbench filebench FILE.f --fs ext4} end to end on a real loop volume: the workload runs on
 * a fresh, tuned ext4 volume, the report has filebench's lines and fsbench's, and the volume is
 * gone afterwards — after the run, and after Ctrl-C in the middle of it.
 */
class FilebenchCommandIT {

  /** A tiny read workload: 50 files of 4 KiB in two threads. */
  private static final String TINY =
      """
      set $nfiles=1000
      define fileset name=fsbench-reads,path=/tmp,size=4k,entries=$nfiles,dirwidth=20,prealloc=100
      define process name=reader
      {
        thread name=readerthread,memsize=1m,instances=2
        {
          flowop openfile name=open1,filesetname=fsbench-reads,fd=1
          flowop readwholefile name=read1,fd=1,iosize=4k
          flowop closefile name=close1,fd=1
        }
      }
      echo "fsbench tiny workload loaded"
      run 60
      """;

  private FsBenchProcess fsbench;
  private Path workload;

  @BeforeEach
  void setUp() throws Exception {
    fsbench = FsBenchProcess.onExt4("fsbench-filebench-it-");
    workload = Files.writeString(fsbench.workDir().resolve("fsbench-tiny.f"), TINY);
  }

  @AfterEach
  void tearDown() throws Exception {
    if (fsbench != null) {
      fsbench.cleanUp();
    }
  }

  @Test
  void runsAWorkloadFileOnAFreshTunedExt4VolumeAndDestroysIt() throws Exception {
    FsBenchProcess.Finished run =
        fsbench.run(
            "filebench",
            workload.toString(),
            "--fs",
            "ext4",
            "--tune",
            "atime=off",
            "--set",
            "nfiles=50",
            "--runtime",
            "2s");

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stderr())
        .contains("fsbench: loop image 1g: the floor of 1g")
        .contains("fsbench: running " + workload + " on a fresh ext4 volume (1g loop image")
        .contains("tuned atime=off")
        .contains("fsbench: fsbench tiny workload loaded")
        .contains("fsbench: Warning: the dataset (200.0 KiB) is");
    assertThat(run.stdout())
        .startsWith("Per-Operation Breakdown\nclose1 ")
        .containsPattern("\nIO Summary: +[0-9]+ ops [0-9.]+ ops/s [0-9]+/0 rd/wr")
        .contains("Ops/s every 500 ms (fsbench): min ")
        .containsPattern("samples [34]\n")
        .contains("CPU (fsbench, the process): usr ")
        .contains("Dataset (fsbench): 200.0 KiB, <0.01x RAM")
        .contains("Warning: the dataset (200.0 KiB)");
    System.out.println(run.stdout()); // the report, for whoever reads the test's output
    assertVolumeGone(run.stderr());
  }

  @Test
  void ctrlCInTheMiddleOfTheRunReleasesTheVolume() throws Exception {
    Path err = fsbench.workDir().resolve("stderr.txt");
    Process process =
        fsbench.start(
            fsbench.workDir().resolve("stdout.txt"),
            err,
            "filebench",
            workload.toString(),
            "--fs",
            "ext4",
            "--set",
            "nfiles=50",
            "--runtime",
            "60s");
    assertThat(
            FsBenchProcess.await(
                Duration.ofMinutes(2), () -> read(err).contains("fsbench: Running...")))
        .as("the run started; stderr: %s", read(err))
        .isTrue();
    assertThat(fsbench.mountedUnderWorkDir()).isTrue();

    FsBenchProcess.system("kill", "-INT", Long.toString(process.pid()));

    assertThat(process.waitFor(1, TimeUnit.MINUTES)).as("exited after SIGINT").isTrue();
    assertThat(process.exitValue()).as(read(err)).isEqualTo(130);
    assertVolumeGone(read(err));
  }

  private void assertVolumeGone(String stderr) throws Exception {
    assertThat(fsbench.attached()).as("mounts and loop devices left; stderr: %s", stderr).isEmpty();
    try (Stream<Path> entries = Files.list(fsbench.workDir().resolve("registry"))) {
      assertThat(entries.filter(p -> p.toString().endsWith(".resource")))
          .as("registry entries left")
          .isEmpty();
    }
    try (Stream<Path> files = Files.walk(fsbench.workDir())) {
      assertThat(files.filter(p -> p.toString().endsWith(".img"))).as("images left").isEmpty();
    }
    assertThat(stderr).doesNotContain("could not release", "Exception");
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
