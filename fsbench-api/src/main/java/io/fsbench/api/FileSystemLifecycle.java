package io.fsbench.api;

/**
 * The classic comparisons' first rows: how long making, mounting and unmounting a filesystem takes.
 * Each run makes a fresh volume (mkfs, mount), unmounts and mounts it again, and destroys it; the
 * times come from the volume itself.
 *
 * @param name the workload name, {@code fs-lifecycle} by default
 */
public record FileSystemLifecycle(String name) implements Workload {

  public static final FileSystemLifecycle DEFAULT = new FileSystemLifecycle("fs-lifecycle");

  public FileSystemLifecycle {
    if (name == null || name.isBlank()) {
      throw new InvalidInputException("workload name must not be blank");
    }
  }
}
