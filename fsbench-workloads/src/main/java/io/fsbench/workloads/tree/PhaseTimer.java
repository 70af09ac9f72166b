package io.fsbench.workloads.tree;

import io.fsbench.api.TreePhase;
import io.fsbench.api.TreePhaseResult;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.workloads.common.Syncer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Times one phase the same way for every tree workload: before the clock starts, an untimed syncfs
 * flushes what earlier steps left dirty (so it is not billed to this phase) and, when asked, the
 * caches are dropped; the timing ends after the phase's own syncfs when sync is included.
 */
final class PhaseTimer {

  /** One phase's work. */
  @FunctionalInterface
  interface Work {
    TreeCounts run() throws IOException;
  }

  private final WorkloadContext context;
  private final Syncer syncer;
  private final CacheDropper caches;
  private final boolean includeSync;
  private final boolean dropCaches;
  private volatile boolean finishing;

  PhaseTimer(
      WorkloadContext context,
      Syncer syncer,
      CacheDropper caches,
      boolean includeSync,
      boolean dropCaches) {
    this.context = context;
    this.syncer = syncer;
    this.caches = caches;
    this.includeSync = includeSync;
    this.dropCaches = dropCaches;
  }

  TreePhaseResult time(TreePhase phase, Work work) throws IOException {
    Path volume = context.directory();
    syncer.syncfs(volume);
    if (dropCaches) {
      caches.dropCaches();
    }
    boolean sync = includeSync && phase.writes();
    // clients running together start the phase together, after their untimed sync
    context.beforePhase(phase.key());
    Instant started = context.instant();
    long start = context.nanoTime();
    TreeCounts counts;
    boolean cut = false;
    try {
      counts = TreeCounts.finishable(() -> finishing, work::run);
    } catch (TreeCounts.Cut c) {
      counts = c.counts();
      cut = true;
    }
    if (sync) {
      syncer.syncfs(volume);
    }
    long end = context.nanoTime();
    return new TreePhaseResult(
        phase,
        counts.files,
        counts.directories,
        counts.bytes,
        Duration.ofNanos(end - start),
        sync,
        cut,
        Optional.of(started));
  }

  /** Ends the phase under way after its current entry; the runner starts no later phase. */
  void finish() {
    finishing = true;
  }

  /** Whether the run was asked to finish. */
  boolean finished() {
    return finishing;
  }
}
