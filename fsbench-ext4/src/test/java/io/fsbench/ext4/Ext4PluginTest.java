package io.fsbench.ext4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Availability;
import io.fsbench.api.Feature;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.tck.FakeHost;
import io.fsbench.tck.Fixtures;
import io.fsbench.tck.ScriptedShell;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class Ext4PluginTest {

  private static final Path DEVICE = Path.of("/dev/loop7");
  private static final Path MOUNT_POINT = Path.of("/var/tmp/fsbench/mnt-1");

  private final Ext4Plugin plugin = new Ext4Plugin();
  private final FakeHost host = new FakeHost().kernel("6.18.44-fc-v595");
  private final ScriptedShell shell = host.shell();

  private static String fixture(String name) {
    return Fixtures.text(Ext4PluginTest.class, name);
  }

  private static FileSystemSpec spec(Size deviceSize, String... settings) {
    return new FileSystemSpec(
        DEVICE,
        MOUNT_POINT,
        "fsbench-vol-0001",
        Path.of("/var/tmp/fsbench/state-1"),
        deviceSize,
        Tuning.parse(List.of(settings)));
  }

  private static FileSystemSpec spec(String... settings) {
    return spec(Size.gib(1), settings);
  }

  private String formatted(FileSystemSpec spec) {
    List<Command> commands = plugin.format(spec, host);
    assertThat(shell.commands()).isEqualTo(commands);
    return commands.get(0).commandLine();
  }

  private String mounted(FileSystemSpec spec) {
    plugin.mount(spec, host);
    return shell.commands().get(0).commandLine();
  }

  private void refuses(String setting, String... messageParts) {
    Tuning tuning = Tuning.parse(List.of(setting));
    assertThatThrownBy(() -> plugin.validate(tuning, host))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("ext4")
        .hasMessageContainingAll(messageParts);
  }

  @Test
  void formatsWithLazyInitOffAndTheVolumeNameAsLabel() {
    assertThat(formatted(spec()))
        .isEqualTo(
            "mkfs.ext4 -F -L fsbench-vol-0001 -E lazy_itable_init=0,lazy_journal_init=0"
                + " /dev/loop7");
  }

  @Test
  void asksForTheDefaultUsageTypeOnDevicesUnder512MiB() {
    assertThat(formatted(spec(Size.mib(256))))
        .isEqualTo(
            "mkfs.ext4 -F -L fsbench-vol-0001 -T default"
                + " -E lazy_itable_init=0,lazy_journal_init=0 /dev/loop7");
  }

  @Test
  void formatsWithBlockSizeInodeSizeAndWithoutJournal() {
    assertThat(formatted(spec("blocksize=2k", "inode_size=512", "journal=off")))
        .isEqualTo(
            "mkfs.ext4 -F -L fsbench-vol-0001 -b 2048 -I 512 -O ^has_journal"
                + " -E lazy_itable_init=0,lazy_journal_init=0 /dev/loop7");
  }

  @Test
  void allowsLazyInitWhenAsked() {
    assertThat(formatted(spec("lazy_init=on")))
        .contains("-E lazy_itable_init=1,lazy_journal_init=1 /dev/loop7");
  }

  @Test
  void appendsExtraMkfsArgumentsAndMergesExtendedOptionsIntoItsOwn() {
    assertThat(formatted(spec("mkfs-options=-m 1 -E stride=16,stripe_width=64 -O ^metadata_csum")))
        .isEqualTo(
            "mkfs.ext4 -F -L fsbench-vol-0001"
                + " -E lazy_itable_init=0,lazy_journal_init=0,stride=16,stripe_width=64"
                + " -m 1 -O ^metadata_csum /dev/loop7");
  }

  @Test
  void fitsLongVolumeNamesIntoTheSixteenByteLabel() {
    FileSystemSpec spec =
        new FileSystemSpec(
            DEVICE,
            MOUNT_POINT,
            "fsbench-12345-ext4-000042",
            Path.of("/tmp/s"),
            Size.gib(1),
            Tuning.defaults());
    assertThat(formatted(spec)).startsWith("mkfs.ext4 -F -L fsbench-4-000042 ");
  }

  @Test
  void mountsWithoutOptionsByDefault() {
    assertThat(mounted(spec())).isEqualTo("mount -t ext4 /dev/loop7 /var/tmp/fsbench/mnt-1");
  }

  @Test
  void mountsWithEveryMountKnob() {
    assertThat(
            mounted(
                spec(
                    "atime=off",
                    "diratime=off",
                    "sync=always",
                    "data=writeback",
                    "barriers=off",
                    "mount-options=commit=30,discard")))
        .isEqualTo(
            "mount -t ext4 -o noatime,nodiratime,sync,data=writeback,barrier=0,commit=30,discard"
                + " /dev/loop7 /var/tmp/fsbench/mnt-1");
  }

  @Test
  void mountsStrictatimeForAtimeOnAndBarrier1ForBarriersOn() {
    assertThat(mounted(spec("atime=on", "barriers=on", "data=journal")))
        .isEqualTo(
            "mount -t ext4 -o strictatime,data=journal,barrier=1"
                + " /dev/loop7 /var/tmp/fsbench/mnt-1");
  }

  @Test
  void rejectsDataModesWithJournalOff() {
    for (String mode : List.of("ordered", "writeback", "journal")) {
      Tuning tuning = Tuning.parse(List.of("journal=off", "data=" + mode));
      assertThatThrownBy(() -> plugin.validate(tuning, host))
          .isInstanceOf(UnsupportedTuningException.class)
          .hasMessageContaining("data=" + mode)
          .hasMessageContaining("journal=off makes ext4 without one");
    }
  }

  @Test
  void rejectsCompression() {
    refuses("compression=zstd:3", "compression=zstd:3", "ext4 has no compression");
  }

  @Test
  void rejectsCopyOnWriteEitherWaySinceExt4HasNoSwitchForIt() {
    refuses("cow=on", "no copy-on-write");
    // cow=off is what ext4 always does: accepting it would label an untuned run as tuned.
    refuses("cow=off", "cow=off", "change nothing");
  }

  @Test
  void rejectsRecordSize() {
    refuses("recordsize=128k", "recordsize=128k", "no record size");
  }

  @Test
  void rejectsSyncDisabled() {
    refuses("sync=disabled", "sync=disabled", "ignore fsync");
  }

  @Test
  void rejectsBlockSizesOtherThan1k2k4kNamingTheValue() {
    refuses("blocksize=3k", "blocksize=3k", "1k, 2k or 4k");
    refuses("blocksize=64k", "blocksize=64k", "1k, 2k or 4k");
  }

  @Test
  void rejectsUnknownOptionsListingTheKnownOnes() {
    refuses("stripe=16", "'stripe'", "inode_size, lazy_init");
  }

  @Test
  void rejectsInodeSizesThatAreNotPowersOfTwoUpToTheBlockSize() {
    refuses("inode_size=100", "inode_size=100", "power of two");
    refuses("inode_size=64", "inode_size=64", "from 128");
    Tuning tooLarge = Tuning.parse(List.of("blocksize=1k", "inode_size=2048"));
    assertThatThrownBy(() -> plugin.validate(tooLarge, host))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("inode_size=2048")
        .hasMessageContaining("(1024 bytes)");
  }

  @Test
  void rejectsLazyInitValuesThatAreNotOnOrOff() {
    refuses("lazy_init=maybe", "lazy_init (maybe)", "on or off");
  }

  @Test
  void refusesBeforeRunningAnything() {
    assertThatThrownBy(() -> plugin.format(spec("journal=off", "data=journal"), host))
        .isInstanceOf(UnsupportedTuningException.class);
    assertThatThrownBy(() -> plugin.mount(spec("compression=lz4"), host))
        .isInstanceOf(UnsupportedTuningException.class);
    assertThat(shell.commands()).isEmpty();
  }

  @Test
  void readsPropertiesFromDumpe2fs() {
    shell.answer("dumpe2fs", fixture("dumpe2fs-h-default.txt"));
    assertThat(plugin.properties(spec(), host))
        .containsEntry("block_size", "4096")
        .containsEntry("inode_size", "256")
        .containsEntry("default_mount_options", "user_xattr acl")
        .containsEntry("journal_size", "16M")
        .containsEntry("volume_name", "fsbench-fixture");
    assertThat(shell.commandLines()).containsExactly("dumpe2fs -h /dev/loop7");
  }

  @Test
  void unmountsThroughUmountWhenMounted() {
    host.mounted("/dev/loop7 /var/tmp/fsbench/mnt-1 ext4 rw 0 0");
    plugin.unmount(spec(), host);
    assertThat(shell.commandLines()).containsExactly("umount /var/tmp/fsbench/mnt-1");
  }

  @Test
  void unmountAndDestroyAreIdempotentWhenNothingIsMounted() {
    plugin.unmount(spec(), host);
    plugin.destroy(spec(), host);
    plugin.destroy(spec(), host);
    assertThat(shell.commands()).isEmpty();
  }

  @Test
  void readsTheToolVersionFromMke2fsOnStderr() {
    shell.answer("mkfs.ext4", 0, "", fixture("mkfs.ext4-V.txt"));
    assertThat(plugin.toolVersions(host))
        .containsExactly(java.util.Map.entry("mkfs.ext4", "1.47.0"));
  }

  @Test
  void toolVersionsAreEmptyWhenMkfsIsMissingOrFails() {
    assertThat(plugin.toolVersions(new FakeHost().withoutTool("mkfs.ext4"))).isEmpty();
    shell.fail("mkfs.ext4", new IllegalStateException("boom"));
    assertThat(plugin.toolVersions(host)).isEmpty();
  }

  @Test
  void claimsMetadataChecksumsOnlyWhereMke2fsMakesThemByDefault() {
    shell.answer("mkfs.ext4", 0, "", fixture("mkfs.ext4-V.txt"));
    assertThat(plugin.features(host))
        .containsExactlyInAnyOrder(
            Feature.JOURNAL, Feature.DIRECT_IO, Feature.IN_KERNEL, Feature.METADATA_CHECKSUMS);
    FakeHost old = new FakeHost();
    old.shell().answer("mkfs.ext4", 0, "", "mke2fs 1.42.9 (28-Dec-2013)\n");
    assertThat(plugin.features(old)).doesNotContain(Feature.METADATA_CHECKSUMS);
  }

  @Test
  void isAvailableWithE2fsprogsAndAnExt4Kernel() {
    assertThat(plugin.availability(host)).isEqualTo(Availability.available());
  }

  @Test
  void isUnavailableWithoutE2fsprogsAndSaysWhatToInstall() {
    Availability availability = plugin.availability(host.withoutTool("dumpe2fs"));
    assertThat(availability.isAvailable()).isFalse();
    assertThat(availability.reason()).contains("dumpe2fs");
    assertThat(availability.hint()).isEqualTo("apt-get install e2fsprogs");
  }

  @Test
  void countsALoadableModuleAsSupport() {
    host.kernel("6.1.0-18-amd64").kernelFileSystems("vfat");
    assertThat(plugin.availability(host).isAvailable()).isTrue();
    assertThat(shell.commandLines()).containsExactly("modprobe -n -q ext4");
  }

  @Test
  void isUnavailableWhenTheKernelHasNoExt4() {
    host.kernel("6.1.0-18-amd64").kernelFileSystems("vfat");
    shell.answer("modprobe", 1, "", "FATAL: not found");
    Availability availability = plugin.availability(host);
    assertThat(availability.isAvailable()).isFalse();
    assertThat(availability.reason()).contains("6.1.0-18-amd64").contains("cannot mount ext4");
  }

  @Test
  void declaresSixteenTebibyteFiles() {
    assertThat(plugin.maxFileSize()).isEqualTo(Size.parse("16t"));
    assertThat(plugin.id()).isEqualTo("ext4");
  }

  @Test
  void holdsAFileOrDirectoryPerSixteenKibibytesOfDevice() {
    assertThat(plugin.fileLimit(Size.gib(12), Tuning.defaults())).hasValue(786_432);
    assertThat(plugin.fileLimit(Size.mib(512), Tuning.defaults())).hasValue(32_768);
  }

  @Test
  void cannotTellItsFileLimitWhenMkfsArgumentsSetTheInodes() {
    assertThat(plugin.fileLimit(Size.gib(12), Tuning.parse(List.of("mkfs=-i 4096")))).isEmpty();
    assertThat(plugin.fileLimit(Size.gib(12), Tuning.parse(List.of("mkfs=-N 5000000")))).isEmpty();
  }
}
