package io.fsbench.core.volume;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Refuses a real device that is not safe to erase: not a block device, in use ({@link DeviceUsers}:
 * mounted, swap, a holder, a pool member, open by a process, claimed by the kernel; partitions
 * count as the device), or, unless forced, carrying a filesystem or partition table signature.
 */
final class DeviceGuard {

  private static final int S_IFMT = 0170000;
  private static final int S_IFBLK = 0060000;

  private final Host host;
  private final DeviceUsers users;

  DeviceGuard(Host host, List<FileSystemPlugin> plugins) {
    this(host, new DeviceUsers(host, plugins, Path.of("/proc"), FileCalls::claimedExclusively));
  }

  DeviceGuard(Host host, DeviceUsers users) {
    this.host = host;
    this.users = users;
  }

  /** Checks the device and returns its size. */
  Size check(Target.BlockDevice target) {
    Path device = target.path();
    if (!isBlockDevice(device)) {
      throw new InvalidInputException(
          "device ("
              + device
              + ") is not a block device; give a whole disk or partition such as /dev/sdb, or use"
              + " a loop target");
    }
    List<String> inUse = users.of(Path.of(real(device)));
    if (!inUse.isEmpty()) {
      throw new InvalidInputException(
          "device ("
              + device
              + ") is in use: "
              + String.join("; ", inUse)
              + ". --force does not override this (it is for an old signature, never for a device"
              + " in use): stop what uses it (unmount, swapoff, zpool export, close the program),"
              + " or choose another device");
    }
    if (!target.erasesSignatures()) {
      String signature = signature(device);
      if (!signature.isEmpty()) {
        throw new InvalidInputException(
            "device ("
                + device
                + ") already holds data ("
                + signature
                + "); if you really mean to erase it, use Target.device(..).force() (--force on"
                + " the command line)");
      }
    }
    CommandResult size = host.shell().run(Command.of("blockdev", "--getsize64", device.toString()));
    return Size.bytes(Long.parseLong(size.stdout().strip()));
  }

  private static boolean isBlockDevice(Path device) {
    try {
      int mode = (Integer) Files.getAttribute(device, "unix:mode");
      return (mode & S_IFMT) == S_IFBLK;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return false;
    }
  }

  private static String real(Path device) {
    try {
      return device.toRealPath(LinkOption.values()).toString();
    } catch (IOException e) {
      return device.toString();
    }
  }

  /** The filesystem or partition-table type blkid finds, or empty. */
  private String signature(Path device) {
    CommandResult probe =
        host.shell().probe(Command.of("blkid", "-p", "-o", "export", device.toString()));
    if (probe.exitCode() == 2) {
      return "";
    }
    List<String> found = new ArrayList<>();
    for (String line : probe.lines()) {
      if (line.startsWith("TYPE=") || line.startsWith("PTTYPE=")) {
        found.add(line);
      }
    }
    if (!probe.succeeded() && found.isEmpty()) {
      return "blkid could not probe it: " + probe.stderr().strip();
    }
    return String.join(", ", found);
  }
}
