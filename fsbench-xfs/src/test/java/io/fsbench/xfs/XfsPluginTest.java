package io.fsbench.xfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Availability;
import io.fsbench.api.EnvironmentException;
import io.fsbench.api.Feature;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.TuningSupport;
import io.fsbench.tck.FakeHost;
import io.fsbench.tck.Fixtures;
import io.fsbench.tck.ScriptedShell;
import io.fsbench.tck.TuningClaims;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class XfsPluginTest {

  private static final Path DEVICE = Path.of("/dev/loop7");
  private static final Path MOUNT_POINT = Path.of("/var/tmp/fsbench/mnt-1");
  private static final String V4_CONFIG = "CONFIG_XFS_FS=y\nCONFIG_XFS_SUPPORT_V4=y\n";

  private final XfsPlugin plugin = new XfsPlugin();
  private final FakeHost host = new FakeHost().kernel("6.18.44-fc-v595");
  private final ScriptedShell shell = host.shell();

  private static String fixture(String name) {
    return Fixtures.text(XfsPluginTest.class, name);
  }

  private static FileSystemSpec spec(String... settings) {
    return new FileSystemSpec(
        DEVICE,
        MOUNT_POINT,
        "fsbench-vol-0001",
        Path.of("/var/tmp/fsbench/state-1"),
        Size.gib(1),
        Tuning.parse(List.of(settings)));
  }

  private String formatted(FileSystemSpec spec) {
    List<Command> commands = plugin.format(spec, host);
    assertThat(shell.commands()).endsWith(commands.toArray(Command[]::new));
    return commands.get(0).commandLine();
  }

  private String mounted(FileSystemSpec spec) {
    plugin.mount(spec, host);
    List<String> ran = shell.commandLines();
    return ran.get(ran.size() - 1);
  }

  private void validate(String... settings) {
    plugin.validate(Tuning.parse(List.of(settings)), host);
  }

  private void refuses(String setting, String... messageParts) {
    assertThatThrownBy(() -> validate(setting))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContainingAll(messageParts);
  }

  @Test
  void formatsWithTheVolumeNameFittedIntoTheTwelveByteLabel() {
    assertThat(formatted(spec())).isEqualTo("mkfs.xfs -f -L fsbench-0001 /dev/loop7");
  }

  @Test
  void formatsWithBlockSizeMetadataFeaturesAndLogSize() {
    assertThat(formatted(spec("blocksize=1k", "crc=on", "reflink=off", "log_size=72m")))
        .isEqualTo(
            "mkfs.xfs -f -L fsbench-0001 -b size=1k -m crc=1,reflink=0 -l size=72m /dev/loop7");
  }

  @Test
  void appendsExtraMkfsArguments() {
    assertThat(formatted(spec("reflink=on", "mkfs-options=-i size=1024 -K")))
        .isEqualTo("mkfs.xfs -f -L fsbench-0001 -m reflink=1 -i size=1024 -K /dev/loop7");
  }

  @Test
  void mountsWithoutOptionsByDefault() {
    assertThat(mounted(spec())).isEqualTo("mount -t xfs /dev/loop7 /var/tmp/fsbench/mnt-1");
  }

  @Test
  void mountsWithEveryMountKnob() {
    assertThat(
            mounted(
                spec(
                    "atime=off",
                    "diratime=off",
                    "sync=always",
                    "barriers=on",
                    "journal=on",
                    "logbsize=256k",
                    "allocsize=1m",
                    "mount-options=logbufs=4")))
        .isEqualTo(
            "mount -t xfs -o noatime,nodiratime,sync,logbsize=256k,allocsize=1m,logbufs=4"
                + " /dev/loop7 /var/tmp/fsbench/mnt-1");
  }

  @Test
  void mountsBarrierOptionsOnKernelsBefore4_19() {
    host.kernel("4.14.336").kernelFileSystems("xfs");
    assertThat(mounted(spec("barriers=off"))).contains("-o nobarrier ");
    assertThat(mounted(spec("barriers=on", "atime=on"))).contains("-o strictatime,barrier ");
  }

  @Test
  void rejectsBarrierKnobOnKernelsFrom4_19() {
    for (String release : List.of("4.19.0", "6.18.44-fc-v595")) {
      host.kernel(release).kernelFileSystems("xfs");
      assertThatThrownBy(() -> validate("barriers=off"))
          .isInstanceOf(UnsupportedTuningException.class)
          .hasMessageContaining("barriers=off")
          .hasMessageContaining("Linux 4.19 removed")
          .hasMessageContaining(release);
    }
  }

  @Test
  void rejectsDataWritebackOnXfs() {
    refuses("data=writeback", "'data=writeback'", "xfs", "no data= mode");
  }

  @Test
  void rejectsEveryDataModeAndJournalOff() {
    refuses("data=ordered", "no data= mode");
    refuses("data=journal", "no data= mode");
    refuses("journal=off", "always journals");
    assertThatCode(() -> validate("journal=on")).doesNotThrowAnyException();
  }

  @Test
  void rejectsCompressionCopyOnWriteRecordSizeAndSyncDisabled() {
    refuses("compression=zstd", "no compression");
    refuses("cow=off", "cow=off", "reflink");
    refuses("cow=on", "cow=on");
    refuses("recordsize=1m", "recordsize=1m", "no record size");
    refuses("sync=disabled", "ignore fsync");
  }

  @Test
  void rejectsCrcOffWhereTheKernelCannotMountV4() {
    shell.answer("zcat", fixture("kernel-config-without-v4.txt"));
    refuses("crc=off", "crc=off", "CONFIG_XFS_SUPPORT_V4", "6.18.44-fc-v595");
  }

  @Test
  void acceptsCrcOffWhereTheKernelMountsV4() {
    shell.answer("zcat", V4_CONFIG);
    assertThatCode(() -> validate("crc=off", "blocksize=512")).doesNotThrowAnyException();
    assertThat(plugin.tuningSupport(host).supported()).contains("crc=off");
  }

  @Test
  void readsTheBootConfigWhenProcHasNone() {
    shell.answer("zcat", 1, "", "gzip: /proc/config.gz: No such file or directory");
    shell.answer("cat", "# CONFIG_XFS_SUPPORT_V4 is not set\n");
    refuses("crc=off", "CONFIG_XFS_SUPPORT_V4");
    assertThat(shell.commandLines()).contains("cat /boot/config-6.18.44-fc-v595");
  }

  @Test
  void neitherClaimsNorRefusesCrcOffWhenTheKernelConfigIsUnknown() {
    host.withoutTool("zcat").withoutTool("cat");
    assertThatCode(() -> validate("crc=off")).doesNotThrowAnyException();
    TuningSupport support = plugin.tuningSupport(host);
    assertThat(support.supported()).doesNotContain("crc=off");
    assertThat(support.refused()).doesNotContainKey("crc=off");
  }

  @Test
  void explainsAFailedV4MountWithTheKernelOption() {
    host.withoutTool("zcat").withoutTool("cat");
    shell.answer("mount", 32, "", "mount: wrong fs type, bad option, bad superblock");
    assertThatThrownBy(() -> plugin.mount(spec("crc=off"), host))
        .isInstanceOf(EnvironmentException.class)
        .hasMessageContaining("CONFIG_XFS_SUPPORT_V4")
        .hasMessageContaining("bad superblock");
  }

  @Test
  void rejectsReflinkOnAV4Filesystem() {
    shell.answer("zcat", V4_CONFIG);
    assertThatThrownBy(() -> validate("crc=off", "reflink=on"))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("reflink needs a V5 filesystem");
  }

  @Test
  void rejectsBlockSizesXfsCannotUse() {
    refuses("blocksize=3k", "blocksize=3k", "power of two from 1k to 64k");
    refuses("blocksize=512", "blocksize=512", "512 only with crc=off");
    refuses("blocksize=128k", "blocksize=128k");
    assertThatCode(() -> validate("blocksize=64k")).doesNotThrowAnyException();
  }

  @Test
  void rejectsBlocksLargerThanPagesBeforeLinux6_12() {
    host.kernel("6.1.0-18-amd64").kernelFileSystems("xfs");
    shell.answer("getconf", "4096\n");
    refuses("blocksize=64k", "blocksize=64k", "4k pages", "Linux 6.12");
    shell.answer("getconf", "65536\n");
    assertThatCode(() -> validate("blocksize=64k")).doesNotThrowAnyException();
  }

  @Test
  void rejectsLogSizesMkfsRefuses() {
    shell.answer("mkfs.xfs", "mkfs.xfs version 6.1.0\n");
    refuses("log_size=32m", "log_size=32m", "under 64m");
    refuses("log_size=65537k", "log_size=65537k", "multiple of the block size (4k)");
    refuses("log_size=2g", "log_size=2g", "up to 2038m");
    assertThatThrownBy(() -> validate("blocksize=1k", "log_size=1025m"))
        .hasMessageContaining("up to 1g");
    shell.answer("mkfs.xfs", "mkfs.xfs version 5.10.0\n");
    assertThatCode(() -> validate("log_size=32m")).doesNotThrowAnyException();
  }

  @Test
  void rejectsLogBufferAndAllocationSizesTheKernelRefuses() {
    refuses("logbsize=48k", "logbsize=48k", "16k, 32k, 64k, 128k or 256k");
    refuses("logbsize=512k", "logbsize=512k");
    refuses("allocsize=3k", "allocsize=3k", "power of two from 4k to 1g");
    refuses("allocsize=2g", "allocsize=2g");
    refuses("logbsize=big", "logbsize (big) is not a size");
  }

  @Test
  void rejectsUnknownOptionsListingTheKnownOnes() {
    refuses("inode_size=512", "'inode_size'", "allocsize, crc, log_size, logbsize, reflink");
  }

  @Test
  void refusesBeforeRunningAnything() {
    assertThatThrownBy(() -> plugin.format(spec("data=journal"), host))
        .isInstanceOf(UnsupportedTuningException.class);
    assertThatThrownBy(() -> plugin.mount(spec("logbsize=1k"), host))
        .isInstanceOf(UnsupportedTuningException.class);
    assertThat(shell.commands())
        .noneMatch(c -> c.program().startsWith("mkfs") || c.program().equals("mount"));
  }

  @Test
  void validatesEverySupportedSettingAndRefusesEveryRefusedOne() {
    shell.answer("zcat", fixture("kernel-config-without-v4.txt"));
    TuningSupport support = TuningClaims.assertHold(plugin, host);
    assertThat(support.refused()).containsKeys("barriers=off", "crc=off", "data=writeback");
  }

  @Test
  void claimsBarriersOffOnOldKernels() {
    host.kernel("4.14.336").kernelFileSystems("xfs");
    TuningSupport support = plugin.tuningSupport(host);
    assertThat(support.supported()).contains("barriers=off");
    assertThat(support.refused()).doesNotContainKey("barriers=off");
  }

  @Test
  void readsPropertiesFromXfsInfo() {
    shell.answer("xfs_info", fixture("xfs_info-default.txt"));
    assertThat(plugin.properties(spec(), host))
        .containsEntry("meta-data.crc", "1")
        .containsEntry("meta-data.reflink", "1")
        .containsEntry("data.bsize", "4096");
    assertThat(shell.commandLines()).containsExactly("xfs_info /dev/loop7");
  }

  @Test
  void unmountsThroughUmountWhenMounted() {
    host.mounted("/dev/loop7 /var/tmp/fsbench/mnt-1 xfs rw 0 0");
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
  void readsTheToolVersion() {
    shell.answer("mkfs.xfs", fixture("mkfs.xfs-V.txt"));
    assertThat(plugin.toolVersions(host)).isEqualTo(Map.of("mkfs.xfs", "6.1.0"));
  }

  @Test
  void toolVersionsAreEmptyWhenMkfsIsMissingOrFails() {
    assertThat(plugin.toolVersions(new FakeHost().withoutTool("mkfs.xfs"))).isEmpty();
    shell.fail("mkfs.xfs", new IllegalStateException("boom"));
    assertThat(plugin.toolVersions(host)).isEmpty();
  }

  @Test
  void claimsReflinkFromLinux4_16() {
    assertThat(plugin.features(host))
        .containsExactlyInAnyOrder(
            Feature.JOURNAL,
            Feature.DIRECT_IO,
            Feature.IN_KERNEL,
            Feature.METADATA_CHECKSUMS,
            Feature.REFLINK);
    host.kernel("4.9.0").kernelFileSystems("xfs");
    assertThat(plugin.features(host)).doesNotContain(Feature.REFLINK);
  }

  @Test
  void isAvailableWithXfsprogsAndAnXfsKernel() {
    assertThat(plugin.availability(host)).isEqualTo(Availability.available());
  }

  @Test
  void isUnavailableWithoutXfsprogsAndSaysWhatToInstall() {
    Availability availability = plugin.availability(host.withoutTool("mkfs.xfs"));
    assertThat(availability.isAvailable()).isFalse();
    assertThat(availability.reason()).contains("mkfs.xfs");
    assertThat(availability.hint()).isEqualTo("apt-get install xfsprogs");
  }

  @Test
  void countsALoadableModuleAsSupportAndNoModuleAsNone() {
    host.kernel("6.1.0-18-amd64").kernelFileSystems("ext4");
    assertThat(plugin.availability(host).isAvailable()).isTrue();
    shell.answer("modprobe", 1, "", "modprobe: FATAL: Module xfs not found");
    assertThat(plugin.availability(host).reason()).contains("cannot mount xfs");
    assertThat(plugin.availability(host.withoutTool("modprobe")).isAvailable()).isFalse();
  }

  @Test
  void declaresTheLimitsOfXfsprogsAndTheKernel() {
    assertThat(plugin.minimumDeviceSize()).isEqualTo(Size.mib(300));
    assertThat(plugin.maxFileSize().bytes()).isEqualTo(Long.MAX_VALUE);
    assertThat(plugin.id()).isEqualTo("xfs");
  }
}
