package io.fsbench.core.volume;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.core.plugin.PluginRegistry;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.MountEntry;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Makes volumes: checks everything that can be checked first (plugin, root, tuning, size, device),
 * then creates each resource after recording it in the registry, and on any failure releases what
 * was made, newest first.
 */
public final class VolumeFactory {

  /** The registry attribute that ties a volume's resources together. */
  static final String VOLUME = ResourceReleaser.VOLUME;

  /** The registry attribute naming the {@code --dir} target a subdirectory was made in. */
  static final String PARENT = "parent";

  /** The registry attribute holding a directory's identity ({@link SecureTree#identity}). */
  static final String IDENTITY = "identity";

  /** The registry attribute saying a filesystem is on a real device erased with consent. */
  static final String CONSENT = "consent";

  static final String CONSENTED = "erase-device";

  private final Host host;
  private final PluginRegistry plugins;
  private final WorkDir workDir;
  private final ResourceRegistry registry;
  private final ResourceReleaser releaser;

  public VolumeFactory(
      Host host,
      PluginRegistry plugins,
      WorkDir workDir,
      ResourceRegistry registry,
      ResourceReleaser releaser) {
    this.host = host;
    this.plugins = plugins;
    this.workDir = workDir;
    this.registry = registry;
    this.releaser = releaser;
  }

  /**
   * Creates a volume.
   *
   * @param fileSystem the plugin id; ignored (may be null) for a directory target
   */
  public Volume create(String fileSystem, Target target, Tuning tuning) {
    if (target.formats() && (fileSystem == null || fileSystem.isBlank())) {
      throw new InvalidInputException(
          "no filesystem given; name one of the plugins, e.g. ext4 ("
              + plugins.describe(host)
              + ")");
    }
    // Checked again here, at the moment of use: a device may have been mounted meanwhile.
    Size size = new VolumePreflight(host, plugins).check(fileSystem, target, tuning);
    if (target instanceof Target.Directory directory) {
      workDir.prepare();
      return directory(directory);
    }
    FileSystemPlugin plugin = plugins.require(fileSystem, host);
    Path device = target instanceof Target.BlockDevice blockDevice ? blockDevice.path() : null;
    if (device == null) {
      workDir.requireRoomFor(size);
    } else {
      workDir.prepare();
    }
    return formatted(plugin, target, tuning, size, device);
  }

  /**
   * Makes the volume as work that a stopping JVM cancels: each step checks the flag first, and what
   * was made is released before the work ends, so the exit path finds nothing half made.
   */
  private Volume formatted(
      FileSystemPlugin plugin, Target target, Tuning tuning, Size size, Path realDevice) {
    AtomicBoolean cancel = new AtomicBoolean();
    try (OpenVolumes.Work creating = OpenVolumes.beginWork(cancel)) {
      return formatted(plugin, target, tuning, size, realDevice, () -> step(cancel, plugin));
    }
  }

  private static void step(AtomicBoolean cancel, FileSystemPlugin plugin) {
    if (cancel.get()) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "making the " + plugin.id() + " volume was cancelled (fsbench is stopping)");
    }
  }

  private Volume formatted(
      FileSystemPlugin plugin,
      Target target,
      Tuning tuning,
      Size size,
      Path realDevice,
      Runnable step) {
    String name = workDir.newName();
    Path stateDir = workDir.stateDir(name);
    Path mountPoint = workDir.mountPoint(name);
    List<ResourceEntry> made = new ArrayList<>();
    try {
      made.add(
          record(step, ResourceKind.DIRECTORY, Map.of("path", stateDir.toString(), VOLUME, name)));
      TrustedDirectory.createPrivate(stateDir);
      made.set(0, registry.update(made.get(0), IDENTITY, SecureTree.identity(stateDir)));
      Map<String, String> extra = new LinkedHashMap<>();
      Path device = realDevice;
      if (device == null) {
        Path image = workDir.image(name);
        made.add(record(step, ResourceKind.IMAGE, Map.of("path", image.toString(), VOLUME, name)));
        createImage(image, size);
        made.add(record(step, ResourceKind.LOOP, Map.of("image", image.toString(), VOLUME, name)));
        LoopDevices.Attached loop = LoopDevices.attach(host, image);
        made.set(
            made.size() - 1, registry.update(made.get(made.size() - 1), "device", loop.device()));
        device = Path.of(loop.device());
        extra.put("loop.image", image.toString());
        extra.put("loop.direct_io", loop.directIo() ? "on" : "off");
      }
      extra.put("device.size", Long.toString(size.bytes()));
      made.add(
          record(
              step, ResourceKind.MOUNT_POINT, Map.of("path", mountPoint.toString(), VOLUME, name)));
      TrustedDirectory.createPrivate(mountPoint);
      FileSystemSpec spec = new FileSystemSpec(device, mountPoint, name, stateDir, size, tuning);
      made.add(
          record(
              step,
              ResourceKind.FILESYSTEM,
              ResourceReleaser.attributesOf(plugin.id(), spec, realDevice != null)));
      step.run();
      long start = System.nanoTime();
      List<Command> mkfs = plugin.format(spec, host);
      Duration mkfsTime = Duration.ofNanos(System.nanoTime() - start);
      step.run();
      start = System.nanoTime();
      plugin.mount(spec, host);
      Duration mountTime = Duration.ofNanos(System.nanoTime() - start);
      AppliedTuning applied = applied(plugin, spec, mkfs, extra);
      return new ManagedVolume(
          plugin, spec, target, host, releaser, registry, made, applied, mkfsTime, mountTime);
    } catch (IOException | RuntimeException e) {
      List<ResourceEntry> newestFirst = new ArrayList<>(made);
      Collections.reverse(newestFirst);
      List<ResourceReleaser.Released> released = releaser.release(newestFirst);
      List<String> leftovers =
          released.stream().filter(r -> !r.succeeded()).map(r -> r.entry().toString()).toList();
      FsBenchException failure =
          e instanceof FsBenchException f
              ? f
              : new FsBenchException(
                  FsBenchException.Kind.RUN_FAILED,
                  "could not make a " + plugin.id() + " volume: " + e,
                  e);
      if (!leftovers.isEmpty()) {
        failure.addSuppressed(
            new FsBenchException(
                FsBenchException.Kind.RUN_FAILED,
                "and could not release " + leftovers + "; run 'fsbench cleanup'"));
      }
      throw failure;
    }
  }

  /** Records a resource about to be made, unless the making was cancelled. */
  private ResourceEntry record(Runnable step, ResourceKind kind, Map<String, String> attributes) {
    step.run();
    return registry.record(kind, attributes);
  }

  /** A new sparse image, private to this user; fails if anything, a link included, is there. */
  private static void createImage(Path image, Size size) throws IOException {
    Files.newByteChannel(
            image,
            Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            TrustedDirectory.privateFile())
        .close();
    try (RandomAccessFile file = new RandomAccessFile(image.toFile(), "rw")) {
      file.setLength(size.bytes()); // sparse: no blocks until written
    }
  }

  private AppliedTuning applied(
      FileSystemPlugin plugin, FileSystemSpec spec, List<Command> mkfs, Map<String, String> extra) {
    MountEntry mount =
        host.mountAt(spec.mountPoint())
            .orElseThrow(
                () ->
                    new FsBenchException(
                        FsBenchException.Kind.RUN_FAILED,
                        plugin.id()
                            + " reported success but nothing is mounted at "
                            + spec.mountPoint()));
    Map<String, String> properties = new LinkedHashMap<>(plugin.properties(spec, host));
    properties.putAll(extra);
    AppliedTuning raw =
        new AppliedTuning(
            mount.type(),
            mount.options(),
            mkfs.stream().map(Command::commandLine).toList(),
            properties,
            Tuning.defaults());
    return raw.withReadBack(plugin.readBack(spec, raw));
  }

  /**
   * The target's directory itself, shared with other clients, as a volume that makes and removes
   * nothing of its own (each run records and removes the names it makes there): checked as any
   * directory target is, and refused when it is a symbolic link (fsbench removes names in it, so it
   * must be the directory the caller named).
   */
  public Volume shared(Target.Directory target, Tuning tuning) {
    // a tuning is refused here as for any directory target: nothing is made, so nothing is tuned
    new VolumePreflight(host, plugins).check(null, target, tuning);
    workDir.prepare(); // the registry records the names each run makes there
    Path directory = target.path().toAbsolutePath().normalize();
    if (!Files.isDirectory(directory, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      throw new InvalidInputException(
          "shared directory ("
              + target.path()
              + ") is a symbolic link or not a directory; give the real directory that every"
              + " client shares");
    }
    Optional<MountEntry> mount = mountContaining(directory);
    AppliedTuning applied =
        new AppliedTuning(
            mount.map(MountEntry::type).orElse("unknown"),
            mount.map(MountEntry::options).orElse(""),
            List.of(),
            Map.of("directory", directory.toString(), "shared", "true"),
            Tuning.defaults());
    return new SharedDirectoryVolume(target, directory, applied);
  }

  /**
   * A fresh {@code fsbench-*} subdirectory of the target, recorded with its parent before it is
   * made and with its identity right after, so that a release removes it only while it is still the
   * directory made here (never a link or a directory put in its place).
   */
  private Volume directory(Target.Directory target) {
    Path parent = target.path().toAbsolutePath().normalize();
    Path directory = parent.resolve(workDir.newName());
    ResourceEntry entry =
        registry.record(
            ResourceKind.DIRECTORY,
            Map.of("path", directory.toString(), PARENT, parent.toString()));
    try {
      TrustedDirectory.createPrivate(directory);
    } catch (IOException e) {
      registry.drop(entry);
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot create " + directory + ": " + e.getMessage(),
          e);
    }
    try {
      TrustedDirectory.Stat made = TrustedDirectory.lstat(directory);
      if (!made.isDirectory() || made.uid() != workDir.owner()) {
        throw new IOException(
            "it was replaced right after fsbench made it (now " + made.describe() + ")");
      }
      entry = registry.update(entry, IDENTITY, SecureTree.identity(directory));
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot use "
              + directory
              + ": "
              + e.getMessage()
              + "; it is left alone and recorded for 'fsbench cleanup'",
          e);
    }
    Optional<MountEntry> mount = mountContaining(directory);
    AppliedTuning applied =
        new AppliedTuning(
            mount.map(MountEntry::type).orElse("unknown"),
            mount.map(MountEntry::options).orElse(""),
            List.of(),
            Map.of("directory", directory.toString()),
            Tuning.defaults());
    return new DirectoryVolume(target, directory, applied, releaser, entry);
  }

  /** The mount the path lives on: the longest mount point that is a prefix of it. */
  private Optional<MountEntry> mountContaining(Path path) {
    MountEntry best = null;
    for (MountEntry entry : host.mounts()) {
      if (path.startsWith(entry.mountPoint())
          && (best == null
              || entry.mountPoint().getNameCount() >= best.mountPoint().getNameCount())) {
        best = entry;
      }
    }
    return Optional.ofNullable(best);
  }
}
