package io.fsbench.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetryTest {

  private static final Command EXPORT = Command.of("zpool", "export", "fsbench-1");

  private final List<Duration> waits = new ArrayList<>();
  private int attempts;

  private static CommandResult exited(int code, String stderr) {
    return new CommandResult(EXPORT, code, "", stderr, Duration.ZERO);
  }

  private CommandResult retry(CommandResult... answers) {
    Deque<CommandResult> queue = new ArrayDeque<>(List.of(answers));
    return Retry.whileBusy(
        () -> {
          attempts++;
          return queue.size() > 1 ? queue.poll() : queue.peek();
        },
        "pool fsbench-1",
        "stop what uses it",
        waits::add);
  }

  @Test
  void returnsASuccessAtOnceWithoutWaiting() {
    assertThat(retry(exited(0, "")).succeeded()).isTrue();
    assertThat(attempts).isOne();
    assertThat(waits).isEmpty();
  }

  @Test
  void returnsAFailureThatIsNotBusyForTheCallerToJudge() {
    CommandResult result = retry(exited(1, "cannot open 'fsbench-1': no such pool"));
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(attempts).isOne();
  }

  @Test
  void triesABusyTargetAgainWithADoublingBackoff() {
    CommandResult result =
        retry(
            exited(1, "pool is busy"),
            exited(1, "pool is busy"),
            exited(1, "pool is busy"),
            exited(0, ""));
    assertThat(result.succeeded()).isTrue();
    assertThat(waits)
        .containsExactly(Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(200));
  }

  @Test
  void givesUpAfterTheBoundNamingTheTargetTheCommandAndWhatToDo() {
    assertThatThrownBy(() -> retry(exited(1, "cannot export 'fsbench-1': pool is busy")))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("pool fsbench-1 is still busy after 12 attempts")
        .hasMessageContaining("'zpool export fsbench-1': cannot export 'fsbench-1': pool is busy")
        .hasMessageEndingWith("; stop what uses it");
    assertThat(attempts).isEqualTo(Retry.ATTEMPTS);
    assertThat(waits)
        .hasSize(Retry.ATTEMPTS - 1)
        .allMatch(d -> d.compareTo(Duration.ofSeconds(2)) <= 0);
    assertThat(waits.stream().mapToLong(Duration::toMillis).sum()).isBetween(10_000L, 15_000L);
  }

  @Test
  void readsBusyInStderrOrStdoutWhateverTheCase() {
    assertThat(Retry.isBusy(exited(32, "umount: /mnt: target is busy."))).isTrue();
    assertThat(
            Retry.isBusy(
                new CommandResult(EXPORT, 1, "Device or resource BUSY", "", Duration.ZERO)))
        .isTrue();
    assertThat(Retry.isBusy(exited(1, "no such pool"))).isFalse();
  }
}
