package io.fsbench.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LabelsTest {

  @Test
  void keepsANameThatFits() {
    assertThat(Labels.fit("fsbench-vol-0001", 16)).isEqualTo("fsbench-vol-0001");
  }

  @Test
  void keepsTheMarkAndTheUniqueEndOfALongName() {
    assertThat(Labels.fit("fsbench-12345-ext4-000042", 16)).isEqualTo("fsbench-4-000042");
    assertThat(Labels.fit("fsbench-vol-0001", 12)).isEqualTo("fsbench-0001");
  }

  @Test
  void dropsSeparatorsThatWouldFollowTheMark() {
    assertThat(Labels.fit("fsbench-12345-xfs-0001", 13)).isEqualTo("fsbench-0001");
  }

  @Test
  void refusesALengthThatLeavesNoRoomAfterTheMark() {
    assertThatThrownBy(() -> Labels.fit("fsbench-vol-0001", 8))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxLength (8)");
  }
}
