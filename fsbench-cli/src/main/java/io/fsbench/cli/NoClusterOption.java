package io.fsbench.cli;

import io.fsbench.api.InvalidInputException;
import picocli.CommandLine.Option;

/**
 * {@code --cluster} on a command that cannot run on a cluster yet: refused, naming the option and
 * what works instead, rather than left to picocli's "unknown option" or ignored.
 */
final class NoClusterOption {

  @Option(
      names = "--cluster",
      paramLabel = "NAME",
      description = "Not available on this command yet; use 'fsbench run --cluster'.")
  String cluster;

  /** Refuses {@code --cluster} on {@code command}; {@code instead} says what works. */
  void refuse(String command, String instead) {
    if (cluster != null) {
      throw new InvalidInputException(
          "fsbench " + command + " --cluster " + cluster + " is not implemented yet; " + instead);
    }
  }
}
