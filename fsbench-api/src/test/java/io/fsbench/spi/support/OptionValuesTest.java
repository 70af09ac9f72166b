package io.fsbench.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import org.junit.jupiter.api.Test;

class OptionValuesTest {

  @Test
  void takesTheSpellingsOfOnAndOffTheKnobsTake() {
    for (String on : new String[] {"on", "ON", "true", "yes", "1"}) {
      assertThat(OptionValues.bool("xfs", "reflink", on)).as(on).isTrue();
    }
    for (String off : new String[] {"off", "False", "no", "0"}) {
      assertThat(OptionValues.bool("xfs", "reflink", off)).as(off).isFalse();
    }
  }

  @Test
  void refusesAnythingElseNamingTheFilesystemTheOptionAndTheValue() {
    assertThatThrownBy(() -> OptionValues.bool("ext4", "lazy_init", "maybe"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("ext4 option lazy_init (maybe) takes on or off, e.g. lazy_init=on");
  }

  @Test
  void parsesSizesAndRefusesWhatIsNone() {
    assertThat(OptionValues.size("xfs", "logbsize", "256k")).isEqualTo(Size.kib(256));
    assertThatThrownBy(() -> OptionValues.size("xfs", "logbsize", "big"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("xfs option logbsize (big) is not a size");
  }

  @Test
  void spellsBooleansAsTheKnobsDo() {
    assertThat(OptionValues.onOff(true)).isEqualTo("on");
    assertThat(OptionValues.onOff(false)).isEqualTo("off");
  }

  @Test
  void reportsAReadBackValueInTheSpellingAskedForWhenItMeansTheSame() {
    assertThat(OptionValues.asRequested("256b", "256", Size::parse)).isEqualTo("256b");
    assertThat(OptionValues.asRequested("1m", "1024k", Size::parse)).isEqualTo("1m");
    assertThat(OptionValues.asRequested("512", "256", Size::parse)).isEqualTo("256");
  }
}
