package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Attaches real loop devices and checks that nothing is left once the image is closed. */
class LoopImageIT {

  private static final Host HOST = TestHosts.real();

  @BeforeAll
  static void needsRoot() {
    assumeTrue(HOST.isRoot(), "needs root to attach loop devices");
  }

  private static boolean attached(Path image) {
    return HOST.shell()
        .run(Command.of("losetup", "--list", "--noheadings", "--output", "BACK-FILE"))
        .stdout()
        .contains(image.toString());
  }

  @Test
  void attachesASparseImageAndReleasesAllOfItOnClose() throws Exception {
    Path image;
    Path directory;
    try (LoopImage loop = LoopImage.attach(HOST, "fsbench-it-loop", Size.mib(64))) {
      image = loop.image();
      directory = loop.mountPoint().getParent();
      assertThat(loop.device().toString()).startsWith("/dev/loop");
      assertThat(attached(image)).isTrue();
      assertThat(Files.size(image)).isEqualTo(Size.mib(64).bytes());
      assertThat(Files.isDirectory(loop.mountPoint())).isTrue();
      FileSystemSpec spec = loop.spec(Tuning.defaults());
      assertThat(spec.device()).isEqualTo(loop.device());
      assertThat(spec.name()).isEqualTo("fsbench-it-loop");
      assertThat(spec.stateDir()).isEqualTo(loop.stateDir());
      loop.close();
      loop.close(); // idempotent
    }
    assertThat(attached(image)).isFalse();
    assertThat(directory).doesNotExist();
  }

  @Test
  void unmountsWhatATestLeftMountedBeforeDetaching() throws Exception {
    Path image;
    try (LoopImage loop = LoopImage.attach(HOST, "fsbench-it-loop", Size.mib(64))) {
      image = loop.image();
      HOST.shell().run(Command.of("mkfs.ext4", "-q", "-F", loop.device().toString()));
      HOST.shell().run(Command.of("mount", loop.device().toString(), loop.mountPoint().toString()));
      assertThat(HOST.mountAt(loop.mountPoint())).isPresent();
    }
    assertThat(attached(image)).isFalse();
  }

  @Test
  void countsTheSectorsADirectReadTakesFromTheDevice() throws Exception {
    try (LoopImage loop = LoopImage.attach(HOST, "fsbench-it-loop", Size.mib(64))) {
      Command read =
          Command.of(
              "dd", "if=" + loop.device(), "of=/dev/null", "bs=1M", "count=4", "iflag=direct");
      assertThat(loop.sectorsReadWhile(() -> HOST.shell().run(read))).isEqualTo(4 * 2048);
    }
  }

  @Test
  void refusesANameWithoutFsbench() {
    assertThatThrownBy(() -> LoopImage.attach(HOST, "scratch", Size.mib(64)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fsbench");
  }
}
