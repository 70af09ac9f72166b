package io.fsbench.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SleeperTest {

  @Test
  void anInterruptEndsTheWaitLoudlyAndKeepsTheFlag() {
    Thread.currentThread().interrupt();
    assertThatThrownBy(() -> Sleeper.real().sleep(Duration.ofMinutes(10)))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("interrupted");
    assertThat(Thread.interrupted()).as("the interrupt flag is still set").isTrue();
  }
}
