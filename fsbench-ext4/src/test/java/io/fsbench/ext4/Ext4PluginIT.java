package io.fsbench.ext4;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.tck.PluginDriver;
import io.fsbench.tck.TestHosts;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the compatibility kit ({@link Ext4PluginContractIT}) does not check: combined settings, and
 * the layout of small images. Makes real ext4 filesystems on loop devices with the plugin's exact
 * command lines, without core's volumes. Needs root and e2fsprogs.
 */
class Ext4PluginIT {

  private static final Host HOST = TestHosts.real();
  private final Ext4Plugin plugin = new Ext4Plugin();
  private final PluginDriver driver = new PluginDriver(plugin, HOST);
  private FileSystemSpec spec;

  @BeforeAll
  static void needsRootAndTools() {
    TestHosts.assumeUsable(new Ext4Plugin(), HOST);
  }

  @AfterEach
  void release() {
    driver.close();
  }

  @Test
  void combinesMountKnobsOnADefaultSizedDisk() throws Exception {
    Tuning tuning =
        Tuning.parse(
            List.of(
                "atime=off",
                "diratime=off",
                "data=writeback",
                "barriers=off",
                "sync=always",
                "blocksize=4k",
                "inode_size=1024",
                "mount-options=commit=30"));
    Tuning readBack = makeAndReadBack(tuning, Size.mib(600));
    assertThat(readBack.asMap()).containsAllEntriesOf(tuning.asMap());
  }

  @Test
  void givesSmallImagesTheFourKibibyteBlocksOfARealDisk() throws Exception {
    makeAndReadBack(Tuning.defaults(), Size.mib(128));
    assertThat(plugin.properties(spec, HOST)).containsEntry("block_size", "4096");
  }

  @Test
  void reportsTheToolVersionAndMetadataChecksums() {
    assertThat(plugin.toolVersions(HOST)).containsKey("mkfs.ext4");
    assertThat(plugin.features(HOST)).isNotEmpty();
  }

  private Tuning makeAndReadBack(Tuning tuning, Size size) throws Exception {
    spec = driver.attach("fsbench-it-ext4", size).spec(tuning);
    List<Command> mkfs = driver.make(spec);
    Files.writeString(spec.mountPoint().resolve("hello"), "world");
    return driver.readBack(spec, mkfs);
  }
}
