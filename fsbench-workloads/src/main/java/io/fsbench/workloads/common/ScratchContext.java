package io.fsbench.workloads.common;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.WorkloadContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/** The run's context pointed at a scratch directory, reporting no progress of its own. */
public final class ScratchContext implements WorkloadContext {

  public static final String WARM_UP_DIRECTORY = ".fsbench-warm-up";

  private final WorkloadContext parent;
  private final Path directory;

  public ScratchContext(WorkloadContext parent, Path directory) {
    this.parent = parent;
    this.directory = directory;
  }

  /**
   * Runs {@code warmUp}, untimed, in a new scratch directory of the run's directory, and removes
   * the directory afterwards; the warm-up must leave it empty. The workloads warm the JIT compiler
   * up this way so that their measured runs do not start in the Java interpreter.
   *
   * @throws FsBenchException (run failed) naming {@code workload} when the scratch directory cannot
   *     be made or removed
   */
  public static void warmUp(
      WorkloadContext context, String workload, Consumer<WorkloadContext> warmUp) {
    // in a shared directory the scratch directory carries the client's tag; inside it is private
    Path scratch = context.directory().resolve(context.names().of(WARM_UP_DIRECTORY));
    try {
      Files.createDirectory(scratch);
      warmUp.accept(new ScratchContext(context, scratch));
      Files.delete(scratch);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          workload + " could not warm up in " + scratch + ": " + e.getMessage(),
          e);
    }
  }

  @Override
  public Path directory() {
    return directory;
  }

  @Override
  public Optional<Volume> volume() {
    return parent.volume();
  }

  @Override
  public long nanoTime() {
    return parent.nanoTime();
  }

  @Override
  public long currentTimeMillis() {
    return parent.currentTimeMillis();
  }

  @Override
  public void progress(double fraction) {
    // the warm-up is not part of the run's progress
  }

  @Override
  public boolean cancelled() {
    return parent.cancelled();
  }
}
