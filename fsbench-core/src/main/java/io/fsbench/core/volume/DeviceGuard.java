package io.fsbench.core.volume;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Refuses a real device that is not safe to erase: not a block device, mounted (itself or a
 * partition or holder, or used as swap), or, unless forced, carrying a filesystem or partition
 * table signature.
 */
final class DeviceGuard {

  private static final int S_IFMT = 0170000;
  private static final int S_IFBLK = 0060000;

  private final Host host;

  DeviceGuard(Host host) {
    this.host = host;
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
    List<String> inUse = inUse(device);
    if (!inUse.isEmpty()) {
      throw new InvalidInputException(
          "device ("
              + device
              + ") is in use: "
              + String.join(", ", inUse)
              + "; unmount it (and its partitions) first, or choose another device");
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

  /** Mount points, swap and holders of the device and its partitions, from lsblk. */
  private List<String> inUse(Path device) {
    List<String> uses = new ArrayList<>();
    CommandResult tree =
        host.shell().run(Command.of("lsblk", "-nrpo", "NAME,MOUNTPOINT", device.toString()));
    for (String line : tree.lines()) {
      String[] fields = line.strip().split("\\s+", 2);
      if (fields.length == 2 && !fields[1].isBlank()) {
        uses.add(fields[0] + " mounted on " + fields[1].replace("\\x20", " "));
      } else if (fields.length >= 1 && !fields[0].equals(real(device))) {
        String holder = fields[0];
        if (holder.startsWith("/dev/mapper/") || holder.startsWith("/dev/dm-")) {
          uses.add(holder + " is built on it");
        }
      }
    }
    return uses;
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
