package io.fsbench.spi;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A program to run: its argument vector (no shell is involved, so nothing needs quoting) and how
 * long it may take.
 *
 * <pre>{@code
 * shell.run(Command.of("mkfs.xfs", "-f", device.toString()).timeout(Duration.ofMinutes(2)));
 * }</pre>
 *
 * @param argv the program and its arguments
 * @param timeout how long to wait before the program is killed
 */
public record Command(List<String> argv, Duration timeout) {

  /** Long enough for mkfs of a large device, short enough that a hang is noticed. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

  public Command {
    argv = List.copyOf(argv);
    if (argv.isEmpty()) {
      throw new IllegalArgumentException("a command needs at least the program name");
    }
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout (" + timeout + ") must be positive");
    }
  }

  public static Command of(String... argv) {
    return new Command(List.of(argv), DEFAULT_TIMEOUT);
  }

  public static Command of(List<String> argv) {
    return new Command(argv, DEFAULT_TIMEOUT);
  }

  public Command timeout(Duration timeout) {
    return new Command(argv, timeout);
  }

  public String program() {
    return argv.get(0);
  }

  /** The command line as one string, for messages and reports. */
  public String commandLine() {
    return String.join(" ", argv.stream().map(Command::quote).toList());
  }

  private static String quote(String arg) {
    return arg.isEmpty() || arg.matches(".*[\\s'\"$\\\\].*")
        ? "'" + arg.replace("'", "'\\''") + "'"
        : arg;
  }

  @Override
  public String toString() {
    return commandLine();
  }
}
