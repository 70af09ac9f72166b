package io.fsbench.spi;

import java.time.Duration;
import java.util.Objects;

/**
 * What a finished program left behind.
 *
 * @param command the command that ran
 * @param exitCode its exit status
 * @param stdout everything it printed on stdout
 * @param stderr everything it printed on stderr
 * @param elapsed how long it ran
 */
public record CommandResult(
    Command command, int exitCode, String stdout, String stderr, Duration elapsed) {

  public CommandResult {
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(stdout, "stdout");
    Objects.requireNonNull(stderr, "stderr");
    Objects.requireNonNull(elapsed, "elapsed");
  }

  /** A successful result with the given output, for tests and fakes. */
  public static CommandResult ok(Command command, String stdout) {
    return new CommandResult(command, 0, stdout, "", Duration.ZERO);
  }

  public boolean succeeded() {
    return exitCode == 0;
  }

  /**
   * This result, if the command succeeded: how a {@link Shell}'s {@code run} is made from its
   * {@code probe}.
   *
   * <pre>{@code
   * public CommandResult run(Command command) {
   *   return probe(command).orThrow();
   * }
   * }</pre>
   *
   * @throws CommandFailedException naming the command, its exit status and what it printed
   */
  public CommandResult orThrow() {
    if (!succeeded()) {
      throw new CommandFailedException(this);
    }
    return this;
  }

  /** stdout split into lines, without trailing empty lines. */
  public java.util.List<String> lines() {
    return stdout.lines().toList();
  }
}
