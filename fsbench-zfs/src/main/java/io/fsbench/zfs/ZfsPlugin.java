package io.fsbench.zfs;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Availability;
import io.fsbench.api.EnvironmentException;
import io.fsbench.api.Feature;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.DeviceUse;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.Sleeper;
import io.fsbench.spi.TuningSupport;
import io.fsbench.spi.support.AvailabilityChecks;
import io.fsbench.spi.support.Refusals;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * ZFS on one device: a pool named after the volume with one dataset, {@code NAME/data}, mounted at
 * the volume's mount point. Works with the OpenZFS kernel module or with zfs-fuse, whose daemon it
 * starts when it is not running.
 *
 * <p>Tuning is by properties, checked against the property table of the installed ZFS: compression
 * (what it offers; {@code gzip:6} is {@code gzip-6}, {@code zstd:-5} is {@code zstd-fast-5}),
 * recordsize, atime, sync (OpenZFS only), and the options {@code ashift}, {@code primarycache},
 * {@code logbias}, {@code checksum}. {@code cow} and {@code journal} are refused either way: ZFS
 * always copies on write and always has its intent log, so "on" would change nothing. Unmount
 * exports the pool, which empties the ARC, so that a remount starts cold.
 *
 * <pre>{@code
 * Tuning gzip = Tuning.parse(List.of("compression=gzip:6", "recordsize=16k", "atime=off"));
 * }</pre>
 */
public final class ZfsPlugin implements FileSystemPlugin {

  static final String INSTALL_HINT = "apt-get install zfs-fuse (or OpenZFS: zfsutils-linux)";

  private static final Duration QUICK = Duration.ofSeconds(30);

  /** The dataset properties recorded with every volume, where this ZFS has them. */
  private static final List<String> RECORDED =
      List.of(
          "type",
          "compression",
          "recordsize",
          "atime",
          "relatime",
          "sync",
          "primarycache",
          "logbias",
          "checksum",
          "copies",
          "dedup",
          "xattr",
          "direct",
          "canmount",
          "mountpoint",
          "mounted",
          "version");

  private final Sleeper sleeper;

  public ZfsPlugin() {
    this(Sleeper.real());
  }

  ZfsPlugin(Sleeper sleeper) {
    this.sleeper = sleeper;
  }

  @Override
  public String id() {
    return "zfs";
  }

  @Override
  public String description() {
    return "ZFS: pooled copy-on-write filesystem with checksums, compression and snapshots"
        + " (OpenZFS or zfs-fuse)";
  }

  /**
   * Available when the tools are installed and ZFS answers. As root this starts the zfs-fuse daemon
   * when it is not running: only a daemon that answers shows that ZFS works here.
   */
  @Override
  public Availability availability(Host host) {
    return AvailabilityChecks.guarded("ZFS", INSTALL_HINT, () -> check(host));
  }

  private Availability check(Host host) {
    Availability tools = AvailabilityChecks.tools(host, List.of("zpool", "zfs"), INSTALL_HINT);
    if (!tools.isAvailable()) {
      return tools;
    }
    var flavour = ZfsFlavour.detect(host);
    if (flavour.isEmpty()) {
      return Availability.unavailable(
          "the OpenZFS kernel module (zfs) is not loaded and zfs-fuse is not installed",
          "modprobe zfs, or " + INSTALL_HINT);
    }
    if (flavour.get() == ZfsFlavour.ZFS_FUSE && !hasFuse(host)) {
      return Availability.unavailable(
          "zfs-fuse needs FUSE, which the running kernel (" + host.kernel() + ") lacks",
          "modprobe fuse");
    }
    if (host.isRoot()) {
      try {
        ZfsService.ensureRunning(host, flavour.get(), sleeper);
      } catch (EnvironmentException e) {
        return Availability.unavailable(
            e.getMessage(),
            flavour.get() == ZfsFlavour.ZFS_FUSE
                ? "start it with 'zfs-fuse -p " + ZfsService.PID_FILE + "'"
                : "modprobe zfs");
      }
    }
    return Availability.available();
  }

  private static boolean hasFuse(Host host) {
    return host.kernelFileSystems().contains("fuse") || host.moduleLoaded("fuse");
  }

  /**
   * Not {@link Feature#IN_KERNEL}: OpenZFS is built outside Linux and zfs-fuse runs in user space.
   * {@link Feature#JOURNAL} is the ZFS intent log. {@link Feature#DIRECT_IO} only where O_DIRECT
   * bypasses the ARC (OpenZFS 2.3+, which has the {@code direct} property).
   */
  @Override
  public Set<Feature> features(Host host) {
    Set<Feature> features =
        EnumSet.of(
            Feature.COMPRESSION,
            Feature.SNAPSHOTS,
            Feature.DATA_CHECKSUMS,
            Feature.METADATA_CHECKSUMS,
            Feature.COPY_ON_WRITE,
            Feature.JOURNAL);
    try {
      if (capabilities(host).directIo()) {
        features.add(Feature.DIRECT_IO);
      }
    } catch (RuntimeException e) {
      // ZFS does not answer (not root, no daemon): claim nothing that needs it to say so
    }
    return features;
  }

  /** 16 EiB, more than a long holds; capped at {@link Long#MAX_VALUE} bytes. */
  @Override
  public Size maxFileSize() {
    return Size.bytes(Long.MAX_VALUE);
  }

  @Override
  public TuningSupport tuningSupport(Host host) {
    ZfsCapabilities zfs = capabilities(host);
    return new TuningSupport(
        ZfsSettings.supported(zfs),
        Refusals.reasons(ZfsSettings.refused(zfs), tuning -> ZfsTuning.of(tuning, zfs)));
  }

  @Override
  public void validate(Tuning tuning, Host host) {
    ZfsTuning.of(tuning, capabilities(host));
  }

  @Override
  public List<Command> format(FileSystemSpec spec, Host host) {
    ZfsTuning tuning = ZfsTuning.of(spec.tuning(), capabilities(host));
    Pool pool = new Pool(spec, host, sleeper);
    Command createPool = pool.createCommand(tuning.poolOptions());
    host.shell().run(createPool);
    Command createDataset = pool.createDatasetCommand(tuning.datasetProperties());
    host.shell().run(createDataset);
    pool.linkDevice();
    return List.of(createPool, createDataset);
  }

  @Override
  public void mount(FileSystemSpec spec, Host host) {
    ZfsService.ensureRunning(host, flavour(host), sleeper);
    Pool pool = new Pool(spec, host, sleeper);
    if (!pool.isImported()) {
      pool.importPool();
    }
    if (host.mountAt(spec.mountPoint()).isEmpty()) {
      pool.mountDataset();
    }
  }

  @Override
  public Map<String, String> properties(FileSystemSpec spec, Host host) {
    ZfsFlavour flavour = flavour(host);
    ZfsService.ensureRunning(host, flavour, sleeper);
    Pool pool = new Pool(spec, host, sleeper);
    Map<String, String> properties = new TreeMap<>();
    properties.put("implementation", flavour.label());
    CommandResult dataset =
        host.shell()
            .run(
                Command.of("zfs", "get", "-H", "-p", "-o", "property,value", "all", pool.dataset())
                    .timeout(QUICK));
    ZfsOutputs.datasetProperties(dataset.stdout())
        .forEach(
            (name, value) -> {
              if (RECORDED.contains(name)) {
                properties.put(name, value);
              }
            });
    CommandResult poolGet =
        host.shell().run(Command.of("zpool", "get", "ashift,version", pool.name()).timeout(QUICK));
    ZfsOutputs.poolProperties(poolGet.stdout())
        .forEach((name, value) -> properties.put(ZfsReadBack.POOL + name, value));
    return properties;
  }

  @Override
  public Tuning readBack(FileSystemSpec spec, AppliedTuning applied) {
    return ZfsReadBack.of(spec.tuning(), applied);
  }

  /** Unmounts the dataset, then exports the pool, which empties its share of the ARC. */
  @Override
  public void unmount(FileSystemSpec spec, Host host) {
    var flavour = ZfsFlavour.detect(host);
    if (flavour.isEmpty()) {
      return; // without ZFS nothing of it can be mounted
    }
    ZfsService.ensureRunning(host, flavour.get(), sleeper);
    Pool pool = new Pool(spec, host, sleeper);
    pool.unmountDataset();
    if (pool.isImported()) {
      pool.export();
    }
  }

  /**
   * Imports the pool if it is on the device but not imported, then destroys it. Nothing to do when
   * the pool is gone, or was never made.
   */
  @Override
  public void destroy(FileSystemSpec spec, Host host) {
    var flavour = ZfsFlavour.detect(host);
    if (flavour.isEmpty()) {
      return;
    }
    ZfsService.ensureRunning(host, flavour.get(), sleeper);
    Pool pool = new Pool(spec, host, sleeper);
    if (!pool.isImported() && !pool.tryImport()) {
      return;
    }
    pool.destroy();
  }

  /** The vdevs of imported pools among {@code devices}, which no kernel holder shows. */
  @Override
  public List<DeviceUse> usesOf(Set<Path> devices, Host host) {
    return PoolVdevs.usesOf(devices, host);
  }

  /** zpool reports the pool's space, wherever ZFS is installed. */
  @Override
  public boolean reportsFragmentation(Host host) {
    return host.findTool("zpool").isPresent();
  }

  /** {@code zpool get all POOL}: fragmentation where this ZFS has it, capacity and free space. */
  @Override
  public Fragmentation fragmentation(FileSystemSpec spec, Host host) {
    Pool pool = new Pool(spec, host, sleeper);
    Command get = Command.of("zpool", "get", "all", pool.name()).timeout(QUICK);
    return PoolFragmentation.parse(get.commandLine(), host.shell().run(get).stdout());
  }

  @Override
  public Map<String, String> toolVersions(Host host) {
    try {
      return ZfsVersions.of(host, ZfsFlavour.detect(host));
    } catch (RuntimeException e) {
      return Map.of("zfs", "unknown (" + e.getMessage() + ")");
    }
  }

  private ZfsCapabilities capabilities(Host host) {
    return ZfsCapabilities.probe(host, flavour(host), sleeper);
  }

  private static ZfsFlavour flavour(Host host) {
    return ZfsFlavour.detect(host)
        .orElseThrow(
            () ->
                new EnvironmentException(
                    "ZFS is not here: the zfs kernel module is not loaded and zfs-fuse is not"
                        + " installed; "
                        + INSTALL_HINT));
  }
}
