package io.fsbench.xfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.tck.LoopImage;
import io.fsbench.tck.PluginDriver;
import io.fsbench.tck.TestHosts;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the compatibility kit ({@link XfsPluginContractIT}) does not check: combined settings, the
 * declared minimum device size and the V4 detection against a real mount. Makes real XFS
 * filesystems on loop devices with the plugin's exact command lines, without core's volumes. Needs
 * root and xfsprogs.
 */
class XfsPluginIT {

  private static final Host HOST = TestHosts.real();
  private final XfsPlugin plugin = new XfsPlugin();
  private final PluginDriver driver = new PluginDriver(plugin, HOST);

  @BeforeAll
  static void needsRootAndTools() {
    TestHosts.assumeUsable(new XfsPlugin(), HOST);
  }

  @AfterEach
  void release() {
    driver.close();
  }

  @Test
  void combinesKnobsAndOptions() throws Exception {
    Tuning tuning =
        Tuning.parse(
            List.of(
                "atime=off",
                "diratime=off",
                "sync=always",
                "blocksize=2k",
                "log_size=128m",
                "logbsize=64k",
                "allocsize=64k",
                "reflink=off",
                "crc=on"));
    Tuning readBack = makeAndReadBack(tuning, Size.gib(1));
    assertThat(readBack.asMap()).containsAllEntriesOf(tuning.asMap());
  }

  @Test
  void mkfsRefusesADeviceBelowTheDeclaredMinimum() {
    LoopImage image =
        driver.attach(
            "fsbench-it-xfs", Size.bytes(plugin.minimumDeviceSize().bytes() - Size.mib(1).bytes()));
    FileSystemSpec small = image.spec(Tuning.defaults());
    assertThatThrownBy(() -> plugin.format(small, HOST)).hasMessageContaining("300MB");
  }

  /** The plugin refuses crc=off exactly when this kernel really cannot mount a V4 filesystem. */
  @Test
  void refusesCrcOffExactlyWhenTheKernelCannotMountV4() {
    LoopImage image = driver.attach("fsbench-it-xfs", plugin.minimumDeviceSize());
    FileSystemSpec probe = image.spec(Tuning.defaults());
    HOST.shell().run(Command.of("mkfs.xfs", "-f", "-q", "-m", "crc=0", probe.device().toString()));
    CommandResult mount =
        HOST.shell()
            .probe(
                Command.of(
                    "mount",
                    "-t",
                    "xfs",
                    probe.device().toString(),
                    probe.mountPoint().toString()));
    // if the kernel did mount it, closing the image in release() unmounts it
    Optional<Boolean> known = new XfsHost(HOST).mountsV4();
    assumeTrue(known.isPresent(), "the kernel configuration is not readable here");
    assertThat(known.get()).isEqualTo(mount.succeeded());
    if (!mount.succeeded()) {
      assertThatThrownBy(() -> plugin.validate(Tuning.parse(List.of("crc=off")), HOST))
          .isInstanceOf(UnsupportedTuningException.class);
    }
  }

  @Test
  void reportsTheToolVersion() {
    assertThat(plugin.toolVersions(HOST)).containsKey("mkfs.xfs");
  }

  private Tuning makeAndReadBack(Tuning tuning, Size size) throws Exception {
    FileSystemSpec spec = driver.attach("fsbench-it-xfs", size).spec(tuning);
    List<Command> mkfs = driver.make(spec);
    Files.writeString(spec.mountPoint().resolve("hello"), "world");
    return driver.readBack(spec, mkfs);
  }
}
