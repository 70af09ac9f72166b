package io.fsbench;

import io.fsbench.api.CleanupResult;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.DataLossConsent;
import io.fsbench.api.Environment;
import io.fsbench.api.EnvironmentException;
import io.fsbench.api.Feature;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.api.Workload;
import io.fsbench.core.compare.ComparisonPlan;
import io.fsbench.core.compare.ComparisonRunner;
import io.fsbench.core.compare.EnvironmentProbe;
import io.fsbench.core.compare.VolumeSizing;
import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.core.engine.block.BlockEngine;
import io.fsbench.core.host.SystemHost;
import io.fsbench.core.nativeio.Caches;
import io.fsbench.core.plugin.PluginRegistry;
import io.fsbench.core.plugin.WorkloadFamilies;
import io.fsbench.core.volume.OpenVolumes;
import io.fsbench.core.volume.ResourceRegistry;
import io.fsbench.core.volume.ResourceReleaser;
import io.fsbench.core.volume.VolumeFactory;
import io.fsbench.core.volume.VolumePreflight;
import io.fsbench.core.volume.WorkDir;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import io.fsbench.spi.TuningSupport;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The entry point: filesystem volumes, workloads and comparisons.
 *
 * <pre>{@code
 * RunResult run = FsBench.on("xfs").randWrite(kib(4)).size(mib(64)).run();
 *
 * try (Session ext4 = FsBench.on("ext4").tuned(Tuning.parse(List.of("atime=off"))).open()) {
 *   ext4.seqWrite(kib(128)).size(mib(200)).run();
 *   ext4.seqRead(kib(128)).size(mib(200)).run();
 * }
 *
 * try (Volume volume = FsBench.defaults().volume("xfs", Target.loop(Size.gib(1)), Tuning.defaults())) {
 *   // ... use volume.mountPoint()
 * }
 * }</pre>
 *
 * <p>{@link #defaults()} discovers plugins with {@link java.util.ServiceLoader} and keeps its work
 * dir in {@code $FSBENCH_WORK_DIR}, else {@code /var/lib/fsbench} for root and {@code
 * ~/.local/state/fsbench} for others; {@link #builder()} configures another instance (plugins
 * registered by hand, discovery off, another work dir).
 *
 * <p>Over 400 lines: it is the one public entry point, so each verb an embedder calls (volumes,
 * sessions, comparisons, cleanup, plugins) has a small public method here with its Javadoc, and
 * delegates the work to the internal packages; what remains is the builder.
 */
public final class FsBench {

  private static final Logger log = LoggerFactory.getLogger(FsBench.class);
  private static FsBench defaultInstance;

  private final Host host;
  private final WorkDir workDir;
  private final PluginRegistry plugins;
  private final ResourceRegistry registry;
  private final ResourceReleaser releaser;
  private final VolumeFactory volumes;
  private final WorkloadRunners runners;
  private final List<PluginRegistry.LoadFailure> familyFailures = new ArrayList<>();
  private boolean orphansReleased;

  private FsBench(Builder builder) {
    this.host = builder.host != null ? builder.host : systemHost();
    this.workDir =
        builder.workDir != null ? new WorkDir(builder.workDir) : WorkDir.fromEnvironment();
    ClassLoader loader =
        builder.classLoader != null
            ? builder.classLoader
            : Objects.requireNonNullElse(
                Thread.currentThread().getContextClassLoader(), FsBench.class.getClassLoader());
    this.plugins = PluginRegistry.create(builder.discover, loader, builder.plugins);
    this.runners = WorkloadFamilies.discover(loader, familyFailures);
    this.registry = ResourceRegistry.forThisProcess(workDir);
    this.releaser = new ResourceReleaser(host, plugins, registry, workDir);
    this.volumes = new VolumeFactory(host, plugins, workDir, registry, releaser);
    OpenVolumes.releaseAtExit(
        releaser, () -> releaser.release(registry.mine()).forEach(FsBench::logLeftover));
  }

  private static void logLeftover(ResourceReleaser.Released released) {
    if (released.succeeded()) {
      log.info("released at exit: {}", released.entry());
    } else {
      log.warn("could not release at exit {}: {}", released.entry(), released.error());
    }
  }

  /** The shared instance: discovered plugins, the default work dir. */
  public static synchronized FsBench defaults() {
    if (defaultInstance == null) {
      defaultInstance = builder().build();
    }
    return defaultInstance;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * A session on a fresh loop volume of this filesystem ({@link #defaultImageSize()}, default
   * tuning; change both on the session). The volume is made when the first workload runs.
   *
   * @throws InvalidInputException for an unknown filesystem, listing the known ones
   * @throws EnvironmentException for a filesystem whose tools are missing here
   */
  public static Session on(String fileSystem) {
    return defaults().session(fileSystem, Target.loop());
  }

  /**
   * A session in an existing directory: no mkfs, no tuning, no root. Each run works in a fresh
   * subdirectory that it removes afterwards.
   */
  public static Session onDirectory(Path directory) {
    return defaults().session(null, Target.directory(directory));
  }

  /**
   * A session on a real block device, which is erased: refused unless {@code consent} is given, and
   * when the device is mounted or (unless {@link Session#eraseSignatures()}) already carries a
   * filesystem or partition table.
   */
  public static Session onDevice(String fileSystem, Path device, DataLossConsent consent) {
    return defaults().session(fileSystem, Target.device(device, consent));
  }

  /**
   * A session of this instance on a target; {@link #on}, {@link #onDirectory} and {@link #onDevice}
   * are this on {@link #defaults()}.
   *
   * @param fileSystem the plugin id; null for a directory target
   */
  public Session session(String fileSystem, Target target) {
    Objects.requireNonNull(target, "target");
    if (target.formats()) {
      if (fileSystem == null || fileSystem.isBlank()) {
        throw new InvalidInputException(
            "no filesystem given; name one of the plugins, e.g. ext4 ("
                + plugins.describe(host)
                + ")");
      }
      fileSystem = plugins.require(fileSystem, host).id();
    }
    return new Session(
        this,
        target.formats() ? fileSystem : null,
        target,
        new BlockEngine()::run,
        Clock.systemUTC());
  }

  /** Refuses a tuning the filesystem cannot honour, naming the knob; creates nothing. */
  void validate(String fileSystem, Tuning tuning) {
    plugins.require(fileSystem, host).validate(tuning, host);
  }

  /**
   * Refuses a volume that could not be made (filesystem, root, tuning, device, size) before
   * anything is made or printed.
   */
  void check(String fileSystem, Target target, Tuning tuning) {
    new VolumePreflight(host, plugins).check(fileSystem, target, tuning);
  }

  /** Checks every cell's volume, so that no cell is refused after others ran. */
  private void checkCells(ComparisonPlan plan, ComparisonSettings settings) {
    List<String> fileSystems = plan.fileSystems();
    if (fileSystems.isEmpty()) {
      fileSystems = plugins.all().stream().map(FileSystemPlugin::id).toList();
    }
    plan.workloads().forEach(runners::check);
    VolumePreflight preflight = new VolumePreflight(host, plugins);
    if (!settings.target().formats()) {
      if (!plan.fileSystems().isEmpty()) {
        throw new InvalidInputException(
            "filesystems ("
                + String.join(", ", plan.fileSystems())
                + ") are named, but a directory target is measured as it is: fsbench makes no"
                + " filesystem there; drop them, or compare on loop volumes or a device");
      }
      plan.tunings()
          .forEach(
              (fs, list) -> {
                throw new InvalidInputException(
                    "a tuning is given for "
                        + fs
                        + ", but a directory target is neither made nor mounted by fsbench, so"
                        + " nothing can be tuned; compare on loop volumes or a device to tune");
              });
      preflight.check(null, settings.target(), Tuning.defaults());
      return;
    }
    for (String fs : fileSystems) {
      FileSystemPlugin plugin = plugins.require(fs, host);
      if (!PluginRegistry.availability(plugin, host).isAvailable()) {
        continue; // the runner reports it as skipped, with the reason
      }
      for (Tuning tuning : plan.tuningsOf(fs)) {
        preflight.check(fs, settings.target(), tuning);
      }
    }
  }

  WorkloadRunners runners() {
    return runners;
  }

  /** This process's registry of what it makes, for a session's shared-directory names. */
  ResourceRegistry registry() {
    return registry;
  }

  /** The machine as a run records it, with the tool versions of the filesystem used, if any. */
  Environment environment(String fileSystem) {
    List<PluginInfo> infos = new ArrayList<>();
    if (fileSystem != null) {
      plugins.find(fileSystem).ifPresent(p -> infos.add(info(p)));
    }
    return EnvironmentProbe.system(host).probe(infos);
  }

  /** A fresh volume of this filesystem on a default-sized loop image, with default tuning. */
  public Volume volume(String fileSystem) {
    return volume(fileSystem, Target.loop(), Tuning.defaults());
  }

  /**
   * Makes and mounts a volume. Everything that can be checked is checked before anything is
   * created: the plugin exists and is available, root for loop and device targets, the tuning, the
   * size, and that a device is safe to erase.
   *
   * @param fileSystem the plugin id; ignored for a directory target
   */
  public Volume volume(String fileSystem, Target target, Tuning tuning) {
    releaseOrphansOnce();
    return volumes.create(fileSystem, target, tuning);
  }

  /** The target's directory, shared with other clients, as a volume that makes nothing. */
  Volume sharedVolume(Target.Directory target, Tuning tuning) {
    releaseOrphansOnce();
    return volumes.shared(target, tuning);
  }

  /** Every plugin with its availability, features, tool versions and tunings. */
  public List<PluginInfo> plugins() {
    List<PluginInfo> infos = new ArrayList<>();
    for (FileSystemPlugin plugin : plugins.all()) {
      infos.add(info(plugin));
    }
    infos.sort(java.util.Comparator.comparing(PluginInfo::id));
    return infos;
  }

  private PluginInfo info(FileSystemPlugin plugin) {
    Set<Feature> features;
    Map<String, String> versions;
    TuningSupport tunings;
    try {
      features = plugin.features(host);
      versions = plugin.toolVersions(host);
      tunings = plugin.tuningSupport(host);
    } catch (RuntimeException e) {
      log.warn("plugin {} failed to describe itself: {}", plugin.id(), e.getMessage());
      features = EnumSet.noneOf(Feature.class);
      versions = Map.of();
      tunings = new TuningSupport(List.of(), Map.of());
    }
    return new PluginInfo(
        plugin.id(),
        plugin.description(),
        PluginRegistry.availability(plugin, host),
        features,
        plugin.maxFileSize(),
        versions,
        tunings.supported(),
        tunings.refused());
  }

  /**
   * A comparison of filesystems × tunings × workloads with repetitions and statistics; see {@link
   * ComparisonBuilder} for its defaults.
   */
  public ComparisonBuilder compare() {
    return new ComparisonBuilder(this);
  }

  Comparison runComparison(
      List<String> fileSystems,
      Map<String, List<Tuning>> tunings,
      List<Workload> workloads,
      java.util.Optional<io.fsbench.api.AgingSpec> aging,
      ComparisonSettings requested,
      boolean sizeImages,
      ComparisonListener listener) {
    ComparisonPlan plan = new ComparisonPlan(fileSystems, tunings, workloads, aging);
    AtomicBoolean cancelled = new AtomicBoolean();
    // registered from the start, so that a signal while sizing, releasing orphans or probing
    // ends the comparison before its first cell instead of after the exit hook's grace period
    try (OpenVolumes.Work work = OpenVolumes.beginWork(cancelled)) {
      ComparisonSettings settings =
          VolumeSizing.fit(requested, plan, plugins, runners, host, sizeImages);
      checkCells(plan, settings);
      if (settings.target() instanceof Target.Loop loop && host.isRoot()) {
        workDir.requireRoomFor(loop.size()); // before the first cell, not at it
      }
      stopIfCancelled(cancelled);
      releaseOrphansOnce();
      stopIfCancelled(cancelled);
      List<PluginInfo> infos = plugins();
      Environment environment = EnvironmentProbe.system(host).probe(infos);
      stopIfCancelled(cancelled);
      ComparisonRunner runner =
          new ComparisonRunner(
              this::volume, infos, runners, this::dropCaches, Clock.systemUTC(), cancelled);
      return runner.run(plan, settings, environment, listener);
    }
  }

  private static void stopIfCancelled(AtomicBoolean cancelled) {
    if (cancelled.get()) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "the comparison was stopped before its first cell");
    }
  }

  /** Syncs and drops the page cache, dentries and inodes (needs root). */
  void dropCaches() {
    if (!host.isRoot()) {
      throw EnvironmentException.notRoot("dropping the page cache (a cold-cache run)");
    }
    try {
      Caches.dropAll();
    } catch (java.io.IOException e) {
      throw new EnvironmentException(e.getMessage() + "; or compare with a warm cache", e);
    }
  }

  /** Plugins and workload families that could not be loaded, described, for listings. */
  public List<String> pluginLoadFailures() {
    return java.util.stream.Stream.concat(plugins.failures().stream(), familyFailures.stream())
        .map(f -> f.provider() + ": " + f.reason())
        .toList();
  }

  /**
   * Releases what killed fsbench processes left behind (volumes, loop devices, mounts, pools,
   * images), newest first. Resources of running fsbench processes are left alone.
   */
  public CleanupResult cleanup() {
    workDir.prepare();
    List<String> released = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    List<String> refused = new ArrayList<>();
    for (ResourceRegistry.Refused r : registry.refused()) {
      refused.add("registry file " + r);
    }
    for (ResourceReleaser.Released r : releaser.releaseOrphans()) {
      if (r.succeeded()) {
        released.add(r.entry().toString());
      } else if (r.refused()) {
        refused.add(
            r.entry()
                + ": "
                + r.error()
                + "; left alone in "
                + registry.directory()
                + " for a person to inspect (release it by hand if it is fsbench's, then delete"
                + " its file)");
      } else {
        failed.add(r.entry() + ": " + r.error());
      }
    }
    orphansReleased = true;
    return new CleanupResult(released, failed, refused);
  }

  private synchronized void releaseOrphansOnce() {
    if (orphansReleased || !host.isRoot()) {
      return;
    }
    CleanupResult result = cleanup();
    result.released().forEach(r -> log.info("released what a killed run left: {}", r));
    result.failed().forEach(f -> log.warn("could not release what a killed run left: {}", f));
    result.refused().forEach(f -> log.warn("refused to act on a registry entry: {}", f));
  }

  /** The work dir this instance keeps its registry, images and mount points in. */
  public Path workDir() {
    return workDir.root();
  }

  /**
   * This machine as fsbench sees it: its tools (found on PATH and in the sbin directories, run with
   * {@code LC_ALL=C}), mounts, kernel and privileges; the API's {@link
   * io.fsbench.spi.support.LinuxHost#system()}, whose "tool missing" errors also name the packages
   * of the tools core runs itself. {@link Builder#host} replaces it, e.g. with a recording shell.
   *
   * <pre>{@code
   * Availability a = new XfsPlugin().availability(FsBench.systemHost());
   * }</pre>
   */
  public static Host systemHost() {
    return SystemHost.create();
  }

  /**
   * The version of fsbench running here, e.g. {@code 0.1.0}: what every result records, and what
   * the agents of a cluster run compare before they take part in one.
   */
  public static String version() {
    return EnvironmentProbe.fsbenchVersion();
  }

  /** The default loop image size. */
  public static Size defaultImageSize() {
    return Target.DEFAULT_LOOP_SIZE;
  }

  /** Configures an {@link FsBench} instance. */
  public static final class Builder {
    private Path workDir;
    private boolean discover = true;
    private final List<FileSystemPlugin> plugins = new ArrayList<>();
    private Host host;
    private ClassLoader classLoader;

    private Builder() {}

    /**
     * Where the registry, images and mount points live (default {@code $FSBENCH_WORK_DIR}, else
     * {@code /var/lib/fsbench} for root, {@code ~/.local/state/fsbench} for others). It must be
     * owned by the user fsbench runs as and writable by no one else.
     */
    public Builder workDir(Path workDir) {
      this.workDir = workDir;
      return this;
    }

    /** Whether to find plugins with ServiceLoader (default on). */
    public Builder discoverPlugins(boolean discover) {
      this.discover = discover;
      return this;
    }

    /** Registers a plugin by hand; its id must not clash with another's. */
    public Builder plugin(FileSystemPlugin plugin) {
      plugins.add(Objects.requireNonNull(plugin, "plugin"));
      return this;
    }

    /**
     * The class loader to discover filesystem plugins and workload families with (default: the
     * context class loader).
     */
    public Builder classLoader(ClassLoader loader) {
      this.classLoader = loader;
      return this;
    }

    /** The machine as plugins see it; tests pass a mock. */
    public Builder host(Host host) {
      this.host = host;
      return this;
    }

    public FsBench build() {
      return new FsBench(this);
    }
  }
}
