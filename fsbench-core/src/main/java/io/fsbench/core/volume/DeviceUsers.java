package io.fsbench.core.volume;

import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Who uses a block device or one of its partitions, each use described so that a refusal names the
 * holder: mounts and swap, and devices built on it (LVM, dm-crypt, md, bcache) from lsblk; a use
 * that only a filesystem's plugin sees ({@link FileSystemPlugin#usesOf}: a zfs-fuse pool holds its
 * vdevs from user space, where no kernel holder shows); a process that has it open ({@code
 * /proc/PID/fd}); and the kernel's exclusive claim, which an {@code open(O_EXCL)} meets with EBUSY.
 * {@code --force} never overrides any of these: it is for an old signature, never for a device in
 * use.
 */
final class DeviceUsers {

  /** Whether the kernel holds a device exclusively. */
  interface ExclusiveClaim {
    boolean claimed(Path device) throws IOException;
  }

  private final Host host;
  private final List<FileSystemPlugin> plugins;
  private final Path proc;
  private final ExclusiveClaim claim;

  DeviceUsers(Host host, List<FileSystemPlugin> plugins, Path proc, ExclusiveClaim claim) {
    this.host = host;
    this.plugins = List.copyOf(plugins);
    this.proc = proc;
    this.claim = claim;
  }

  /** Every use of {@code device} (already resolved, e.g. /dev/sdb) and of its partitions. */
  List<String> of(Path device) {
    List<String> uses = new ArrayList<>();
    Set<Path> parts = new LinkedHashSet<>();
    parts.add(device);
    CommandResult tree =
        host.shell().run(Command.of("lsblk", "-nrpo", "NAME,TYPE,MOUNTPOINT", device.toString()));
    for (String line : tree.lines()) {
      String[] fields = line.strip().split(" ", 3);
      if (fields.length < 2) {
        continue;
      }
      Path name = Path.of(fields[0]);
      boolean mine = name.equals(device) || fields[1].equals("part");
      if (mine) {
        parts.add(name);
      } else {
        uses.add(name + " (" + fields[1] + ") is built on it");
      }
      if (fields.length == 3 && !fields[2].isBlank()) {
        String where = fields[2].replace("\\x20", " ");
        uses.add(
            where.equals("[SWAP]")
                ? name + " is in use as swap"
                : name + " is mounted on " + where);
      }
    }
    uses.addAll(heldByFileSystems(parts));
    uses.addAll(openBy(parts));
    for (Path part : parts) {
      try {
        if (claim.claimed(part)) {
          uses.add(part + " is held exclusively by the kernel (a mount, swap, md, dm or ZFS)");
        }
      } catch (IOException e) {
        uses.add(part + " cannot be checked for an exclusive holder (" + e.getMessage() + ")");
      }
    }
    return List.copyOf(new LinkedHashSet<>(uses));
  }

  /** What the filesystems' plugins see holding the devices (a zfs-fuse pool's vdevs). */
  private List<String> heldByFileSystems(Set<Path> parts) {
    List<String> uses = new ArrayList<>();
    for (FileSystemPlugin plugin : plugins) {
      plugin.usesOf(parts, host).forEach(use -> uses.add(use.toString()));
    }
    return uses;
  }

  /** Processes with one of the devices open, from their file descriptors. */
  private List<String> openBy(Set<Path> parts) {
    List<String> uses = new ArrayList<>();
    long self = ProcessHandle.current().pid();
    try (DirectoryStream<Path> processes = Files.newDirectoryStream(proc, "[0-9]*")) {
      for (Path process : processes) {
        if (process.getFileName().toString().equals(Long.toString(self))) {
          continue;
        }
        for (Path open : openFiles(process, parts)) {
          uses.add(
              open + " is open by process " + process.getFileName() + " (" + name(process) + ")");
        }
      }
    } catch (IOException e) {
      uses.add("the processes using it cannot be listed (" + e.getMessage() + ")");
    }
    return uses;
  }

  private static Set<Path> openFiles(Path process, Set<Path> parts) {
    Set<Path> open = new LinkedHashSet<>();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(process.resolve("fd"))) {
      for (Path fd : fds) {
        try {
          Path target = Files.readSymbolicLink(fd);
          if (parts.contains(target)) {
            open.add(target);
          }
        } catch (IOException e) {
          // closed meanwhile
        }
      }
    } catch (IOException e) {
      // the process ended, or is not ours to read (then we are not root, and cannot erase anyway)
    }
    return open;
  }

  private static String name(Path process) {
    try {
      return Files.readString(process.resolve("comm")).strip();
    } catch (IOException e) {
      return "?";
    }
  }
}
