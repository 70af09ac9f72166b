package io.fsbench.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * A mounted filesystem fsbench made (or a directory it was given), ready for workloads. Closing it
 * unmounts and destroys the filesystem, detaches its loop device and deletes its image; close is
 * idempotent and also runs, through a shutdown hook and the resource registry, when the JVM exits
 * or is killed.
 *
 * <pre>{@code
 * try (Volume volume = FsBench.volume("xfs", Target.loop(Size.gib(1)), Tuning.defaults())) {
 *   Files.writeString(volume.mountPoint().resolve("hello"), "world");
 * }
 * }</pre>
 */
public interface Volume extends AutoCloseable {

  /** Where workloads may write. For a directory target, the fresh subdirectory fsbench made. */
  Path mountPoint();

  /** The plugin id, e.g. {@code xfs}, or {@code dir} for a directory target. */
  String fileSystem();

  Target target();

  /** The block device the filesystem lives on, if any. */
  Optional<Path> device();

  /** The tuning that was asked for. */
  Tuning tuning();

  /** What was actually applied, read back after mounting. */
  AppliedTuning applied();

  /** How long making the filesystem took (zero for a directory target). */
  Duration mkfsTime();

  /** How long the (last) mount took (zero for a directory target). */
  Duration mountTime();

  /** How long the (last) unmount took, once the volume was unmounted. */
  Optional<Duration> unmountTime();

  /**
   * Unmounts and mounts again, which empties the page cache (and ZFS's ARC) of this filesystem: the
   * next run starts cold.
   *
   * @throws UnsupportedOperationException for a directory target, which fsbench does not mount
   */
  void remount();

  /** Unmounts and destroys the filesystem and releases everything under it. Idempotent. */
  @Override
  void close();
}
