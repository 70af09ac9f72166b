package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SIGINT and SIGTERM at each phase of a run — while the JVM starts and releases orphans, while a
 * volume is being made, while a job runs, while a volume is kept — stop fsbench within two seconds
 * with exit 130 or 143, and leave nothing attached and nothing in the registry, without a cleanup.
 */
class SignalIT {

  /** How long fsbench may take from the signal to its exit, releases included. */
  private static final Duration STOP_WITHIN = Duration.ofSeconds(2);

  private FsBenchProcess fsbench;
  private Path scratch;

  @BeforeEach
  void setUp() throws Exception {
    assumeTrue(FsBenchProcess.isRoot(), "signals during volume creation need root");
    scratch = Files.createTempDirectory(Path.of("/var/tmp"), "fsbench-signal-it-");
    fsbench = new FsBenchProcess(Files.createDirectory(scratch.resolve("work")));
    assumeTrue(fsbench.available("ext4"), "ext4 is not available here");
  }

  @AfterEach
  void tearDown() throws Exception {
    if (fsbench != null) {
      fsbench.cleanUp();
      FsBenchProcess.deleteRecursively(scratch);
    }
  }

  @Test
  void ctrlCWhileTheVolumeIsBeingMadeReleasesWhatWasMadeSoFar() throws Exception {
    Path started = scratch.resolve("mkfs-started");
    fsbench.pathFirst(slowMkfs(started));
    Process run = start("run", "--fs", "ext4", "--rw", "write", "--bs", "1m", "--size", "16m");
    assertThat(FsBenchProcess.await(Duration.ofMinutes(1), () -> Files.exists(started)))
        .as("mkfs.ext4 was started; stderr: %s", stderr())
        .isTrue();
    assertThat(fsbench.attached()).as("the loop device mkfs works on").isNotEmpty();

    assertStopsCleanly(run, "INT", 130);
  }

  @Test
  void ctrlCWhileAJobRunsStopsItAndReleasesTheVolume() throws Exception {
    Process run =
        start(
            "run",
            "--fs",
            "ext4",
            "--rw",
            "randwrite",
            "--bs",
            "4k",
            "--size",
            "64m",
            "--runtime",
            "60s",
            "--time-based");
    awaitMounted();

    assertStopsCleanly(run, "INT", 130);
  }

  @Test
  void sigtermWhileAFioJobRunsStopsItAndReleasesTheVolume() throws Exception {
    Path job = scratch.resolve("fsbench-job.fio");
    Files.writeString(job, "[writer]\nrw=randwrite\nbs=4k\nsize=64m\ntime_based=1\nruntime=60\n");
    Process fio = start("fio", job.toString(), "--fs", "ext4");
    awaitMounted();

    assertStopsCleanly(fio, "TERM", 143);
  }

  @Test
  void ctrlCReleasesAVolumeKeptUntilCtrlC() throws Exception {
    Process volume = start("volume", "--fs", "ext4");
    awaitMounted();

    assertStopsCleanly(volume, "INT", 130);
  }

  @Test
  void ctrlCWhileTheComparisonStartsStopsAtOnce() throws Exception {
    Process compare =
        start(
            "compare",
            "--fs",
            "ext4",
            "--workloads",
            "seqwrite-128k",
            "--repeat",
            "1",
            "--out",
            scratch.resolve("fsbench-report").toString(),
            "--no-progress");
    // As soon as the JVM is up (it has opened its work dir): orphan release, sizing and probing
    // of the environment come next, before any volume.
    assertThat(
            FsBenchProcess.await(
                Duration.ofMinutes(1), () -> Files.exists(fsbench.workDir().resolve("registry"))))
        .isTrue();

    assertStopsCleanly(compare, "INT", 130);
  }

  private Process start(String... args) throws IOException {
    return fsbench.start(scratch.resolve("stdout.txt"), scratch.resolve("stderr.txt"), args);
  }

  private void awaitMounted() throws Exception {
    assertThat(FsBenchProcess.await(Duration.ofMinutes(2), fsbench::mountedUnderWorkDir))
        .as("a volume was mounted; stderr: %s", stderr())
        .isTrue();
  }

  private void assertStopsCleanly(Process process, String signal, int exitCode) throws Exception {
    assertThat(process.isAlive()).as("still running when signalled; stderr: %s", stderr()).isTrue();
    long sent = System.nanoTime();
    FsBenchProcess.system("kill", "-" + signal, Long.toString(process.pid()));
    boolean exited = process.waitFor(1, TimeUnit.MINUTES);
    Duration took = Duration.ofNanos(System.nanoTime() - sent);

    assertThat(exited).as("exited after SIG%s", signal).isTrue();
    assertThat(process.exitValue()).as("exit code; stderr: %s", stderr()).isEqualTo(exitCode);
    assertThat(took).as("from SIG%s to exit; stderr: %s", signal, stderr()).isLessThan(STOP_WITHIN);
    assertThat(fsbench.attached())
        .as("attached after SIG%s; stderr: %s", signal, stderr())
        .isEmpty();
    assertThat(FsBenchProcess.poolsOf(process.pid())).isEmpty();
    try (var entries = Files.list(fsbench.workDir().resolve("registry"))) {
      assertThat(entries.filter(p -> p.toString().endsWith(".resource")))
          .as("registry entries left")
          .isEmpty();
    }
    assertThat(stderr()).doesNotContain("could not release", "Exception");
  }

  private String stderr() {
    try {
      Path file = scratch.resolve("stderr.txt");
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * A directory with a {@code mkfs.ext4} that answers version probes as the real one does, and
   * otherwise marks that it started and takes a minute: a volume caught in the making.
   */
  private Path slowMkfs(Path started) throws IOException {
    Path bin = Files.createDirectory(scratch.resolve("bin"));
    Path mkfs = bin.resolve("mkfs.ext4");
    String real =
        Files.exists(Path.of("/usr/sbin/mkfs.ext4")) ? "/usr/sbin/mkfs.ext4" : "/sbin/mkfs.ext4";
    Files.writeString(
        mkfs,
        "#!/bin/sh\n"
            + "case \"$*\" in -V*) exec "
            + real
            + " \"$@\";; esac\n"
            + "touch "
            + started
            + "\nexec sleep 60\n");
    Files.setPosixFilePermissions(mkfs, PosixFilePermissions.fromString("rwxr-xr-x"));
    return bin;
  }
}
