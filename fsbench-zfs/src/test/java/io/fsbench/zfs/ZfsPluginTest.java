package io.fsbench.zfs;

import static io.fsbench.zfs.ZfsHosts.fixture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Availability;
import io.fsbench.api.Feature;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.TuningSupport;
import io.fsbench.spi.support.Retry;
import io.fsbench.tck.FakeHost;
import io.fsbench.tck.ScriptedShell;
import io.fsbench.tck.TuningClaims;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ZfsPluginTest {

  private static final String MOUNTED =
      "fsbench-zfs-1/data /tmp/fsbench-mnt fuse.zfs"
          + " rw,relatime,user_id=0,group_id=0,default_permissions,allow_other 0 0";

  private final FakeHost host = ZfsHosts.zfsFuse();
  private final ScriptedShell shell = host.shell();
  private final List<Duration> sleeps = new ArrayList<>();
  private final ZfsPlugin plugin = new ZfsPlugin(sleeps::add);

  private static FileSystemSpec spec(String... settings) {
    return new FileSystemSpec(
        Path.of("/dev/loop7"),
        Path.of("/tmp/fsbench-mnt"),
        "fsbench-zfs-1",
        Path.of("/tmp/fsbench-state"),
        Size.gib(1),
        Tuning.parse(List.of(settings)));
  }

  @Test
  void isAvailableWhenZfsFuseAnswers() {
    assertThat(plugin.availability(host).isAvailable()).isTrue();
  }

  @Test
  void isUnavailableWithoutTheToolsAndNamesBothPackages() {
    host.withoutTool("zpool");
    Availability availability = plugin.availability(host);
    assertThat(availability.isAvailable()).isFalse();
    assertThat(availability.reason()).contains("zpool is not installed");
    assertThat(availability.hint())
        .isEqualTo("apt-get install zfs-fuse (or OpenZFS: zfsutils-linux)");
  }

  @Test
  void isUnavailableWithNeitherTheModuleNorZfsFuse() {
    host.withoutTool("zfs-fuse");
    Availability availability = plugin.availability(host);
    assertThat(availability.isAvailable()).isFalse();
    assertThat(availability.reason()).contains("kernel module (zfs) is not loaded");
    assertThat(availability.hint()).contains("modprobe zfs").contains("zfs-fuse");
  }

  @Test
  void isUnavailableWhenTheZfsFuseDaemonCannotBeStarted() {
    shell.answer("zpool list", 1, "", ZfsServiceTest.DAEMON_DOWN).answer("zfs-fuse", 1, "", "");
    Availability availability = plugin.availability(host);
    assertThat(availability.isAvailable()).isFalse();
    assertThat(availability.reason()).contains("zfs-fuse daemon is not running");
    assertThat(availability.hint()).contains("zfs-fuse -p /run/zfs-fuse.pid");
  }

  @Test
  void isUnavailableForZfsFuseWithoutFuse() {
    host.kernelFileSystems("ext4");
    Availability availability = plugin.availability(host);
    assertThat(availability.isAvailable()).isFalse();
    assertThat(availability.reason()).contains("needs FUSE");
  }

  @Test
  void claimsNoDirectIoNorInKernelOnZfsFuse() {
    assertThat(plugin.features(host))
        .containsExactlyInAnyOrder(
            Feature.COMPRESSION,
            Feature.SNAPSHOTS,
            Feature.DATA_CHECKSUMS,
            Feature.METADATA_CHECKSUMS,
            Feature.COPY_ON_WRITE,
            Feature.JOURNAL);
    assertThat(plugin.maxFileSize()).isEqualTo(Size.bytes(Long.MAX_VALUE));
  }

  @Test
  void claimsDirectIoOnOpenZfsWithTheDirectProperty() {
    FakeHost openZfs = ZfsHosts.openZfs();
    assertThat(new ZfsPlugin(sleeps::add).features(openZfs))
        .contains(Feature.DIRECT_IO)
        .doesNotContain(Feature.IN_KERNEL);
  }

  @Test
  void claimsWhatZfsFuseOffersAndRefusesTheRestWithTheReasonsValidateGives() {
    TuningSupport support = TuningClaims.assertHoldWithExactReasons(plugin, host);
    assertThat(support.supported())
        .contains("compression=gzip:9", "compression=lzjb", "recordsize=128k", "ashift=12")
        .contains("primarycache=metadata", "logbias=throughput")
        .noneMatch(s -> s.startsWith("sync=") || s.contains("zstd") || s.contains("lz4"));
    assertThat(support.refused())
        .containsKeys("compression=zstd", "compression=lz4", "sync=disabled", "cow=off");
  }

  @Test
  void claimsSyncZstdAndLargeRecordsOnOpenZfs() {
    FakeHost openZfs = ZfsHosts.openZfs();
    ZfsPlugin onOpenZfs = new ZfsPlugin(sleeps::add);
    TuningSupport support = TuningClaims.assertHoldWithExactReasons(onOpenZfs, openZfs);
    assertThat(support.supported())
        .contains("sync=disabled", "compression=zstd:19", "compression=zstd:-10")
        .contains("compression=lz4", "recordsize=16m", "ashift=9");
    assertThat(support.refused()).doesNotContainKeys("sync=disabled", "compression=zstd");
  }

  @Test
  void formatCreatesThePoolAndANoautoDatasetWithTheTuningsProperties() {
    List<Command> commands =
        plugin.format(
            spec(
                "compression=gzip:6",
                "recordsize=16k",
                "atime=off",
                "ashift=12",
                "logbias=throughput"),
            host);
    assertThat(commands.stream().map(Command::commandLine))
        .containsExactly(
            "zpool create -f -m none -o cachefile=none -o ashift=12 fsbench-zfs-1 /dev/loop7",
            "zfs create -o canmount=noauto -o mountpoint=/tmp/fsbench-mnt -o compression=gzip-6"
                + " -o recordsize=16384 -o atime=off -o logbias=throughput fsbench-zfs-1/data");
    assertThat(shell.commandLines())
        .containsSubsequence(
            "zpool create -f -m none -o cachefile=none -o ashift=12 fsbench-zfs-1 /dev/loop7",
            "zfs create -o canmount=noauto -o mountpoint=/tmp/fsbench-mnt -o compression=gzip-6"
                + " -o recordsize=16384 -o atime=off -o logbias=throughput fsbench-zfs-1/data",
            "mkdir -p /tmp/fsbench-state/zpool-import",
            "ln -sfn /dev/loop7 /tmp/fsbench-state/zpool-import/vdev");
  }

  @Test
  void refusesANameZpoolWouldTakeForAVdevType() {
    FileSystemSpec spec =
        new FileSystemSpec(
            Path.of("/dev/loop7"),
            Path.of("/tmp/fsbench-mnt"),
            "mirror-fsbench",
            Path.of("/tmp/fsbench-state"),
            Size.gib(1),
            Tuning.defaults());
    assertThatThrownBy(() -> plugin.format(spec, host))
        .hasMessageContaining("mirror-fsbench")
        .hasMessageContaining("cannot name a ZFS pool");
    assertThat(shell.count("zpool create")).isZero();
  }

  @Test
  void formatRefusesABadTuningBeforeCreatingAnything() {
    assertThatThrownBy(() -> plugin.format(spec("compression=zstd"), host))
        .isInstanceOf(UnsupportedTuningException.class);
    assertThat(shell.count("zpool create")).isZero();
  }

  @Test
  void mountImportsAnExportedPoolFromTheStateDirectoryThenMountsTheDataset() {
    shell.answer(
        "zpool list -H -o name fsbench-zfs-1", 1, "", "cannot open 'fsbench-zfs-1': no such pool");
    plugin.mount(spec(), host);
    assertThat(shell.commandLines())
        .containsSubsequence(
            "mkdir -p /tmp/fsbench-state/zpool-import",
            "ln -sfn /dev/loop7 /tmp/fsbench-state/zpool-import/vdev",
            "zpool import -o cachefile=none -d /tmp/fsbench-state/zpool-import fsbench-zfs-1",
            "zfs mount fsbench-zfs-1/data");
  }

  @Test
  void mountRetriesADatasetZfsFuseStillCallsBusy() {
    shell
        .answer(
            "zfs mount", 1, "", "cannot mount 'fsbench-zfs-1/data': mountpoint or dataset is busy")
        .then("zfs mount", 0, "", "");
    plugin.mount(spec(), host);
    assertThat(shell.count("zfs mount")).isEqualTo(2);
    assertThat(shell.count("zpool import")).isZero();
    assertThat(sleeps).hasSize(1);
  }

  @Test
  void mountDoesNothingMoreWhenAlreadyMounted() {
    host.mounted(MOUNTED);
    plugin.mount(spec(), host);
    assertThat(shell.count("zfs mount")).isZero();
  }

  @Test
  void unmountUnmountsTheDatasetAndExportsThePoolToEmptyTheArc() {
    host.mounted(MOUNTED);
    plugin.unmount(spec(), host);
    assertThat(shell.commandLines())
        .containsSubsequence("zfs unmount fsbench-zfs-1/data", "zpool export fsbench-zfs-1");
  }

  @Test
  void unmountOfAnExportedPoolDoesNothing() {
    shell.answer(
        "zpool list -H -o name fsbench-zfs-1", 1, "", "cannot open 'fsbench-zfs-1': no such pool");
    plugin.unmount(spec(), host);
    assertThat(shell.count("zfs unmount")).isZero();
    assertThat(shell.count("zpool export")).isZero();
  }

  @Test
  void destroyDestroysAnImportedPool() {
    plugin.destroy(spec(), host);
    assertThat(shell.commandLines()).contains("zpool destroy -f fsbench-zfs-1");
  }

  @Test
  void destroyImportsAnExportedPoolFirst() {
    shell.answer(
        "zpool list -H -o name fsbench-zfs-1", 1, "", "cannot open 'fsbench-zfs-1': no such pool");
    plugin.destroy(spec(), host);
    assertThat(shell.commandLines())
        .containsSubsequence(
            "zpool import -o cachefile=none -d /tmp/fsbench-state/zpool-import -f fsbench-zfs-1",
            "zpool destroy -f fsbench-zfs-1");
  }

  @Test
  void destroyIsIdempotentWhenThePoolIsGone() {
    shell
        .answer(
            "zpool list -H -o name fsbench-zfs-1",
            1,
            "",
            "cannot open 'fsbench-zfs-1': no such pool")
        .answer("zpool import", 1, "", "cannot import 'fsbench-zfs-1': no such pool available");
    plugin.destroy(spec(), host);
    plugin.destroy(spec(), host);
    assertThat(shell.count("zpool destroy")).isZero();
  }

  @Test
  void destroyTakesAPoolThatVanishedMeanwhileAsDestroyed() {
    shell.answer("zpool destroy", 1, "", "cannot open 'fsbench-zfs-1': no such pool");
    plugin.destroy(spec(), host);
    assertThat(shell.count("zpool destroy")).isEqualTo(1);
  }

  @Test
  void destroyRetriesABusyPoolWithABoundThenSaysWhatToDo() {
    shell.answer("zpool destroy", 1, "", "cannot destroy 'fsbench-zfs-1': pool is busy");
    assertThatThrownBy(() -> plugin.destroy(spec(), host))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("pool fsbench-zfs-1 is still busy after 12 attempts")
        .hasMessageContaining("pool is busy")
        .hasMessageContaining("fsbench cleanup");
    assertThat(shell.count("zpool destroy")).isEqualTo(Retry.ATTEMPTS);
    assertThat(sleeps).hasSize(Retry.ATTEMPTS - 1);
    assertThat(sleeps.stream().mapToLong(d -> d.toMillis()).sum()).isBetween(5_000L, 15_000L);
  }

  @Test
  void destroyRecoversWhenABusyPoolIsFreedWithinTheBound() {
    shell
        .answer("zpool destroy", 1, "", "cannot destroy 'fsbench-zfs-1': pool is busy")
        .then("zpool destroy", 1, "", "cannot destroy 'fsbench-zfs-1': pool is busy")
        .then("zpool destroy", 0, "", "");
    plugin.destroy(spec(), host);
    assertThat(shell.count("zpool destroy")).isEqualTo(3);
  }

  @Test
  void readsPropertiesFromZfsGetAndZpoolGet() {
    shell
        .answer("zfs get -H -p", fixture("zfs-fuse-zfs-get-Hp.txt"))
        .answer("zpool get ashift,version", fixture("zfs-fuse-zpool-get.txt"));
    assertThat(plugin.properties(spec(), host))
        .containsEntry("implementation", "zfs-fuse")
        .containsEntry("compression", "gzip")
        .containsEntry("recordsize", "16384")
        .containsEntry("pool.version", "23")
        .containsEntry("pool.ashift", "0");
    assertThat(shell.commandLines())
        .contains(
            "zfs get -H -p -o property,value all fsbench-zfs-1/data",
            "zpool get ashift,version fsbench-zfs-1");
  }

  @Test
  void reportsTheZfsFuseVersionFromThePackageAndThePoolVersionFromZpool() {
    shell
        .answer("zfs-fuse --help", 64, "", fixture("zfs-fuse-help.txt"))
        .answer("dpkg-query", "0.7.0-25+b1")
        .answer("zpool upgrade -v", fixture("zfs-fuse-zpool-upgrade-v.txt"));
    assertThat(plugin.toolVersions(host))
        .containsEntry("zfs-fuse", "0.7.0-25+b1 (Debian package)")
        .containsEntry("zfs pool version", "23");
  }

  @Test
  void saysTheZfsFuseVersionIsUnknownWithoutAPackageRecord() {
    shell
        .answer("zfs-fuse --help", 64, "", fixture("zfs-fuse-help.txt"))
        .answer("dpkg-query", 1, "", "dpkg-query: no packages found matching zfs-fuse");
    assertThat(plugin.toolVersions(host)).containsEntry("zfs-fuse", "zfs-fuse (version unknown)");
  }

  @Test
  void reportsOpenZfsVersionsFromZfsVersion() {
    FakeHost openZfs = ZfsHosts.openZfs();
    openZfs.shell().answer("zfs version", fixture("openzfs-zfs-version.txt"));
    assertThat(new ZfsPlugin(sleeps::add).toolVersions(openZfs))
        .containsEntry("zfs", "2.3.1-1")
        .containsEntry("zfs-kmod", "2.3.1-1");
  }
}
