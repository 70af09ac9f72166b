package io.fsbench.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CommandResultTest {

  private final Command mkfs = Command.of("mkfs.xfs", "/dev/loop7");

  @Test
  void orThrowReturnsASuccessfulResultItself() {
    CommandResult ok = CommandResult.ok(mkfs, "done");
    assertThat(ok.orThrow()).isSameAs(ok);
  }

  @Test
  void orThrowRefusesAFailedResultNamingTheCommandAndWhatItPrinted() {
    CommandResult failed =
        new CommandResult(
            mkfs, 1, "", "mkfs.xfs: /dev/loop7 appears to contain a filesystem", Duration.ZERO);
    assertThatThrownBy(failed::orThrow)
        .isInstanceOf(CommandFailedException.class)
        .hasMessageContaining("mkfs.xfs /dev/loop7")
        .hasMessageContaining("appears to contain a filesystem");
  }
}
