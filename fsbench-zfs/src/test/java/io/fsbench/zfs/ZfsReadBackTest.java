package io.fsbench.zfs;

import static io.fsbench.zfs.ZfsHosts.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.FileSystemSpec;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ZfsReadBackTest {

  private final ZfsPlugin plugin = new ZfsPlugin();

  private static Tuning tune(String... settings) {
    return Tuning.parse(List.of(settings));
  }

  /** Properties as recorded from a real zfs-fuse dataset and pool. */
  private static Map<String, String> zfsFuseProperties() {
    Map<String, String> p =
        new HashMap<>(ZfsOutputs.datasetProperties(fixture("zfs-fuse-zfs-get-Hp.txt")));
    ZfsOutputs.poolProperties(fixture("zfs-fuse-zpool-get.txt"))
        .forEach((k, v) -> p.put("pool." + k, v));
    return p;
  }

  private Map<String, String> readBack(Tuning requested, String type, Map<String, String> p) {
    FileSystemSpec spec =
        new FileSystemSpec(
            Path.of("/dev/loop3"),
            Path.of("/tmp/fsbench-mnt"),
            "fsbench-zfs-1",
            Path.of("/tmp/fsbench-state"),
            Size.gib(1),
            requested);
    return plugin
        .readBack(spec, new AppliedTuning(type, "rw,relatime", List.of(), p, Tuning.defaults()))
        .asMap();
  }

  @Test
  void readsEverySettingOfARealZfsFuseDatasetBackAsAsked() {
    Tuning requested =
        tune(
            "compression=gzip:6",
            "recordsize=16k",
            "atime=off",
            "primarycache=metadata",
            "logbias=throughput",
            "checksum=sha256");
    assertThat(readBack(requested, "fuse.zfs", zfsFuseProperties())).isEqualTo(requested.asMap());
  }

  @Test
  void readsGzipBackAsPlainGzipWhenThatWasAsked() {
    assertThat(readBack(tune("compression=gzip"), "fuse.zfs", zfsFuseProperties()))
        .containsEntry("compression", "gzip");
    assertThat(readBack(tune("compression=gzip:9"), "fuse.zfs", zfsFuseProperties()))
        .containsEntry("compression", "gzip");
  }

  @Test
  void readsADifferentValueBackAsItIs() {
    assertThat(
            readBack(tune("recordsize=128k", "logbias=latency"), "fuse.zfs", zfsFuseProperties()))
        .containsEntry("recordsize", "16k")
        .containsEntry("logbias", "throughput");
  }

  @Test
  void readsAshiftFromThePool() {
    Map<String, String> p = new HashMap<>(zfsFuseProperties());
    p.put("pool.ashift", "12");
    assertThat(readBack(tune("ashift=12"), "fuse.zfs", p)).containsEntry("ashift", "12");
  }

  @Test
  void readsAtimeOnAsUnsetWhenOpenZfsRelatimeMakesItLazy() {
    Map<String, String> p = new HashMap<>(Map.of("atime", "on", "relatime", "on"));
    assertThat(readBack(tune("atime=on"), "zfs", p)).doesNotContainKey("atime");
    p.put("relatime", "off");
    assertThat(readBack(tune("atime=on"), "zfs", p)).containsEntry("atime", "on");
  }

  @Test
  void readsSyncFromOpenZfs() {
    assertThat(readBack(tune("sync=disabled"), "zfs", Map.of("sync", "disabled")))
        .containsEntry("sync", "disabled");
  }

  @Test
  void leavesOutWhatZfsDoesNotReport() {
    assertThat(readBack(tune("sync=always", "ashift=12"), "fuse.zfs", Map.of())).isEmpty();
  }
}
