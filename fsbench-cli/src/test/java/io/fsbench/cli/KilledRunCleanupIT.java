package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A JVM holding a volume is killed with SIGKILL, so no shutdown hook runs; {@code fsbench cleanup}
 * must then release its mount, pool, loop device and image.
 */
class KilledRunCleanupIT {

  private FsBenchProcess fsbench;

  @BeforeEach
  void setUp() throws IOException {
    assumeTrue(FsBenchProcess.isRoot(), "needs root: it makes loop devices and mounts");
    fsbench =
        new FsBenchProcess(Files.createTempDirectory(Path.of("/var/tmp"), "fsbench-killtest-"));
  }

  @AfterEach
  void tearDown() throws Exception {
    if (fsbench != null) {
      fsbench.cleanUp();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ext4", "zfs"})
  void cleanupReleasesEverythingAKilledRunHeld(String fileSystem) throws Exception {
    assumeTrue(fsbench.available(fileSystem), fileSystem + " is not available here");
    Process holder = fsbench.start("volume", "--fs", fileSystem);
    String mountPoint = awaitReady(holder);
    assertThat(fsbench.attached()).as("held before the kill").isNotEmpty();

    holder.destroyForcibly(); // SIGKILL: no shutdown hook runs
    assertThat(holder.waitFor(1, TimeUnit.MINUTES)).isTrue();
    assertThat(fsbench.attached()).as("left by the killed run").isNotEmpty();

    FsBenchProcess.Finished cleanup = fsbench.run("cleanup");

    assertThat(cleanup.exitCode()).as(cleanup.stdout()).isZero();
    assertThat(cleanup.stdout()).contains("released");
    assertThat(fsbench.attached()).as("after cleanup").isEmpty();
    assertThat(Path.of(mountPoint)).doesNotExist();
  }

  @Test
  void cleanupThawsAVolumeAKilledRunLeftFrozenBeforeReleasingIt() throws Exception {
    assumeTrue(fsbench.available("ext4"), "ext4 is not available here");
    Process holder = fsbench.start("volume", "--fs", "ext4");
    String mountPoint = awaitReady(holder);
    // as a run killed between aging's freeze and its thaw leaves it
    Process freeze = new ProcessBuilder("fsfreeze", "-f", mountPoint).inheritIO().start();
    assertThat(freeze.waitFor()).as("fsfreeze -f " + mountPoint).isZero();

    holder.destroyForcibly();
    assertThat(holder.waitFor(1, TimeUnit.MINUTES)).isTrue();
    FsBenchProcess.Finished cleanup = fsbench.run("cleanup");

    assertThat(cleanup.exitCode()).as(cleanup.stdout() + cleanup.stderr()).isZero();
    assertThat(cleanup.stderr()).contains("thawed " + mountPoint);
    assertThat(fsbench.attached()).as("after cleanup").isEmpty();
    assertThat(Path.of(mountPoint)).doesNotExist();
  }

  private String awaitReady(Process process) throws IOException {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String mountPoint = null;
    List<String> seen = new ArrayList<>();
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      seen.add(line);
      if (line.startsWith("mount point: ")) {
        mountPoint = line.substring("mount point: ".length());
      }
      if (line.startsWith("ready")) {
        return mountPoint;
      }
    }
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    throw new AssertionError("fsbench volume ended before it was ready: " + seen + " " + err);
  }
}
