package io.fsbench.btrfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.MountEntry;
import io.fsbench.tck.Fixtures;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BtrfsReadBackTest {

  private static String fixture(String name) {
    return Fixtures.text(BtrfsReadBackTest.class, name);
  }

  private final BtrfsPlugin plugin = new BtrfsPlugin();

  private static Tuning tune(String... settings) {
    return Tuning.parse(List.of(settings));
  }

  private static FileSystemSpec spec(Tuning tuning) {
    return new FileSystemSpec(
        Path.of("/dev/loop0"),
        Path.of("/tmp/fsbench-mnt"),
        "fsbench-btrfs-1",
        Path.of("/tmp/fsbench-state"),
        Size.gib(2),
        tuning);
  }

  /** The options of a real mount table line captured after mounting with those options. */
  private static String optionsOf(String fixture) {
    return MountEntry.parse(fixture(fixture).strip()).options();
  }

  private Map<String, String> readBack(
      Tuning requested, String options, Map<String, String> properties) {
    AppliedTuning applied =
        new AppliedTuning(
            "btrfs",
            options,
            List.of("mkfs.btrfs -f -K /dev/loop0"),
            properties,
            Tuning.defaults());
    return plugin.readBack(spec(requested), applied).asMap();
  }

  private Map<String, String> readBack(Tuning requested, String options) {
    return readBack(requested, options, Map.of());
  }

  @Test
  void readsTheKernelsDefaultZstdLevelBackAsPlainZstd() {
    String shown = "rw,relatime,compress=zstd:3,discard=async,space_cache=v2,subvolid=5,subvol=/";
    assertThat(readBack(tune("compression=zstd"), shown)).containsEntry("compression", "zstd");
    assertThat(readBack(tune("compression=zstd:3"), shown)).containsEntry("compression", "zstd:3");
  }

  @Test
  void readsADifferentLevelBackAsShownSoTheDifferenceStaysVisible() {
    String shown = "rw,relatime,compress=zstd:15,subvolid=5,subvol=/";
    assertThat(readBack(tune("compression=zstd:16"), shown))
        .containsEntry("compression", "zstd:15");
    assertThat(readBack(tune("compression=zlib"), shown)).containsEntry("compression", "zstd:15");
  }

  @Test
  void readsForcedCompressionFromARealMountTableLine() {
    assertThat(
            readBack(
                tune("compress-force=zstd:5", "atime=off"), optionsOf("mounts-compress-force.txt")))
        .containsEntry("compression", "zstd:5!")
        .containsEntry("atime", "off");
    assertThat(readBack(tune("compression=zstd:5"), optionsOf("mounts-compress-force.txt")))
        .containsEntry("compression", "zstd:5!");
  }

  @Test
  void readsNoCompressOptionAsNone() {
    assertThat(readBack(tune("compression=none"), "rw,relatime,space_cache=v2"))
        .containsEntry("compression", "none");
    assertThat(readBack(tune("compression=lzo"), "rw,relatime,space_cache=v2"))
        .containsEntry("compression", "none");
  }

  @Test
  void readsEveryMountKnobFromARealMountTableLine() {
    Tuning requested =
        tune(
            "atime=off",
            "diratime=off",
            "cow=off",
            "barriers=off",
            "sync=always",
            "ssd=spread",
            "mount-options=commit=60");
    assertThat(readBack(requested, optionsOf("mounts-many-options.txt")))
        .isEqualTo(requested.asMap());
  }

  @Test
  void readsTheDefaultsBackAsTheOppositeValues() {
    Tuning requested = tune("diratime=on", "cow=on", "barriers=on", "sync=standard");
    assertThat(readBack(requested, "rw,relatime,space_cache=v2,subvolid=5,subvol=/"))
        .isEqualTo(requested.asMap());
  }

  @Test
  void readsRelatimeAsNeitherAtimeOnNorOff() {
    assertThat(readBack(tune("atime=on"), "rw,relatime,space_cache=v2")).doesNotContainKey("atime");
    assertThat(readBack(tune("atime=on"), "rw,space_cache=v2")).containsEntry("atime", "on");
  }

  @Test
  void readsSsdOnlyWhenTheMountTableShowsIt() {
    assertThat(readBack(tune("ssd=off"), "rw,relatime,nossd")).containsEntry("ssd", "off");
    assertThat(readBack(tune("ssd=on"), "rw,relatime,ssd")).containsEntry("ssd", "on");
    assertThat(readBack(tune("ssd=off"), "rw,relatime")).doesNotContainKey("ssd");
  }

  @Test
  void readsMkfsSettingsFromTheSuperblockAndProfilesInTheirRequestedSpelling() {
    Map<String, String> properties =
        new java.util.HashMap<>(BtrfsOutputs.superblock(fixture("dump-super-nodesize-8k.txt")));
    properties.putAll(BtrfsOutputs.profiles(fixture("filesystem-df-bytes-dup-single.txt")));
    Tuning requested =
        tune("nodesize=8k", "blocksize=4096", "data_profile=DUP", "metadata_profile=single");
    assertThat(readBack(requested, "rw,relatime", properties))
        .containsEntry("nodesize", "8k")
        .containsEntry("blocksize", "4k")
        .containsEntry("data_profile", "DUP")
        .containsEntry("metadata_profile", "single");
    assertThat(readBack(tune("nodesize=16k", "data_profile=single"), "rw", properties))
        .containsEntry("nodesize", "8k")
        .containsEntry("data_profile", "dup");
  }

  @Test
  void readsTheChecksumInTheNameMkfsTakes() {
    Map<String, String> properties = BtrfsOutputs.superblock(fixture("dump-super-xxhash.txt"));
    assertThat(readBack(tune("csum=xxhash"), "rw", properties)).containsEntry("csum", "xxhash");
    assertThat(readBack(tune("csum=sha256"), "rw", properties)).containsEntry("csum", "xxhash");
  }

  @Test
  void leavesOutWhatTheSystemDoesNotReport() {
    assertThat(readBack(tune("nodesize=16k", "csum=sha256", "blocksize=4k"), "rw")).isEmpty();
    assertThat(readBack(tune("mount-options=commit=60"), "rw,relatime"))
        .containsEntry("mount-options", "");
  }

  @Test
  void readsExtraMkfsArgumentsFromTheCommandThatRan() {
    assertThat(readBack(tune("mkfs-options=-K"), "rw")).containsEntry("mkfs-options", "-K");
    assertThat(readBack(tune("mkfs-options=-O quota"), "rw")).containsEntry("mkfs-options", "");
  }

  @Test
  void readsBackOnlyWhatWasAskedFor() {
    assertThat(readBack(Tuning.defaults(), optionsOf("mounts-many-options.txt"))).isEmpty();
  }
}
