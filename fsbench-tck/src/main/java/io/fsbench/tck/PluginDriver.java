package io.fsbench.tck;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.MountEntry;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Makes, reads back and releases filesystems by calling a plugin the way core does, without core's
 * volume machinery: for a plugin's own integration tests, which check its exact command lines on
 * {@link LoopImage}s and what the system reports back. It remembers what it made and attached:
 * {@link #release()} unmounts and destroys the filesystems, {@link #close()} also detaches the
 * images, so that one call after each test (or class) leaves nothing behind.
 *
 * <pre>{@code
 * private final PluginDriver driver = new PluginDriver(new XfsPlugin(), host);
 *
 * @AfterEach
 * void release() {
 *   driver.close();
 * }
 *
 * @Test
 * void readsBackWhatItMade() {
 *   FileSystemSpec spec = driver.attach("fsbench-it-xfs", Size.mib(512)).spec(tuning);
 *   List<Command> mkfs = driver.make(spec);
 *   assertThat(driver.readBack(spec, mkfs).asMap()).containsAllEntriesOf(tuning.asMap());
 * }
 * }</pre>
 */
public final class PluginDriver implements AutoCloseable {

  private final FileSystemPlugin plugin;
  private final Host host;
  private final Set<FileSystemSpec> made = new LinkedHashSet<>();
  private final Deque<LoopImage> images = new ArrayDeque<>();
  private Thread onExit;

  public PluginDriver(FileSystemPlugin plugin, Host host) {
    this.plugin = plugin;
    this.host = host;
  }

  /** Attaches a {@link LoopImage}, which {@link #close} detaches. */
  public synchronized LoopImage attach(String name, Size size) {
    holding();
    LoopImage image = LoopImage.attach(host, name, size);
    images.push(image);
    return image;
  }

  /**
   * Validates the spec's tuning, formats the device and mounts it; {@link #release()} undoes it.
   *
   * @return the commands that made the filesystem, as {@link FileSystemPlugin#format} returned them
   */
  public synchronized List<Command> make(FileSystemSpec spec) {
    plugin.validate(spec.tuning(), host);
    holding();
    made.add(spec);
    List<Command> commands = plugin.format(spec, host);
    plugin.mount(spec, host);
    return commands;
  }

  /**
   * What core records about the mounted filesystem: the mount table's type and options, the
   * commands that made it and the plugin's properties.
   *
   * @throws AssertionError when nothing is mounted on the spec's mount point
   */
  public AppliedTuning applied(FileSystemSpec spec, List<Command> madeBy) {
    MountEntry entry =
        host.mountAt(spec.mountPoint())
            .orElseThrow(() -> new AssertionError("nothing is mounted on " + spec.mountPoint()));
    return new AppliedTuning(
        entry.type(),
        entry.options(),
        madeBy.stream().map(Command::commandLine).toList(),
        plugin.properties(spec, host),
        Tuning.defaults());
  }

  /** The tuning the plugin reads back from what {@link #applied} records. */
  public Tuning readBack(FileSystemSpec spec, List<Command> madeBy) {
    return plugin.readBack(spec, applied(spec, madeBy));
  }

  /**
   * Unmounts and destroys the filesystem on the spec's device, mount point and name, whatever its
   * tuning, as core releases a volume; both are idempotent.
   */
  public synchronized void release(FileSystemSpec spec) {
    plugin.unmount(spec, host);
    plugin.destroy(spec, host);
    made.removeIf(
        other ->
            other.device().equals(spec.device())
                && other.mountPoint().equals(spec.mountPoint())
                && other.name().equals(spec.name()));
  }

  /** Releases every filesystem {@link #make} made and has not been released, newest first. */
  public synchronized void release() {
    List<FileSystemSpec> newestFirst = new ArrayList<>(made);
    Collections.reverse(newestFirst);
    newestFirst.forEach(this::release);
  }

  /** Releases every filesystem, then detaches every image, even when a release fails. */
  @Override
  public synchronized void close() {
    try {
      release();
    } finally {
      while (!images.isEmpty()) {
        images.pop().close();
      }
      letGoOfExitHook();
    }
  }

  /** Registers the exit hook before the first thing is made or attached. */
  private void holding() {
    if (onExit == null) {
      onExit = new Thread(this::close, "fsbench-tck-release");
      Runtime.getRuntime().addShutdownHook(onExit);
    }
  }

  private void letGoOfExitHook() {
    if (onExit != null && Thread.currentThread() != onExit) {
      try {
        Runtime.getRuntime().removeShutdownHook(onExit);
      } catch (IllegalStateException e) {
        // the JVM is shutting down: the hook runs close() again, which finds nothing left
      }
    }
    onExit = null;
  }
}
