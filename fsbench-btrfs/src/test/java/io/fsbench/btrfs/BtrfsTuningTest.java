package io.fsbench.btrfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.tck.FakeHost;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BtrfsTuningTest {

  private final FakeHost host =
      new FakeHost().kernel("6.18.44-fc-v595").kernelFileSystems("ext4", "btrfs", "fuse");

  private BtrfsTuning tuning(String... settings) {
    return BtrfsTuning.of(Tuning.parse(List.of(settings)), host);
  }

  private static FileSystemSpec spec(Tuning tuning) {
    return new FileSystemSpec(
        Path.of("/dev/loop7"),
        Path.of("/var/tmp/fsbench/mnt"),
        "fsbench-btrfs-1",
        Path.of("/var/tmp/fsbench/state"),
        Size.gib(1),
        tuning);
  }

  private void assertRefused(String setting, String... messageParts) {
    assertThatThrownBy(() -> tuning(setting))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("btrfs")
        .hasMessageContaining(setting)
        .hasMessageContainingAll(messageParts);
  }

  @Test
  void defaultsMakeAPlainMkfsAndNoMountOptions() {
    BtrfsTuning defaults = BtrfsTuning.of(Tuning.defaults(), host);
    assertThat(defaults.mkfsCommand(spec(Tuning.defaults())).argv())
        .containsExactly("mkfs.btrfs", "-f", "-L", "fsbench-btrfs-1", "/dev/loop7");
    assertThat(defaults.mountOptions()).isEmpty();
  }

  @Test
  void mkfsCarriesProfilesNodesizeSectorSizeChecksumAndExtraArguments() {
    Tuning t =
        Tuning.parse(
            List.of(
                "data_profile=DUP",
                "metadata_profile=single",
                "nodesize=32k",
                "blocksize=4k",
                "csum=xxhash",
                "mkfs-options=-K"));
    assertThat(BtrfsTuning.of(t, host).mkfsCommand(spec(t)).commandLine())
        .isEqualTo(
            "mkfs.btrfs -f -L fsbench-btrfs-1 -d dup -m single -n 32768 -s 4096 --csum xxhash -K"
                + " /dev/loop7");
  }

  @ParameterizedTest(name = "{0} mounts with {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "atime=off                | noatime",
        "atime=on                 | strictatime",
        "diratime=off             | nodiratime",
        "compression=zstd         | compress=zstd",
        "compression=zstd:15      | compress=zstd:15",
        "compression=zstd:-3      | compress=zstd:-3",
        "compression=lzo          | compress=lzo",
        "compression=zlib:9       | compress=zlib:9",
        "compression=none         | compress=no",
        "compress-force=zstd:3    | compress-force=zstd:3",
        "compress-force=lzo       | compress-force=lzo",
        "cow=off                  | nodatacow",
        "cow=on                   | datacow",
        "barriers=off             | nobarrier",
        "barriers=on              | barrier",
        "sync=always              | sync",
        "ssd=on                   | ssd",
        "ssd=off                  | nossd",
        "ssd=spread               | ssd_spread",
        "mount-options=commit=60  | commit=60",
      })
  void mapsEachKnobToItsMountOption(String setting, String option) {
    assertThat(tuning(setting).mountOptions()).containsExactly(option);
  }

  @Test
  void syncStandardAndDiratimeOnAreTheDefaultsAndNeedNoOption() {
    assertThat(tuning("sync=standard").mountOptions()).isEmpty();
    assertThat(tuning("diratime=on").mountOptions()).isEmpty();
  }

  @Test
  void putsTypedOptionsBeforeExtraOnes() {
    assertThat(tuning("mount-options=commit=60", "atime=off", "compression=lzo").mountOptions())
        .containsExactly("noatime", "compress=lzo", "commit=60");
  }

  @Test
  void refusesCompressionWithNodatacow() {
    assertThatThrownBy(() -> tuning("compression=zstd:3", "cow=off"))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("compression=zstd:3")
        .hasMessageContaining("does not compress nodatacow files");
  }

  @Test
  void takesNoCompressionWithNodatacow() {
    assertThat(tuning("compression=none", "cow=off").mountOptions())
        .containsExactly("compress=no", "nodatacow");
  }

  @Test
  void refusesJournalEitherWayBecauseBtrfsHasNone() {
    assertRefused("journal=off", "no journal", "copy-on-write");
    assertRefused("journal=on", "no journal");
  }

  @Test
  void refusesDataModesRecordSizeAndSyncDisabledWithReasons() {
    assertRefused("data=writeback", "no data journaling modes");
    assertRefused("recordsize=128k", "no record size", "nodesize");
    assertRefused("sync=disabled", "ignore fsync", "sync=always");
  }

  @Test
  void refusesMultiDeviceProfilesNamingHowManyDevicesTheyNeed() {
    assertRefused("data_profile=raid1", "raid1", "2 or more devices", "single or dup");
    assertRefused("metadata_profile=raid1c3", "3 or more devices");
    assertRefused("data_profile=raid0", "one device");
    assertRefused("data_profile=mirror", "'mirror' is not a btrfs profile");
  }

  @Test
  void refusesUnknownOptionsNamingTheKeyAndTheKnownOnes() {
    assertThatThrownBy(() -> tuning("logbsize=256k"))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("unknown option 'logbsize'")
        .hasMessageContaining("csum, data_profile, metadata_profile, nodesize, ssd");
  }

  @Test
  void refusesBadValuesNamingTheValue() {
    assertRefused("nodesize=12k", "nodesize (12k) must be a power of two from 4k to 64k");
    assertRefused("nodesize=128k", "from 4k to 64k");
    assertRefused("nodesize=big", "'big' is not a size");
    assertRefused("ssd=sometimes", "'sometimes' is not one of on, off, spread");
    assertRefused("csum=md5", "'md5' is not a btrfs checksum");
  }

  @Test
  void refusesNodesizeBelowTheSectorSize() {
    host.shell().answer("getconf PAGESIZE", "65536\n");
    assertThatThrownBy(() -> tuning("blocksize=64k", "nodesize=16k"))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("from 64k to 64k");
  }

  @Test
  void refusesCompressionBtrfsLacksAndLevelsOutOfRange() {
    assertRefused("compression=lz4", "zstd (levels 1-15), lzo or zlib (levels 1-9), not lz4");
    assertRefused("compression=lzo:1", "lzo has no levels");
    assertRefused("compression=zstd:16", "zstd levels run from 1 to 15");
    assertRefused("compression=zstd:0", "zstd levels run from 1 to 15");
    assertRefused("compression=zlib:10", "zlib levels run from 1 to 9");
    assertRefused("compress-force=zlib:0", "zlib levels");
  }

  @Test
  void refusesNegativeZstdLevelsBeforeLinux615() {
    host.kernel("6.1.0-18-amd64");
    assertRefused("compression=zstd:-3", "negative levels need Linux 6.15", "6.1.0-18-amd64");
  }

  @Test
  void takesZstdFastLevelsDownToMinus15OnNewKernels() {
    assertThat(tuning("compression=zstd:-15").mountOptions()).containsExactly("compress=zstd:-15");
    assertRefused("compression=zstd:-16", "from -1 to -15");
  }

  @Test
  void takesA4kSectorSizeAndThePageSizeButNothingElse() {
    host.shell().answer("getconf PAGESIZE", "4096\n");
    assertThat(tuning("blocksize=4k").mountOptions()).isEmpty();
    assertRefused("blocksize=64k", "4k or the page size (4k)", "blocksize=4k");
    assertRefused("blocksize=2k", "4k or the page size");
  }

  @Test
  void takesA64kSectorSizeOnA64kPageKernel() {
    host.shell().answer("getconf PAGESIZE", "65536\n");
    Tuning t = Tuning.parse(List.of("blocksize=64k"));
    assertThat(BtrfsTuning.of(t, host).mkfsCommand(spec(t)).argv()).contains("-s", "65536");
  }

  @Test
  void refusesDiratimeOnWithAtimeOff() {
    assertThatThrownBy(() -> tuning("atime=off", "diratime=on"))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("diratime=on")
        .hasMessageContaining("noatime");
  }

  @Test
  void refusesExtraMountOptionsThatContradictATypedSetting() {
    assertThatThrownBy(() -> tuning("atime=off", "mount-options=relatime"))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("mount option 'relatime'")
        .hasMessageContaining("atime");
    assertThatThrownBy(() -> tuning("cow=off", "mount-options=compress=lzo"))
        .hasMessageContaining("mount option 'compress=lzo'");
    assertThatThrownBy(() -> tuning("compression=lzo", "mount-options=nodatacow"))
        .hasMessageContaining("mount option 'nodatacow'");
  }

  @Test
  void takesExtraMountOptionsNoTypedSettingCovers() {
    assertThat(tuning("mount-options=noatime,commit=30").mountOptions())
        .containsExactly("noatime", "commit=30");
  }

  @Test
  void refusesExtraMkfsArgumentsThatRepeatATypedSettingOrTheLabel() {
    assertThatThrownBy(() -> tuning("mkfs-options=-L mine"))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("mkfs argument '-L' conflicts with the label");
    assertThatThrownBy(() -> tuning("nodesize=16k", "mkfs-options=-n 32768"))
        .hasMessageContaining("conflicts with the nodesize option");
    assertThat(tuning("mkfs-options=-n 32768").mountOptions()).isEmpty();
  }
}
