package io.fsbench.spi;

import io.fsbench.api.FsBenchException;

/**
 * A program fsbench ran failed: it exited non-zero or ran past its timeout. Carries the command
 * line, the exit code and what it printed on stderr.
 */
public class CommandFailedException extends FsBenchException {

  private static final long serialVersionUID = 1L;

  /** The exit code reported when the program was killed at its timeout. */
  public static final int TIMED_OUT = -1;

  private final String commandLine;
  private final int exitCode;
  private final String stderr;

  public CommandFailedException(CommandResult result) {
    this(result.command().commandLine(), result.exitCode(), result.stderr(), result.stdout());
  }

  public CommandFailedException(String commandLine, int exitCode, String stderr, String stdout) {
    super(Kind.RUN_FAILED, message(commandLine, exitCode, stderr, stdout));
    this.commandLine = commandLine;
    this.exitCode = exitCode;
    this.stderr = stderr;
  }

  private static String message(String commandLine, int exitCode, String stderr, String stdout) {
    String what =
        exitCode == TIMED_OUT ? "timed out and was killed" : "failed with exit code " + exitCode;
    String output = !stderr.isBlank() ? stderr.strip() : stdout.strip();
    return "'" + commandLine + "' " + what + (output.isEmpty() ? "" : ": " + output);
  }

  public String commandLine() {
    return commandLine;
  }

  public int exitCode() {
    return exitCode;
  }

  public boolean timedOut() {
    return exitCode == TIMED_OUT;
  }

  public String stderr() {
    return stderr;
  }
}
