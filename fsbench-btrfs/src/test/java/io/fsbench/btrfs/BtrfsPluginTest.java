package io.fsbench.btrfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Availability;
import io.fsbench.api.Feature;
import io.fsbench.api.Size;
import io.fsbench.api.ToolMissingException;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.TuningSupport;
import io.fsbench.tck.FakeHost;
import io.fsbench.tck.Fixtures;
import io.fsbench.tck.ScriptedShell;
import io.fsbench.tck.TuningClaims;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BtrfsPluginTest {

  private static String fixture(String name) {
    return Fixtures.text(BtrfsPluginTest.class, name);
  }

  private static final String MOUNTED =
      "/dev/loop7 /tmp/fsbench-mnt btrfs rw,relatime,space_cache=v2,subvolid=5,subvol=/ 0 0";

  private final BtrfsPlugin plugin = new BtrfsPlugin();
  private final FakeHost host =
      new FakeHost().kernel("6.18.44-fc-v595").kernelFileSystems("ext4", "btrfs", "fuse");
  private final ScriptedShell shell = host.shell();

  private static FileSystemSpec spec(String... settings) {
    return new FileSystemSpec(
        Path.of("/dev/loop7"),
        Path.of("/tmp/fsbench-mnt"),
        "fsbench-btrfs-1",
        Path.of("/tmp/fsbench-state"),
        Size.gib(1),
        Tuning.parse(List.of(settings)));
  }

  @Test
  void isAvailableWithTheToolsAndTheKernelDriver() {
    assertThat(plugin.availability(host).isAvailable()).isTrue();
  }

  @Test
  void isUnavailableWithoutBtrfsProgsAndSaysWhatToInstall() {
    host.withoutTool("mkfs.btrfs");
    Availability availability = plugin.availability(host);
    assertThat(availability.isAvailable()).isFalse();
    assertThat(availability.reason()).contains("mkfs.btrfs");
    assertThat(availability.hint()).isEqualTo("apt-get install btrfs-progs");
  }

  @Test
  void isUnavailableWhenTheKernelHasNoBtrfsAndNoModule() {
    host.kernelFileSystems("ext4");
    shell.answer("modprobe -n -q btrfs", 1, "", "modprobe: FATAL: Module btrfs not found");
    Availability availability = plugin.availability(host);
    assertThat(availability.isAvailable()).isFalse();
    assertThat(availability.reason()).contains("no btrfs driver").contains("6.18.44");
    assertThat(availability.hint()).contains("modprobe btrfs");
  }

  @Test
  void isAvailableWhenTheBtrfsModuleCanBeLoadedAtMount() {
    host.kernelFileSystems("ext4");
    assertThat(plugin.availability(host).isAvailable()).isTrue();
    assertThat(shell.commandLines()).containsExactly("modprobe -n -q btrfs");
  }

  @Test
  void claimsTheFeaturesBtrfsHasAndNoJournal() {
    assertThat(plugin.features(host))
        .containsExactlyInAnyOrder(
            Feature.COMPRESSION,
            Feature.SNAPSHOTS,
            Feature.DATA_CHECKSUMS,
            Feature.METADATA_CHECKSUMS,
            Feature.COPY_ON_WRITE,
            Feature.DIRECT_IO,
            Feature.REFLINK,
            Feature.IN_KERNEL)
        .doesNotContain(Feature.JOURNAL);
    assertThat(plugin.maxFileSize()).isEqualTo(Size.bytes(Long.MAX_VALUE));
    assertThat(plugin.minimumDeviceSize()).isEqualTo(Size.mib(256));
  }

  @Test
  void everyClaimedSettingValidatesAndEveryRefusedOneIsRefusedWithItsListedReason() {
    TuningSupport support = TuningClaims.assertHoldWithExactReasons(plugin, host);
    assertThat(support.supported()).contains("compression=zstd:-5", "cow=off", "nodesize=64k");
    assertThat(support.refused()).containsKeys("journal=off", "data=writeback", "sync=disabled");
  }

  @Test
  void claimsNoZstdFastLevelsBeforeLinux615() {
    host.kernel("6.1.0-18-amd64");
    assertThat(plugin.tuningSupport(host).supported()).doesNotContain("compression=zstd:-5");
  }

  @Test
  void validateRunsNothing() {
    plugin.validate(Tuning.parse(List.of("compression=zstd", "nodesize=16k")), host);
    assertThat(shell.commands()).isEmpty();
  }

  @Test
  void formatRunsMkfsWithTheTuningAndReturnsIt() {
    var commands = plugin.format(spec("data_profile=dup", "nodesize=16k"), host);
    assertThat(shell.commandLines())
        .containsExactly("mkfs.btrfs -f -L fsbench-btrfs-1 -d dup -n 16384 /dev/loop7");
    assertThat(commands).containsExactlyElementsOf(shell.commands());
  }

  @Test
  void formatRefusesABadTuningBeforeRunningMkfs() {
    assertThatThrownBy(() -> plugin.format(spec("compression=zstd", "cow=off"), host))
        .isInstanceOf(UnsupportedTuningException.class);
    assertThat(shell.commands()).isEmpty();
  }

  @Test
  void mountsWithTheOptionsOfTheTuning() {
    plugin.mount(spec("atime=off", "compress-force=zstd:3", "ssd=off"), host);
    assertThat(shell.commandLines())
        .containsExactly(
            "mount -t btrfs -o noatime,compress-force=zstd:3,nossd /dev/loop7 /tmp/fsbench-mnt");
  }

  @Test
  void mountsWithoutOptionsByDefaultAndNotTwice() {
    plugin.mount(spec(), host);
    assertThat(shell.commandLines()).containsExactly("mount -t btrfs /dev/loop7 /tmp/fsbench-mnt");
    host.mounted(MOUNTED);
    plugin.mount(spec(), host);
    assertThat(shell.commands()).hasSize(1);
  }

  @Test
  void unmountsWithUmountWhileMounted() {
    shell.answer("umount", "");
    plugin.unmount(spec(), host);
    assertThat(shell.commands()).isEmpty();
    host.mounted(MOUNTED);
    shell.answer(
        "umount",
        command -> {
          host.mounted("sysfs /sys sysfs rw 0 0");
          return CommandResult.ok(command, "");
        });
    plugin.unmount(spec(), host);
    assertThat(shell.commandLines()).containsExactly("umount /tmp/fsbench-mnt");
  }

  @Test
  void readsPropertiesFromTheSuperblockAndTheMountedFilesystem() {
    shell
        .answer("btrfs inspect-internal dump-super", fixture("dump-super-nodesize-8k.txt"))
        .answer("btrfs filesystem df", fixture("filesystem-df-bytes-dup-single.txt"));
    host.mounted(MOUNTED);
    assertThat(plugin.properties(spec(), host))
        .containsEntry("nodesize", "8192")
        .containsEntry("sectorsize", "4096")
        .containsEntry("csum_type", "crc32c")
        .containsEntry("data_profile", "dup")
        .containsEntry("metadata_profile", "single");
    assertThat(shell.commandLines())
        .containsExactly(
            "btrfs inspect-internal dump-super /dev/loop7",
            "btrfs filesystem df -b /tmp/fsbench-mnt");
  }

  @Test
  void readsOnlyTheSuperblockWhenNotMounted() {
    shell.answer("btrfs inspect-internal dump-super", fixture("dump-super-xxhash.txt"));
    assertThat(plugin.properties(spec(), host))
        .containsEntry("csum_type", "xxhash64")
        .doesNotContainKey("data_profile");
  }

  @Test
  void destroyForgetsTheDeviceAndToleratesItsAbsence() {
    shell.answer("btrfs device scan --forget", 1, "", "ERROR: not a block device: /dev/loop7");
    plugin.destroy(spec(), host);
    assertThat(shell.commandLines()).containsExactly("btrfs device scan --forget /dev/loop7");
    shell.fail(
        "btrfs device scan --forget",
        new ToolMissingException("btrfs", "apt-get install btrfs-progs"));
    plugin.destroy(spec(), host);
  }

  @Test
  void reportsToolVersionsAndNeverThrows() {
    shell
        .answer("mkfs.btrfs --version", fixture("mkfs-btrfs-version.txt"))
        .answer("btrfs --version", fixture("btrfs-version.txt"));
    assertThat(plugin.toolVersions(host))
        .containsEntry("mkfs.btrfs", "6.2")
        .containsEntry("btrfs", "6.2");
    shell.fail(
        "mkfs.btrfs --version",
        new ToolMissingException("mkfs.btrfs", "apt-get install btrfs-progs"));
    assertThat(plugin.toolVersions(host).get("mkfs.btrfs"))
        .startsWith("not installed")
        .contains("btrfs-progs");
  }
}
