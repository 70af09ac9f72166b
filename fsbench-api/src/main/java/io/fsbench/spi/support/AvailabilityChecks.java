package io.fsbench.spi.support;

import io.fsbench.api.Availability;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import java.util.List;
import java.util.function.Supplier;

/**
 * The checks most plugins' {@link FileSystemPlugin#availability} makes: its tools are installed and
 * the running kernel can mount the filesystem. Each says what is missing and what to install, and
 * none throws.
 *
 * <pre>{@code
 * public Availability availability(Host host) {
 *   return AvailabilityChecks.toolsAndKernel(
 *       host, "xfs", List.of("mkfs.xfs", "xfs_info"), "apt-get install xfsprogs");
 * }
 * }</pre>
 */
public final class AvailabilityChecks {

  private AvailabilityChecks() {}

  /**
   * Available when every tool is installed and {@link #kernelCanMount the kernel can mount} the
   * filesystem; otherwise unavailable with the first thing missing. Never throws: a check that
   * fails is reported as the reason.
   *
   * @param fileSystem the type the kernel knows the filesystem by, e.g. {@code xfs}
   * @param tools the programs the plugin runs
   * @param installHint how to install the tools, e.g. {@code apt-get install xfsprogs}
   */
  public static Availability toolsAndKernel(
      Host host, String fileSystem, List<String> tools, String installHint) {
    return guarded(
        fileSystem,
        installHint,
        () -> {
          Availability installed = tools(host, tools, installHint);
          if (!installed.isAvailable() || kernelCanMount(host, fileSystem)) {
            return installed;
          }
          return Availability.unavailable(
              "the running kernel ("
                  + host.kernel()
                  + ") cannot mount "
                  + fileSystem
                  + ": it has no "
                  + fileSystem
                  + " driver (not in /proc/filesystems, no module loaded, and 'modprobe -n "
                  + fileSystem
                  + "' finds none)",
              "load it with 'modprobe "
                  + fileSystem
                  + "', or boot a kernel built with "
                  + fileSystem);
        });
  }

  /** Available when every tool is installed; otherwise unavailable naming the first missing one. */
  public static Availability tools(Host host, List<String> tools, String installHint) {
    for (String tool : tools) {
      if (host.findTool(tool).isEmpty()) {
        return Availability.unavailable(tool + " is not installed", installHint);
      }
    }
    return Availability.available();
  }

  /**
   * Whether the running kernel can mount the filesystem: it is in {@code /proc/filesystems}, its
   * module is loaded, or {@code modprobe -n} finds a module for it, which mount then loads by
   * itself.
   */
  public static boolean kernelCanMount(Host host, String fileSystem) {
    if (host.kernelFileSystems().contains(fileSystem) || host.moduleLoaded(fileSystem)) {
      return true;
    }
    return host.findTool("modprobe").isPresent()
        && host.shell()
            .probe(Command.of("modprobe", "-n", "-q", fileSystem).timeout(Probes.TIMEOUT))
            .succeeded();
  }

  /**
   * Runs a plugin's own check and reports what it throws as the reason, so that {@code
   * availability} keeps its promise never to throw.
   *
   * @param fileSystem names the filesystem in the reason: "could not check for FS: ..."
   */
  public static Availability guarded(
      String fileSystem, String installHint, Supplier<Availability> check) {
    try {
      return check.get();
    } catch (RuntimeException e) {
      return Availability.unavailable(
          "could not check for " + fileSystem + ": " + e.getMessage(), installHint);
    }
  }
}
