package io.fsbench.spi;

/**
 * Runs programs. Plugins run every tool through the shell core hands them, never through {@link
 * ProcessBuilder} themselves, so that unit tests can mock it.
 */
public interface Shell {

  /**
   * Runs a command to completion.
   *
   * @return the result of a program that exited with status 0
   * @throws CommandFailedException when it exits non-zero or runs past its timeout
   * @throws io.fsbench.api.ToolMissingException when the program is not installed
   */
  CommandResult run(Command command);

  /**
   * Runs a command and returns its result whatever its exit status; for probes where failure is an
   * answer (is it mounted? does the pool exist?).
   *
   * @throws CommandFailedException only when it runs past its timeout
   * @throws io.fsbench.api.ToolMissingException when the program is not installed
   */
  CommandResult probe(Command command);
}
