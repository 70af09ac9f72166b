package io.fsbench.spi.support;

import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Questions to the host whose failure is an answer: "don't know". For tool versions and facts a
 * setting depends on, where a missing tool or a failing command must not make a plugin throw.
 *
 * <pre>{@code
 * Optional<String> version = Probes.version(host, Pattern.compile("version (\\S+)"), "mkfs.xfs", "-V");
 * long pageSize = Probes.pageSize(host);
 * }</pre>
 */
public final class Probes {

  /** How long a probe may take: long enough for a slow tool, short enough to notice a hang. */
  public static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** What x86 and most arm64 kernels use, assumed when the page size cannot be asked. */
  static final long DEFAULT_PAGE_SIZE = 4096;

  private Probes() {}

  /** What the command printed on stdout, if it is installed and succeeded. */
  public static Optional<String> stdout(Host host, String... argv) {
    return ask(host, argv).filter(CommandResult::succeeded).map(CommandResult::stdout);
  }

  /**
   * What the command printed on stdout and then stderr, whatever its exit status (many tools print
   * their version on stderr, or exit non-zero after printing it); empty when it cannot run.
   */
  public static Optional<String> output(Host host, String... argv) {
    return ask(host, argv).map(result -> result.stdout() + "\n" + result.stderr());
  }

  /** The first group of {@code pattern} in what the command printed, e.g. a version number. */
  public static Optional<String> version(Host host, Pattern pattern, String... argv) {
    return output(host, argv)
        .map(pattern::matcher)
        .filter(Matcher::find)
        .map(matcher -> matcher.group(1));
  }

  /** The kernel's page size in bytes ({@code getconf PAGESIZE}); 4096 when it cannot be asked. */
  public static long pageSize(Host host) {
    return stdout(host, "getconf", "PAGESIZE")
        .map(String::strip)
        .filter(s -> s.matches("\\d+"))
        .map(Long::parseLong)
        .orElse(DEFAULT_PAGE_SIZE);
  }

  private static Optional<CommandResult> ask(Host host, String... argv) {
    Command command = Command.of(argv).timeout(TIMEOUT);
    try {
      if (host.findTool(command.program()).isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(host.shell().probe(command));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }
}
