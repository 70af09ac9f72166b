package io.fsbench.core.volume;

import io.fsbench.api.EnvironmentException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.core.plugin.PluginRegistry;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * What must hold before a volume is made, checked without making anything: the plugin exists and is
 * available, root, the tuning, a device safe to erase, and a size the filesystem can use. A
 * comparison checks every cell with it before the first one runs, so that a cell that would be
 * refused is refused with the command, not after an hour of other cells.
 */
public final class VolumePreflight {

  private final Host host;
  private final PluginRegistry plugins;

  public VolumePreflight(Host host, PluginRegistry plugins) {
    this.host = host;
    this.plugins = plugins;
  }

  /**
   * Checks that a volume of this filesystem, target and tuning can be made.
   *
   * @return the size the volume will have: the image's, or the device's; zero for a directory
   * @throws InvalidInputException for a bad filesystem, tuning, device or size
   * @throws EnvironmentException when not root or the filesystem's tools are missing
   */
  public Size check(String fileSystem, Target target, Tuning tuning) {
    if (target instanceof Target.Directory directory) {
      checkDirectory(directory.path(), tuning);
      return Size.ZERO;
    }
    FileSystemPlugin plugin = plugins.require(fileSystem, host);
    if (!host.isRoot()) {
      throw EnvironmentException.notRoot("making a " + plugin.id() + " volume");
    }
    plugin.validate(tuning, host);
    Size size =
        target instanceof Target.BlockDevice device
            ? new DeviceGuard(host, plugins.all()).check(device)
            : ((Target.Loop) target).size();
    if (size.compareTo(plugin.minimumDeviceSize()) < 0) {
      throw new InvalidInputException(
          (target instanceof Target.BlockDevice d
                  ? "device " + d.path() + " size ("
                  : "image size (")
              + size
              + ") is below the "
              + plugin.minimumDeviceSize()
              + " that "
              + plugin.id()
              + " needs; give a larger size");
    }
    return size;
  }

  /** File systems of the kernel's own, where a benchmark can make no file. */
  private static final Set<String> PSEUDO =
      Set.of(
          "proc",
          "sysfs",
          "devpts",
          "cgroup",
          "cgroup2",
          "securityfs",
          "debugfs",
          "tracefs",
          "configfs",
          "pstore",
          "bpf",
          "efivarfs",
          "fusectl",
          "mqueue",
          "hugetlbfs",
          "binfmt_misc",
          "devtmpfs",
          "autofs",
          "rpc_pipefs",
          "nsfs",
          "selinuxfs");

  private static void checkDirectory(Path path, Tuning tuning) {
    if (!tuning.isDefault()) {
      throw new InvalidInputException(
          "tuning ("
              + tuning.label()
              + ") cannot be applied to a directory target, which fsbench neither makes nor"
              + " mounts; use a loop or device target to tune");
    }
    Path dir = path.toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new InvalidInputException(
          "directory (" + path + ") does not exist or is not a directory; give an existing one");
    }
    String type;
    try {
      type = Files.getFileStore(dir).type();
    } catch (IOException e) {
      throw new InvalidInputException(
          "directory ("
              + path
              + ") is on a filesystem whose type cannot be read ("
              + e.getMessage()
              + "); choose another directory");
    }
    if (PSEUDO.contains(type)) {
      throw new InvalidInputException(
          "directory ("
              + path
              + ") is on "
              + type
              + ", a pseudo-filesystem of the kernel that cannot hold a benchmark's files;"
              + " choose a directory on a real filesystem, e.g. /tmp");
    }
    if (!Files.isWritable(dir)) {
      throw new InvalidInputException(
          "directory (" + path + ") is not writable by this user; choose another");
    }
  }
}
