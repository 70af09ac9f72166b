package io.fsbench.bench;

import io.fsbench.FsBench;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.nativeio.Caches;
import io.fsbench.workloads.common.Syncer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one loop volume a filesystem's runs share, and the steps both sides of a comparison take in
 * the same way: a fresh directory per run, {@link #settle} before the clock starts (syncfs, then
 * sync and drop the page, dentry and inode caches, as the tree phases do before each phase), and an
 * untimed {@code rm -rf} of the directory afterwards.
 */
final class BenchVolume implements AutoCloseable {

  private final Volume volume;
  private final Path root;
  private int runs;

  private BenchVolume(Volume volume) {
    this.volume = volume;
    this.root = volume.mountPoint();
  }

  static BenchVolume create(String fileSystem, Size size) {
    return new BenchVolume(
        FsBench.defaults().volume(fileSystem, Target.loop(size), Tuning.defaults()));
  }

  String fileSystem() {
    return volume.fileSystem();
  }

  /** The block device under the volume, e.g. {@code /dev/loop3}. */
  Path device() {
    return volume.device().orElseThrow();
  }

  /** A new empty directory on the volume, named after the run. */
  Path freshDirectory(String what) {
    Path dir = root.resolve("fsbench-ctools-" + what + "-" + ++runs);
    try {
      return Files.createDirectory(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A file on the volume outside every run's directory, e.g. the archive both sides extract. */
  Path file(String name) {
    return root.resolve("fsbench-ctools-" + name);
  }

  /** Flushes what earlier steps left dirty, then empties the caches: the next run starts cold. */
  void settle() {
    syncfs();
    try {
      Caches.dropAll();
    } catch (IOException e) {
      throw new FsBenchException(FsBenchException.Kind.ENVIRONMENT, e.getMessage(), e);
    }
  }

  /** syncfs(2) of the volume. */
  void syncfs() {
    try {
      Syncer.system().syncfs(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The context a workload runner gets: {@code dir}, the real clocks, no progress, no cancel. */
  WorkloadContext context(Path dir) {
    return new RunContext(dir, volume, fraction -> {}, new AtomicBoolean());
  }

  /** Removes a run's directory, untimed, with {@code rm -rf}, and flushes the removal. */
  void remove(Path dir) {
    CTools.run(List.of("rm", "-rf", "--one-file-system", dir.toString()), root);
    syncfs();
  }

  @Override
  public void close() {
    volume.close();
  }
}
