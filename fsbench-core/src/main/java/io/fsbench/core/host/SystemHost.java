package io.fsbench.core.host;

import io.fsbench.core.volume.OpenVolumes;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import io.fsbench.spi.Shell;
import io.fsbench.spi.support.LinuxHost;
import io.fsbench.spi.support.ProcessShell;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This machine as core runs it: the API's {@link LinuxHost} with the packages of core's own tools
 * in its "tool missing" hints, each command logged at debug level, and every running program ended
 * when a stopping JVM releases its volumes (a Ctrl-C must not wait for a mkfs or a long copy).
 */
public final class SystemHost {

  static {
    OpenVolumes.onStop(ProcessShell::endRunning);
  }

  private SystemHost() {}

  public static Host create() {
    return LinuxHost.system(Packages.PACKAGE_OF).withShell(LoggingShell::new);
  }

  private record LoggingShell(Shell shell) implements Shell {

    private static final Logger log = LoggerFactory.getLogger(SystemHost.class);

    @Override
    public CommandResult run(Command command) {
      // Through probe, so that a failing command's exit is logged before it throws.
      return probe(command).orThrow();
    }

    @Override
    public CommandResult probe(Command command) {
      log.debug("running {}", command);
      CommandResult result = shell.probe(command);
      log.debug(
          "{} exited {} after {} ms", command, result.exitCode(), result.elapsed().toMillis());
      return result;
    }
  }
}
