package io.fsbench.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VfsMountOptionsTest {

  private static Tuning tune(String... settings) {
    return Tuning.parse(List.of(settings));
  }

  private static AppliedTuning mountedWith(String options) {
    return new AppliedTuning("ext4", options, List.of(), Map.of(), Tuning.defaults());
  }

  private static Map<String, String> readBack(Tuning requested, String options) {
    return VfsMountOptions.readBack(requested, mountedWith(options), Tuning.builder())
        .build()
        .asMap();
  }

  @Test
  void mapsAtimeDiratimeAndSyncToMountOptions() {
    assertThat(VfsMountOptions.of(tune("atime=off", "diratime=off", "sync=always")))
        .containsExactly("noatime", "nodiratime", "sync");
    assertThat(VfsMountOptions.of(tune("atime=on", "sync=standard", "diratime=on")))
        .containsExactly("strictatime");
    assertThat(VfsMountOptions.of(Tuning.defaults())).isEmpty();
  }

  @Test
  void refusesDiratimeOnWithAtimeOff() {
    assertThatThrownBy(() -> VfsMountOptions.validate("xfs", tune("atime=off", "diratime=on")))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("diratime=on")
        .hasMessageContaining("xfs")
        .hasMessageContaining("noatime");
  }

  @Test
  void refusesSyncDisabled() {
    assertThatThrownBy(() -> VfsMountOptions.validate("ext4", tune("sync=disabled")))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("sync=disabled")
        .hasMessageContaining("ext4 ignore fsync");
  }

  @Test
  void acceptsOrdinaryCombinations() {
    VfsMountOptions.validate("ext4", tune("atime=on", "diratime=off", "sync=always"));
    VfsMountOptions.validate("ext4", tune("atime=off", "diratime=off", "sync=standard"));
  }

  @Test
  void readsNoatimeBackAsAtimeOffAndDiratimeOff() {
    assertThat(readBack(tune("atime=off", "diratime=off"), "rw,noatime,nodiratime"))
        .containsEntry("atime", "off")
        .containsEntry("diratime", "off");
    // noatime alone also stops directory updates
    assertThat(readBack(tune("diratime=off"), "rw,noatime")).containsEntry("diratime", "off");
  }

  @Test
  void readsStrictatimeBackAsAtimeOnButLeavesRelatimeUnset() {
    // what the kernel shows after "mount -o strictatime": neither relatime nor noatime
    assertThat(readBack(tune("atime=on"), "rw,inode64,logbufs=8,logbsize=32k,noquota"))
        .containsEntry("atime", "on");
    assertThat(readBack(tune("atime=on"), "rw,relatime")).doesNotContainKey("atime");
  }

  @Test
  void readsSyncBackFromTheSyncOption() {
    assertThat(readBack(tune("sync=always"), "rw,sync,relatime,wsync,inode64"))
        .containsEntry("sync", "always");
    assertThat(readBack(tune("sync=always"), "rw,relatime")).containsEntry("sync", "standard");
  }

  @Test
  void readsBackOnlyTheExtraMountOptionsTheTableShows() {
    assertThat(readBack(tune("mount-options=commit=30,journal_checksum"), "rw,relatime,commit=30"))
        .containsEntry("mount-options", "commit=30");
  }

  @Test
  void readsBackOnlyWhatWasRequested() {
    assertThat(readBack(Tuning.defaults(), "rw,noatime,sync")).isEmpty();
  }
}
