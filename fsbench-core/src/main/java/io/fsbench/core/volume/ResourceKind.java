package io.fsbench.core.volume;

/** The kinds of resource fsbench creates, each released in its own way. */
public enum ResourceKind {
  /** A directory fsbench made: a volume's state directory or a workload directory. */
  DIRECTORY,
  /** A sparse image file backing a loop device. */
  IMAGE,
  /** A loop device attached to an image. */
  LOOP,
  /** A directory a filesystem is mounted on. */
  MOUNT_POINT,
  /** A filesystem made by a plugin: mounted, and possibly more (a ZFS pool). */
  FILESYSTEM,
  /**
   * The names a run made with its client's tag in a directory shared with other clients: every
   * entry of that directory whose name starts with the recorded prefix.
   */
  SHARED_NAMES
}
