package io.fsbench.workloads.tree;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.LargeFileSpec;
import io.fsbench.api.TreePhase;
import io.fsbench.api.TreePhaseResult;
import io.fsbench.api.TreeResult;
import io.fsbench.api.Workload;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.spi.WorkloadCapability;
import io.fsbench.workloads.common.Syncer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Runs a {@link LargeFileSpec}: writes {@code large.src} (untimed, synced), then copies it to
 * {@code large.copy}, copies again over the copy, and removes the copy, each timed by the same
 * rules as the tree phases. Both files are removed at the end.
 */
public final class LargeFileRunner implements WorkloadRunner<LargeFileSpec> {

  private final Syncer syncer;
  private final CacheDropper caches;

  public LargeFileRunner() {
    this(Syncer.system());
  }

  public LargeFileRunner(Syncer syncer) {
    this(syncer, CacheDropper.system());
  }

  public LargeFileRunner(Syncer syncer, CacheDropper caches) {
    this.syncer = Objects.requireNonNull(syncer, "syncer");
    this.caches = Objects.requireNonNull(caches, "caches");
  }

  @Override
  public Class<LargeFileSpec> specType() {
    return LargeFileSpec.class;
  }

  /** Phases (copy, recopy, remove) at barriers; CSV. */
  @Override
  public Set<WorkloadCapability> capabilities() {
    return EnumSet.of(WorkloadCapability.WRITES_CSV, WorkloadCapability.PHASES);
  }

  /** {@code largefile}, and {@code largefile-<phase>} that runs one phase only. */
  @Override
  public List<Preset> presets() {
    List<Preset> presets = new ArrayList<>();
    presets.add(new Preset("largefile", LargeFileSpec::fromParams));
    for (String phase : List.of("copy", "recopy", "remove")) {
      presets.add(new Preset("largefile-" + phase, params -> onePhase(phase, params)));
    }
    return presets;
  }

  private static Workload onePhase(String phase, Map<String, String> params) {
    if (params.containsKey("phases")) {
      throw new InvalidInputException(
          "largefile-"
              + phase
              + " runs the "
              + phase
              + " phase only; drop phases= or use largefile");
    }
    return LargeFileSpec.fromParams(Preset.withDefaults(params, Map.of("phases", phase)));
  }

  /** The source and its copy; a re-copy truncates the copy before writing it again. */
  @Override
  public Footprint footprint(LargeFileSpec spec) {
    return new Footprint(2 * Footprint.blocks(spec.size().bytes()), 2);
  }

  @Override
  public TreeResult run(LargeFileSpec spec, WorkloadContext context) {
    Path work = context.directory();
    Path source = work.resolve("large.src");
    Path copy = work.resolve("large.copy");
    PhaseTimer timer =
        new PhaseTimer(context, syncer, caches, spec.includeSync(), spec.dropCaches());
    TreeCopier copier = new TreeCopier((int) spec.bufferSize().bytes());
    long size = spec.size().bytes();
    List<TreePhaseResult> results = new ArrayList<>();
    Throwable failure = null;
    try {
      writeSource(source, size, (int) spec.bufferSize().bytes());
      for (TreePhase phase : spec.orderedPhases()) {
        context.failIfCancelled(spec.name());
        if (phase != TreePhase.COPY && Files.notExists(copy)) {
          copier.copyFile(source, copy);
        }
        results.add(
            timer.time(
                phase,
                () -> {
                  TreeCounts counts = new TreeCounts();
                  counts.files = 1;
                  if (phase == TreePhase.REMOVE) {
                    Files.delete(copy);
                  } else {
                    counts.bytes = copier.copyFile(source, copy);
                  }
                  return counts;
                }));
        context.progress((double) results.size() / spec.phases().size());
      }
      context.beforePhase(WorkloadContext.END_PHASE);
    } catch (IOException e) {
      failure = e;
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "largefile failed: " + e.getMessage(), e);
    } catch (RuntimeException | Error e) {
      failure = e;
      throw e;
    } finally {
      TreeRunner.cleanUp(work, failure, copy, source);
    }
    return new TreeResult(spec, spec.dropCaches(), results);
  }

  /** Incompressible data, different in every chunk, so compression and dedup cannot shortcut. */
  private static void writeSource(Path source, long size, int chunk) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocateDirect(chunk);
    SplittableRandom random = new SplittableRandom(42);
    while (buffer.remaining() >= 8) {
      buffer.putLong(random.nextLong());
    }
    try (FileChannel out =
        FileChannel.open(source, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      long written = 0;
      long serial = 0;
      while (written < size) {
        buffer.clear();
        buffer.putLong(0, serial++ ^ random.nextLong());
        buffer.limit((int) Math.min(chunk, size - written));
        while (buffer.hasRemaining()) {
          written += out.write(buffer);
        }
      }
    }
  }
}
