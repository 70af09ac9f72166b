package io.fsbench.zfs;

import io.fsbench.api.EnvironmentException;
import io.fsbench.api.Size;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import io.fsbench.spi.Sleeper;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the installed ZFS offers, read from the running tools: the dataset and pool property tables
 * and the largest record size.
 *
 * @param flavour OpenZFS or zfs-fuse
 * @param dataset the dataset properties, from {@code zfs get}'s usage
 * @param pool the pool properties, from {@code zpool get}'s usage
 * @param minRecordSize the smallest record size
 * @param maxRecordSize the largest record size a new pool takes
 */
record ZfsCapabilities(
    ZfsFlavour flavour,
    PropertyTable dataset,
    PropertyTable pool,
    Size minRecordSize,
    Size maxRecordSize) {

  /** SPA_OLD_MAXBLOCKSIZE: what every ZFS takes, and all zfs-fuse takes. */
  static final Size CLASSIC_MAX_RECORD = Size.kib(128);

  private static final Duration QUICK = Duration.ofSeconds(30);

  /**
   * Starts zfs-fuse if needed and reads the tables.
   *
   * @throws EnvironmentException when ZFS does not answer or prints no property table
   */
  static ZfsCapabilities probe(Host host, ZfsFlavour flavour, Sleeper sleeper) {
    ZfsService.ensureRunning(host, flavour, sleeper);
    // both print their usage with the property table on stderr and exit 2 when given no property
    CommandResult zfsGet = host.shell().probe(Command.of("zfs", "get").timeout(QUICK));
    CommandResult zpoolGet = host.shell().probe(Command.of("zpool", "get").timeout(QUICK));
    PropertyTable dataset = PropertyTable.parse(zfsGet.stderr() + "\n" + zfsGet.stdout());
    PropertyTable pool = PropertyTable.parse(zpoolGet.stderr() + "\n" + zpoolGet.stdout());
    if (!dataset.has("compression") || !dataset.has("recordsize")) {
      throw new EnvironmentException(
          "'zfs get' printed no property table to learn what this "
              + flavour
              + " offers: "
              + ZfsService.output(zfsGet));
    }
    List<Size> range =
        dataset.sizeRange("recordsize").orElse(List.of(Size.bytes(512), CLASSIC_MAX_RECORD));
    Size max = range.get(1);
    if (flavour == ZfsFlavour.OPENZFS) {
      // the table says 1M, but the module takes up to zfs_max_recordsize (16M since 2.2)
      Optional<Size> moduleMax = maxRecordSizeParameter(host);
      if (moduleMax.isPresent() && moduleMax.get().compareTo(max) > 0) {
        max = moduleMax.get();
      }
    }
    return new ZfsCapabilities(flavour, dataset, pool, range.get(0), max);
  }

  private static Optional<Size> maxRecordSizeParameter(Host host) {
    CommandResult cat =
        host.shell()
            .probe(
                Command.of("cat", "/sys/module/zfs/parameters/zfs_max_recordsize").timeout(QUICK));
    try {
      return cat.succeeded()
          ? Optional.of(Size.bytes(Long.parseLong(cat.stdout().strip())))
          : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * Whether O_DIRECT really bypasses ZFS's caches: only OpenZFS 2.3's Direct I/O (its {@code
   * direct} property) does. zfs-fuse accepts O_DIRECT and skips the kernel page cache, but serves
   * repeated reads from its ARC without touching the device (measured on zfs-fuse 0.7.0).
   */
  boolean directIo() {
    return flavour == ZfsFlavour.OPENZFS && dataset.has("direct");
  }

  /** The ashift values {@code zpool create -o ashift=} takes, if the pool table lists ashift. */
  Optional<List<Integer>> ashiftRange() {
    return pool.intRange("ashift");
  }
}
