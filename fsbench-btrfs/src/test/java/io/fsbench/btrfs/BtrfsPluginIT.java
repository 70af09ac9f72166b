package io.fsbench.btrfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Feature;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.tck.LoopImage;
import io.fsbench.tck.PluginDriver;
import io.fsbench.tck.TestHosts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Makes real Btrfs filesystems on a loop device with every setting the plugin claims and checks
 * that the system reports each back. Needs root and btrfs-progs; skipped otherwise.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BtrfsPluginIT {

  private final Host host = TestHosts.real();
  private final BtrfsPlugin plugin = new BtrfsPlugin();
  private final PluginDriver driver = new PluginDriver(plugin, host);
  private LoopImage loop;

  @BeforeAll
  void makeALoopDevice() {
    TestHosts.assumeUsable(plugin, host);
    loop = driver.attach("fsbench-it-btrfs", Size.mib(512));
  }

  @AfterEach
  void unmountAndDestroy() {
    if (loop != null) {
      driver.release(loop.spec(Tuning.defaults()));
    }
  }

  @AfterAll
  void releaseTheLoopDevice() {
    driver.close();
  }

  Stream<String> claimedSettings() {
    return plugin.tuningSupport(host).supported().stream();
  }

  /** Formats and mounts, then reads back as core does; returns the tuning read back. */
  private Tuning makeAndReadBack(FileSystemSpec spec) throws IOException {
    List<Command> mkfs = driver.make(spec);
    Files.writeString(spec.mountPoint().resolve("hello"), "world");
    return readBack(spec, mkfs);
  }

  private Tuning readBack(FileSystemSpec spec, List<Command> mkfs) {
    AppliedTuning applied = driver.applied(spec, mkfs);
    assertThat(applied.fileSystemType()).isEqualTo("btrfs");
    return plugin.readBack(spec, applied);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("claimedSettings")
  void readsBackEveryClaimedSetting(String setting) throws IOException {
    Tuning requested = Tuning.parse(List.of(setting));
    assertThat(makeAndReadBack(loop.spec(requested)).asMap()).isEqualTo(requested.asMap());
  }

  @Test
  void readsBackACombinationOfMkfsAndMountSettings() throws IOException {
    Tuning requested =
        Tuning.parse(
            List.of(
                "atime=off",
                "compress-force=zstd:1",
                "barriers=off",
                "sync=always",
                "nodesize=16k",
                "blocksize=4k",
                "data_profile=dup",
                "metadata_profile=single",
                "csum=sha256",
                "ssd=on"));
    assertThat(makeAndReadBack(loop.spec(requested)).asMap()).isEqualTo(requested.asMap());
  }

  @Test
  void remountsWithTheSameOptionsAndKeepsTheData() throws IOException {
    FileSystemSpec spec =
        loop.spec(Tuning.parse(List.of("compression=lzo", "cow=on", "atime=off")));
    List<Command> mkfs = driver.make(spec);
    Files.writeString(spec.mountPoint().resolve("kept"), "across remounts");
    plugin.unmount(spec, host);
    assertThat(host.mountAt(spec.mountPoint())).isEmpty();
    plugin.unmount(spec, host); // idempotent
    plugin.mount(spec, host);
    assertThat(Files.readString(spec.mountPoint().resolve("kept"))).isEqualTo("across remounts");
    assertThat(readBack(spec, mkfs).asMap()).isEqualTo(spec.tuning().asMap());
  }

  /** The DIRECT_IO claim, checked: a repeated O_DIRECT read goes to the device again. */
  @Test
  void directIoReadsBypassThePageCache() throws IOException {
    FileSystemSpec spec = loop.spec(Tuning.defaults());
    plugin.format(spec, host);
    plugin.mount(spec, host);
    Path file = spec.mountPoint().resolve("direct");
    byte[] bytes = new byte[16 << 20];
    new Random(7).nextBytes(bytes);
    Files.write(file, bytes);
    plugin.unmount(spec, host);
    plugin.mount(spec, host);
    Command directRead = Command.of("dd", "if=" + file, "of=/dev/null", "bs=1M", "iflag=direct");
    long first = loop.sectorsReadWhile(() -> host.shell().run(directRead));
    long second = loop.sectorsReadWhile(() -> host.shell().run(directRead));
    assertThat(plugin.features(host)).contains(Feature.DIRECT_IO);
    System.out.printf(
        "O_DIRECT reads of 16 MiB: %d then %d sectors from the device%n", first, second);
    assertThat(first * 512).isGreaterThan(bytes.length * 9L / 10);
    assertThat(second * 512)
        .as("not served from the page cache")
        .isGreaterThan(bytes.length * 9L / 10);
  }

  @Test
  void reportsTheInstalledToolVersions() {
    assertThat(plugin.toolVersions(host).get("mkfs.btrfs")).matches("\\d+\\.\\d+.*");
  }
}
