package io.fsbench.zfs;

import io.fsbench.api.EnvironmentException;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import io.fsbench.spi.Sleeper;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * Makes sure ZFS answers before the plugin uses it: the OpenZFS module must be loaded; zfs-fuse's
 * daemon is started when it is not running.
 *
 * <p>{@code zfs-fuse -p FILE} forks, points the daemon's stdin, stdout and stderr at /dev/null and
 * exits, so the shell call returns at once (checked on zfs-fuse 0.7.0). The daemon reports its own
 * errors only to syslog, and it serves its socket a moment after the fork, so readiness is polled
 * with {@code zpool list}, with a bound.
 */
final class ZfsService {

  static final String PID_FILE = "/run/zfs-fuse.pid";

  /** How often, and how long in all, to ask a freshly started daemon whether it answers. */
  static final Duration POLL_INTERVAL = Duration.ofMillis(250);

  static final int POLL_ATTEMPTS = 60;

  private static final Duration QUICK = Duration.ofSeconds(30);

  private ZfsService() {}

  /**
   * Returns when {@code zpool list} answers, starting the zfs-fuse daemon first if that is what is
   * missing.
   *
   * @throws EnvironmentException saying what is wrong and what to do
   */
  static void ensureRunning(Host host, ZfsFlavour flavour, Sleeper sleeper) {
    CommandResult list = list(host);
    if (list.succeeded()) {
      return;
    }
    if (flavour == ZfsFlavour.OPENZFS || !daemonIsDown(list)) {
      throw new EnvironmentException(
          "'zpool list' fails on "
              + flavour
              + ": "
              + output(list)
              + (flavour == ZfsFlavour.OPENZFS
                  ? "; load the module with 'modprobe zfs'"
                  : "; check the zfs-fuse daemon ('zfs-fuse -n' runs it in the foreground)"));
    }
    startDaemon(host);
    for (int attempt = 1; attempt <= POLL_ATTEMPTS; attempt++) {
      sleeper.sleep(POLL_INTERVAL);
      list = list(host);
      if (list.succeeded()) {
        return;
      }
    }
    throw new EnvironmentException(
        "started zfs-fuse, but 'zpool list' still fails after "
            + POLL_INTERVAL.multipliedBy(POLL_ATTEMPTS).toSeconds()
            + " s: "
            + output(list)
            + "; zfs-fuse logs to syslog; another zfs-fuse may hold /var/lock/zfs/zfs_lock, or"
            + " run 'zfs-fuse -n' in the foreground to see why it stops");
  }

  /** What {@code zpool list} says when no zfs-fuse daemon serves its socket. */
  static boolean daemonIsDown(CommandResult list) {
    String text = output(list).toLowerCase(Locale.ROOT);
    return text.contains("daemon is running")
        || text.contains("connect:")
        || text.contains("failed to initialize zfs library");
  }

  private static void startDaemon(Host host) {
    CommandResult start = start(host);
    String stale = "";
    if (!start.succeeded()) {
      // zfs-fuse will not start while its pid file exists, even an empty one left by a crash
      Optional<String> holder = pidFileHolder(host);
      if (holder.isPresent() && holder.get().isEmpty()) {
        host.shell().run(Command.of("rm", "-f", PID_FILE).timeout(QUICK));
        start = start(host);
      } else if (holder.isPresent()) {
        stale = "; " + PID_FILE + " names process " + holder.get() + ", which still runs";
      }
    }
    if (!start.succeeded()) {
      throw new EnvironmentException(
          "the zfs-fuse daemon is not running and 'zfs-fuse -p "
              + PID_FILE
              + "' failed with exit code "
              + start.exitCode()
              + (output(start).isEmpty() ? "" : ": " + output(start))
              + stale
              + "; zfs-fuse logs to syslog; start it with 'service zfs-fuse start'");
    }
  }

  private static CommandResult start(Host host) {
    return host.shell().probe(Command.of("zfs-fuse", "-p", PID_FILE).timeout(QUICK));
  }

  /**
   * Who the pid file names: empty when it names no running process (stale: gone, or a zombie, as a
   * killed daemon can be until it is reaped), the pid when it names one, and nothing when there is
   * no pid file.
   */
  private static Optional<String> pidFileHolder(Host host) {
    CommandResult cat = host.shell().probe(Command.of("cat", PID_FILE).timeout(QUICK));
    if (!cat.succeeded()) {
      return Optional.empty();
    }
    String pid = cat.stdout().strip();
    if (!pid.matches("\\d+")) {
      return Optional.of("");
    }
    CommandResult ps =
        host.shell().probe(Command.of("ps", "-o", "stat=", "-p", pid).timeout(QUICK));
    String state = ps.succeeded() ? ps.stdout().strip() : "";
    boolean alive = !state.isEmpty() && !state.startsWith("Z");
    return Optional.of(alive ? pid : "");
  }

  private static CommandResult list(Host host) {
    return host.shell().probe(Command.of("zpool", "list", "-H", "-o", "name").timeout(QUICK));
  }

  static String output(CommandResult result) {
    return (result.stderr().strip() + " " + result.stdout().strip()).strip().replace('\n', ' ');
  }
}
