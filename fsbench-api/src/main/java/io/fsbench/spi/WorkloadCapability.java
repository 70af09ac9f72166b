package io.fsbench.spi;

/**
 * What a workload family can do besides run, declared by the family. A cluster run, a comparison
 * and a check ask a family for these ({@code Workloads.capabilities(workload)}) instead of testing
 * the class of its spec, so a family added later is treated as the built-in ones.
 */
public enum WorkloadCapability {
  /** It runs in phases (create, stat, …) that a cluster's clients can start together. */
  PHASES,
  /**
   * Asked to finish ({@code Session.finish()}, a cluster's stonewall), it ends early with a result
   * of what it did; without this it runs to its end.
   */
  FINISHES_EARLY,
  /**
   * Clients can run it together in one directory, every name it makes tagged with its client's; a
   * spec may still refuse (fs_mark with subdirectories).
   */
  SHARES_DIRECTORY,
  /**
   * Its phases after the first can work on another client's files (mdtest's {@code -N}); a spec may
   * still refuse.
   */
  VISITS_NEIGHBOURS,
  /** Its result can be written as CSV: its reference tool's own, or a row per metric. */
  WRITES_CSV,
  /** It times making volumes itself (mkfs, mount), so it runs only on volumes made for it alone. */
  MAKES_VOLUMES
}
