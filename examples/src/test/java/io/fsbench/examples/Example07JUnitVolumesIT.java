package io.fsbench.examples;

import static io.fsbench.api.Size.kib;
import static io.fsbench.api.Size.mib;

import io.fsbench.FsBench;
import io.fsbench.api.RunResult;
import io.fsbench.junit.Expect;
import io.fsbench.junit.FsBenchTest;
import io.fsbench.junit.FsBenchVolume;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Example 7: test code on real filesystems with {@code fsbench-junit}. A parameter annotated
 * {@code @FsBenchVolume} is the mount point of a fresh, tuned loop volume, made before the test and
 * destroyed after it (also when the test throws); {@code @FsBenchTest} runs a test once per
 * filesystem; {@code Expect} fails with actual and expected values and the run's parameters. Not
 * root, or a tool missing: the tests are aborted with the reason, not failed.
 */
class Example07JUnitVolumesIT {

  @Test
  void randomWritesOnATunedXfsVolumeKeepUp(
      @FsBenchVolume(fs = "xfs", tune = "atime=off", size = "512m") Path mount) {
    RunResult run =
        FsBench.onDirectory(mount)
            .randWrite(kib(4))
            .size(mib(64))
            .runtime(Duration.ofSeconds(2))
            .timeBased()
            .run();

    Expect.that(run).write().iops().atLeast(100).clatPercentile(99).atMost(Duration.ofSeconds(1));
  }

  @FsBenchTest(fileSystems = {"ext4", "xfs"})
  void aFileWrittenOnEachFileSystemReadsBack(Path mount) throws IOException {
    Path file = mount.resolve("fsbench-example07");
    Files.writeString(file, "written on " + mount);

    if (!Files.readString(file).equals("written on " + mount)) {
      throw new AssertionError(file + " did not read back what was written");
    }
  }
}
