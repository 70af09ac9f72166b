package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.FsBench;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.spi.Command;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Core's volumes on every plugin, as an embedder makes them with {@link FsBench#volume}: the
 * registry, timings and remount that the compatibility kit (which calls plugins without core) does
 * not see. Each volume leaves nothing attached and no registry entry once closed, and a refused
 * tuning makes nothing.
 */
class PluginVolumesIT {

  @TempDir Path workDir;

  @ParameterizedTest
  @ValueSource(strings = {"ext4", "xfs", "btrfs", "zfs"})
  void makesRemountsAndReleasesAVolumeAndRefusesBadTuningBeforeMakingOne(String fs)
      throws IOException {
    assumeTrue(FsBenchProcess.isRoot(), "needs root for loop volumes");
    FsBench fsbench = FsBench.builder().workDir(workDir).build();
    PluginInfo plugin =
        fsbench.plugins().stream().filter(p -> p.id().equals(fs)).findFirst().orElseThrow();
    assumeTrue(plugin.availability().isAvailable(), fs + ": " + plugin.availability());
    Host host = FsBench.systemHost();
    byte[] data = "fsbench keeps this across a remount".getBytes(StandardCharsets.UTF_8);

    Path mountPoint;
    try (Volume volume = fsbench.volume(fs, Target.loop(Size.mib(512)), Tuning.defaults())) {
      mountPoint = volume.mountPoint();
      assertThat(host.mountAt(mountPoint)).isPresent();
      assertThat(volume.fileSystem()).isEqualTo(fs);
      assertThat(volume.applied().mountOptions()).isNotBlank();
      assertThat(volume.mkfsTime()).isPositive();
      assertThat(volume.mountTime()).isPositive();
      Path file = mountPoint.resolve("fsbench-kept");
      try (FileChannel out =
          FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        out.write(ByteBuffer.wrap(data));
        out.force(true);
      }
      volume.remount();
      assertThat(volume.unmountTime()).isPresent();
      assertThat(Files.readAllBytes(file)).isEqualTo(data);
    }
    assertThat(host.mountAt(mountPoint)).isEmpty();
    assertNothingLeft(host);

    Tuning unknown = Tuning.parse(List.of("fsbench-it-no-such-option=1"));
    assertThatThrownBy(() -> fsbench.volume(fs, Target.loop(Size.mib(512)), unknown))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("fsbench-it-no-such-option");
    assertNothingLeft(host);
  }

  private void assertNothingLeft(Host host) throws IOException {
    Path registry = workDir.resolve("registry");
    if (Files.isDirectory(registry)) {
      try (Stream<Path> entries = Files.list(registry)) {
        assertThat(entries.filter(p -> p.toString().endsWith(".resource")))
            .as("registry entries")
            .isEmpty();
      }
    }
    String loops =
        host.shell()
            .run(Command.of("losetup", "--list", "--noheadings", "--output", "NAME,BACK-FILE"))
            .stdout();
    assertThat(loops).as("loop devices").doesNotContain(workDir.toString());
    assertThat(host.mounts()).noneMatch(m -> m.mountPoint().startsWith(workDir));
  }
}
