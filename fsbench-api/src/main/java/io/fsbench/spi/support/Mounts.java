package io.fsbench.spi.support;

import io.fsbench.spi.Command;
import io.fsbench.spi.CommandFailedException;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import io.fsbench.spi.Sleeper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Mounting and unmounting through the host's shell, with busy unmounts retried with the bound of
 * {@link Retry}.
 */
public final class Mounts {

  private static final Duration TIMEOUT = Duration.ofMinutes(2);

  private Mounts() {}

  /** Runs {@code mount [-t type] [-o options] source mountPoint}. */
  public static void mount(
      Host host, String type, List<String> options, String source, Path mountPoint) {
    List<String> argv = new ArrayList<>(List.of("mount"));
    if (type != null) {
      argv.addAll(List.of("-t", type));
    }
    if (!options.isEmpty()) {
      argv.addAll(List.of("-o", String.join(",", options)));
    }
    argv.add(source);
    argv.add(mountPoint.toString());
    CommandResult result = host.shell().probe(Command.of(argv).timeout(TIMEOUT));
    if (!result.succeeded()) {
      // mount(8) says only "wrong fs type, bad option, bad superblock ..."; the kernel says why.
      String kernel = kernelReason(host, source);
      throw new CommandFailedException(
          result.command().commandLine(),
          result.exitCode(),
          result.stderr().strip() + (kernel.isEmpty() ? "" : "; the kernel logged: " + kernel),
          result.stdout());
    }
  }

  /** The kernel log's last lines about the device, newest last; empty when there are none. */
  static String kernelReason(Host host, String source) {
    String device =
        Path.of(source).getFileName() == null ? source : Path.of(source).getFileName().toString();
    CommandResult dmesg;
    try {
      dmesg = host.shell().probe(Command.of("dmesg"));
    } catch (RuntimeException e) {
      return ""; // no kernel log to read (no dmesg, or not allowed): mount's own words remain
    }
    if (!dmesg.succeeded()) {
      return "";
    }
    java.util.regex.Pattern named =
        java.util.regex.Pattern.compile("\\b" + java.util.regex.Pattern.quote(device) + "\\b");
    List<String> lines =
        dmesg
            .stdout()
            .lines()
            .filter(l -> named.matcher(l).find())
            .map(Mounts::withoutTime)
            .toList();
    return String.join(" / ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
  }

  /** {@code [12345.678] EXT4-fs (loop7): ...} without the time stamp. */
  private static String withoutTime(String line) {
    return line.replaceFirst("^\\[[^\\]]*\\]\\s*", "").strip();
  }

  /**
   * Unmounts {@code mountPoint} if it is mounted. A busy filesystem is retried with backoff for
   * about thirteen seconds; then the error names the mount point and what to do.
   */
  public static void unmount(Host host, Path mountPoint) {
    unmount(host, mountPoint, List.of("umount"));
  }

  /**
   * Unmounts with the given command (e.g. {@code zfs unmount pool/ds}), which is run while {@code
   * mountPoint} is in the mount table and retried while it reports the target busy. A command of
   * the program alone gets the mount point as its argument.
   *
   * @throws CommandFailedException when the command fails for another reason than busy
   * @throws io.fsbench.api.FsBenchException when the mount point is still busy after the bound
   */
  public static void unmount(Host host, Path mountPoint, List<String> unmountCommand) {
    unmount(host, mountPoint, unmountCommand, Sleeper.real());
  }

  static void unmount(Host host, Path mountPoint, List<String> unmountCommand, Sleeper sleeper) {
    List<String> argv = new ArrayList<>(unmountCommand);
    if (argv.size() == 1) {
      argv.add(mountPoint.toString());
    }
    Command command = Command.of(argv).timeout(TIMEOUT);
    CommandResult result =
        Retry.whileBusy(
            () -> unmountOnce(host, mountPoint, command),
            mountPoint.toString(),
            "find what holds it with 'fuser -vm "
                + mountPoint
                + "', stop it, then run 'fsbench cleanup'",
            sleeper);
    if (!result.succeeded()) {
      throw new CommandFailedException(result);
    }
  }

  /**
   * One attempt, which counts as done when nothing is mounted at the mount point, before or after
   * the command: another process may have unmounted it meanwhile.
   */
  private static CommandResult unmountOnce(Host host, Path mountPoint, Command command) {
    if (host.mountAt(mountPoint).isEmpty()) {
      return CommandResult.ok(command, "");
    }
    CommandResult result = host.shell().probe(command);
    return !result.succeeded() && host.mountAt(mountPoint).isEmpty()
        ? CommandResult.ok(command, "")
        : result;
  }

  /** Whether a failed command said its target is busy; see {@link Retry#isBusy}. */
  public static boolean isBusy(CommandResult result) {
    return Retry.isBusy(result);
  }
}
