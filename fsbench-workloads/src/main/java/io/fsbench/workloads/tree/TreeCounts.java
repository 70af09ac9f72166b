package io.fsbench.workloads.tree;

import java.util.function.BooleanSupplier;

/**
 * What a tree operation handled: non-directory entries, directories and bytes of data.
 *
 * <p>Counts made while {@link PhaseTimer} times a phase also end that phase early when the run is
 * asked to finish: each entry counted through {@link #file()} or {@link #directory()} is one done,
 * and the next is not started ({@link Cut} carries what was done out to the timer). The phase runs
 * on the timing thread, so the timer hands its request over through a thread-local rather than
 * through every walker's, copier's and extractor's signature; counts made elsewhere (setup,
 * cleanup) never stop.
 */
final class TreeCounts {

  private static final BooleanSupplier NEVER = () -> false;
  private static final ThreadLocal<BooleanSupplier> FINISHING =
      ThreadLocal.withInitial(() -> NEVER);

  long files;
  long directories;
  long bytes;
  private final BooleanSupplier finishing = FINISHING.get();

  /** Thrown after the entry during which the run was asked to finish; holds what was done. */
  static final class Cut extends RuntimeException {
    private final transient TreeCounts counts;

    private Cut(TreeCounts counts) {
      super("the run was asked to finish", null, false, false);
      this.counts = counts;
    }

    TreeCounts counts() {
      return counts;
    }
  }

  /** Work whose counts stop when {@code finishing} says so. */
  interface Work {
    TreeCounts run() throws java.io.IOException;
  }

  /** Runs {@code work} with the counts it makes on this thread ending it when asked to finish. */
  static TreeCounts finishable(BooleanSupplier finishing, Work work) throws java.io.IOException {
    FINISHING.set(finishing);
    try {
      return work.run();
    } finally {
      FINISHING.remove();
    }
  }

  /** One non-directory entry done. */
  void file() {
    files++;
    stopIfFinishing();
  }

  /** One directory done. */
  void directory() {
    directories++;
    stopIfFinishing();
  }

  void removed(boolean directory) {
    if (directory) {
      directory();
    } else {
      file();
    }
  }

  private void stopIfFinishing() {
    if (finishing.getAsBoolean()) {
      throw new Cut(this);
    }
  }

  @Override
  public String toString() {
    return files + " files, " + directories + " directories, " + bytes + " bytes";
  }
}
