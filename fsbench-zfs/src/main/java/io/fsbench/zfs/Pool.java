package io.fsbench.zfs;

import io.fsbench.api.InvalidInputException;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandFailedException;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.Sleeper;
import io.fsbench.spi.support.Mounts;
import io.fsbench.spi.support.Retry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The pool and dataset of one volume: pool {@code spec.name()} on {@code spec.device()}, dataset
 * {@code NAME/data} with {@code canmount=noauto} and {@code mountpoint=spec.mountPoint()}.
 *
 * <p>Pools are made with {@code cachefile=none}, so that neither the daemon nor the kernel
 * re-imports them at its next start from a cache that names a loop device long gone. They are found
 * again with {@code zpool import -d STATE_DIR}, where a symlink to the device lives.
 */
final class Pool {

  static final String DATASET = "data";
  static final String IMPORT_DIR = "zpool-import";
  static final String DEVICE_LINK = "vdev";

  private static final Duration QUICK = Duration.ofSeconds(30);
  private static final Duration SLOW = Duration.ofMinutes(5);

  private final FileSystemSpec spec;
  private final Host host;
  private final Sleeper sleeper;

  /** What zpool takes as a pool name: a letter first, and none of the vdev type words. */
  private static final Pattern NAME =
      Pattern.compile(
          "(?!(mirror|raidz|draid|spare|log|cache|special|dedup)|c[0-9])[A-Za-z][A-Za-z0-9_.:-]*");

  Pool(FileSystemSpec spec, Host host, Sleeper sleeper) {
    if (!NAME.matcher(spec.name()).matches()) {
      throw new InvalidInputException(
          "name ("
              + spec.name()
              + ") cannot name a ZFS pool: it must start with a letter and not with mirror, raidz,"
              + " draid, spare, log, cache, special, dedup or c and a digit");
    }
    this.spec = spec;
    this.host = host;
    this.sleeper = sleeper;
  }

  String name() {
    return spec.name();
  }

  String dataset() {
    return spec.name() + "/" + DATASET;
  }

  Path importDir() {
    return spec.stateDir().resolve(IMPORT_DIR);
  }

  Path deviceLink() {
    return importDir().resolve(DEVICE_LINK);
  }

  /** {@code zpool create -f -m none -o cachefile=none [-o ashift=N] NAME DEVICE}. */
  Command createCommand(List<String> poolOptions) {
    List<String> argv =
        new ArrayList<>(List.of("zpool", "create", "-f", "-m", "none", "-o", "cachefile=none"));
    poolOptions.forEach(o -> argv.addAll(List.of("-o", o)));
    argv.add(name());
    argv.add(spec.device().toString());
    return Command.of(argv).timeout(SLOW);
  }

  /** {@code zfs create -o canmount=noauto -o mountpoint=MP [-o property=value]... NAME/data}. */
  Command createDatasetCommand(List<String> properties) {
    List<String> argv = new ArrayList<>(List.of("zfs", "create", "-o", "canmount=noauto"));
    argv.addAll(List.of("-o", "mountpoint=" + spec.mountPoint().toAbsolutePath()));
    properties.forEach(p -> argv.addAll(List.of("-o", p)));
    argv.add(dataset());
    return Command.of(argv).timeout(SLOW);
  }

  /** Points the state directory's link at the device, where {@code zpool import -d} looks. */
  void linkDevice() {
    host.shell().run(Command.of("mkdir", "-p", importDir().toString()).timeout(QUICK));
    host.shell()
        .run(
            Command.of("ln", "-sfn", spec.device().toString(), deviceLink().toString())
                .timeout(QUICK));
  }

  boolean isImported() {
    return host.shell()
        .probe(Command.of("zpool", "list", "-H", "-o", "name", name()).timeout(QUICK))
        .succeeded();
  }

  /** Imports the pool from the device; fails loudly when it cannot. */
  void importPool() {
    linkDevice();
    host.shell().run(importCommand(false));
  }

  /**
   * Imports the pool if its device still holds it, forcing past a pool that a killed run left
   * imported elsewhere. Returns false when there is no pool to import.
   */
  boolean tryImport() {
    try {
      linkDevice();
    } catch (CommandFailedException e) {
      return false; // the state directory is gone: so is anything to import from it
    }
    return host.shell().probe(importCommand(true)).succeeded();
  }

  private Command importCommand(boolean force) {
    List<String> argv = new ArrayList<>(List.of("zpool", "import", "-o", "cachefile=none"));
    argv.addAll(List.of("-d", importDir().toString()));
    if (force) {
      argv.add("-f");
    }
    argv.add(name());
    return Command.of(argv).timeout(SLOW);
  }

  /** {@code zfs mount NAME/data}; zfs-fuse calls a just-unmounted dataset busy for a moment. */
  void mountDataset() {
    CommandResult result =
        Retry.whileBusy(
            () -> host.shell().probe(Command.of("zfs", "mount", dataset()).timeout(SLOW)),
            "dataset " + dataset(),
            "find what holds " + spec.mountPoint() + " with 'fuser -vm " + spec.mountPoint() + "'",
            sleeper);
    if (!result.succeeded()) {
      throw new CommandFailedException(result);
    }
  }

  /** {@code zfs unmount NAME/data} while mounted, busy retried with the bound of {@link Mounts}. */
  void unmountDataset() {
    Mounts.unmount(host, spec.mountPoint(), List.of("zfs", "unmount", dataset()));
  }

  /**
   * {@code zpool export NAME}: the pool leaves memory, and with it its cached blocks (the ARC), so
   * the next import starts cold.
   */
  void export() {
    CommandResult result =
        Retry.whileBusy(
            () -> host.shell().probe(Command.of("zpool", "export", name()).timeout(SLOW)),
            "pool " + name(),
            "stop what uses " + spec.mountPoint() + ", then run 'fsbench cleanup'",
            sleeper);
    if (!result.succeeded() && !saysNoSuchPool(result)) {
      throw new CommandFailedException(result);
    }
  }

  /** {@code zpool destroy -f NAME}, a busy pool retried with a bound; a missing pool is fine. */
  void destroy() {
    CommandResult result =
        Retry.whileBusy(
            () -> host.shell().probe(Command.of("zpool", "destroy", "-f", name()).timeout(SLOW)),
            "pool " + name(),
            "stop what uses " + spec.mountPoint() + ", then run 'fsbench cleanup'",
            sleeper);
    if (!result.succeeded() && !saysNoSuchPool(result)) {
      throw new CommandFailedException(result);
    }
  }

  static boolean saysNoSuchPool(CommandResult result) {
    return (result.stderr() + result.stdout()).toLowerCase(Locale.ROOT).contains("no such pool");
  }
}
