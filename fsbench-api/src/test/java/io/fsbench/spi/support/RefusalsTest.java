package io.fsbench.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Knob;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefusalsTest {

  private static Refusals refusals(String... settings) {
    return Refusals.of("xfs", Tuning.parse(List.of(settings)));
  }

  @Test
  void refusesAKnobThatIsSetNamingItAsTheUserWroteIt() {
    assertThatThrownBy(() -> refusals("data=writeback").ifSet(Knob.DATA_MODE, "no data= mode"))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessage("tuning 'data=writeback' is not supported by xfs: no data= mode");
    assertThatThrownBy(() -> refusals("compress-force=zstd:3").ifSet(Knob.COMPRESSION, "none"))
        .hasMessageContaining("'compress-force=zstd:3'");
  }

  @Test
  void takesATuningThatLeavesTheKnobUnset() {
    assertThatCode(() -> refusals("atime=off").ifSet(Knob.DATA_MODE, "no data= mode"))
        .doesNotThrowAnyException();
  }

  @Test
  void refusesOnlyTheValueItIsToldTo() {
    Refusals journalOn = refusals("journal=on");
    assertThatCode(() -> journalOn.ifSetTo(Knob.JOURNAL, "off", "always journals"))
        .doesNotThrowAnyException();
    assertThatThrownBy(
            () -> refusals("journal=off").ifSetTo(Knob.JOURNAL, "off", "always journals"))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("'journal=off'");
  }

  @Test
  void refusesAnUnknownOptionListingTheKnownOnesSorted() {
    assertThatThrownBy(
            () -> refusals("crc=on", "inode_size=512").unknownOptions(List.of("reflink", "crc")))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessage(
            "tuning 'inode_size=512' is not supported by xfs: unknown option 'inode_size'; xfs"
                + " knows the options crc, reflink");
    assertThatThrownBy(() -> refusals("stripe=16").unknownOptions(List.of("crc"), "atime, sync"))
        .hasMessageEndingWith("xfs knows the options crc and the knobs atime, sync");
    assertThatThrownBy(() -> refusals("stripe=16").unknownOptions(List.of()))
        .hasMessageEndingWith("xfs takes no options of its own");
  }

  @Test
  void writesEachKnobAsTheUserWritesIt() {
    Refusals all =
        refusals(
            "compression=lzo",
            "cow=off",
            "recordsize=128k",
            "mkfs-options=-m 1",
            "mount-options=noatime,commit=30");
    assertThat(all.setting(Knob.COMPRESSION)).isEqualTo("compression=lzo");
    assertThat(all.setting(Knob.COPY_ON_WRITE)).isEqualTo("cow=off");
    assertThat(all.setting(Knob.RECORD_SIZE)).isEqualTo("recordsize=128k");
    assertThat(all.setting(Knob.MKFS_OPTIONS)).isEqualTo("mkfs-options=-m 1");
    assertThat(all.setting(Knob.MOUNT_OPTIONS)).isEqualTo("mount-options=noatime,commit=30");
    assertThatThrownBy(() -> all.setting(Knob.ATIME)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void takesEachReasonFromTheValidationItself() {
    assertThat(
            Refusals.reasons(
                List.of("journal=off"),
                tuning ->
                    Refusals.of("xfs", tuning).ifSetTo(Knob.JOURNAL, "off", "always journals")))
        .containsExactly(
            java.util.Map.entry(
                "journal=off", "tuning 'journal=off' is not supported by xfs: always journals"));
  }

  @Test
  void refusesToListASettingTheValidationTakes() {
    assertThatThrownBy(() -> Refusals.reasons(List.of("atime=off"), tuning -> {}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("atime=off");
  }
}
