package io.fsbench.spi.support;

import io.fsbench.api.FsBenchException;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Sleeper;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Runs a command again while it reports its target busy, with a doubling backoff and a bound:
 * twelve attempts over about thirteen seconds. A filesystem is busy while a process still holds a
 * file on it, and some are busy for a moment after their last user left (zfs-fuse reports a dataset
 * busy just after it was unmounted); both pass within the bound, and what does not is reported
 * rather than left behind silently.
 *
 * <pre>{@code
 * CommandResult result =
 *     Retry.whileBusy(
 *         () -> host.shell().probe(Command.of("zpool", "export", pool)),
 *         "pool " + pool,
 *         "stop what uses " + mountPoint + ", then run 'fsbench cleanup'",
 *         sleeper);
 * }</pre>
 */
public final class Retry {

  /** How often a busy target is tried before giving up. */
  public static final int ATTEMPTS = 12;

  static final Duration FIRST_BACKOFF = Duration.ofMillis(50);
  static final Duration MAX_BACKOFF = Duration.ofSeconds(2);

  private Retry() {}

  /**
   * Runs {@code attempt} until it does not report "busy", at most {@link #ATTEMPTS} times, and
   * waits between attempts (not after the last).
   *
   * @param attempt runs the command once; typically {@code () -> host.shell().probe(command)}
   * @param what the target, for the message, e.g. {@code "pool fsbench-1"}
   * @param hint what the user can do about a target that stays busy
   * @return the first result that is not a busy failure: a success, or another failure, which the
   *     caller judges
   * @throws FsBenchException when the target is still busy after the last attempt, naming {@code
   *     what}, the command, its output and the hint
   */
  public static CommandResult whileBusy(
      Supplier<CommandResult> attempt, String what, String hint, Sleeper sleeper) {
    Objects.requireNonNull(sleeper, "sleeper");
    Duration backoff = FIRST_BACKOFF;
    CommandResult last = attempt.get();
    for (int i = 1; !last.succeeded() && isBusy(last) && i < ATTEMPTS; i++) {
      sleeper.sleep(backoff);
      backoff =
          backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0
              ? MAX_BACKOFF
              : backoff.multipliedBy(2);
      last = attempt.get();
    }
    if (last.succeeded() || !isBusy(last)) {
      return last;
    }
    throw new FsBenchException(
        FsBenchException.Kind.RUN_FAILED,
        what
            + " is still busy after "
            + ATTEMPTS
            + " attempts ('"
            + last.command().commandLine()
            + "': "
            + (last.stderr().strip() + " " + last.stdout().strip()).strip()
            + "); "
            + hint);
  }

  /** Whether a failed command said its target is busy ("target is busy", "pool is busy"). */
  public static boolean isBusy(CommandResult result) {
    String text = (result.stderr() + " " + result.stdout()).toLowerCase(Locale.ROOT);
    return text.contains("busy");
  }
}
