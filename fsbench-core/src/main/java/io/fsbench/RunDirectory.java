package io.fsbench;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.FinishRequest;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.volume.OpenVolumes;
import io.fsbench.core.volume.ResourceReleaser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fresh directory a {@link Session}'s run works in on its volume: made before the run, which a
 * signal (Ctrl-C) can cancel, and removed after it, if the signal left it there.
 */
final class RunDirectory {

  // the session's logger, as before the directory had a class of its own
  private static final Logger log = LoggerFactory.getLogger(Session.class);

  private RunDirectory() {}

  /**
   * Runs {@code work} in {@code directory}, made now and removed afterwards, as work that a signal
   * waits for and cancels.
   *
   * @param made the volume made for the run, or null when the run measures a directory as it is
   * @param cancelled the run's stop flag, which the signal sets and the session's owner may set
   * @param finish the session owner's request that the run end early with its result
   * @param gate where the workload waits before each phase
   */
  static <T> T run(
      Path directory,
      Volume made,
      DoubleConsumer progress,
      Consumer<String> messages,
      AtomicBoolean cancelled,
      FinishRequest finish,
      PhaseGate gate,
      java.util.function.IntFunction<java.util.Optional<io.fsbench.core.engine.NeighbourFiles>>
          neighbours,
      Function<WorkloadContext, T> work) {
    try (OpenVolumes.Work running = OpenVolumes.beginWork(cancelled)) {
      create(directory, cancelled);
      return work.apply(
          new RunContext(
              directory,
              made,
              progress,
              cancelled,
              messages,
              finish,
              io.fsbench.core.engine.RunNames.OWN,
              gate::await,
              neighbours));
    } finally {
      remove(directory);
    }
  }

  /**
   * Makes the run's directory; a signal that came before it (the volume may be released already) is
   * a cancelled run, not a failure to make a directory.
   */
  private static void create(Path directory, AtomicBoolean cancelled) {
    if (cancelled.get()) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "the run was cancelled");
    }
    try {
      Files.createDirectory(directory);
    } catch (IOException e) {
      if (cancelled.get()) {
        throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "the run was cancelled", e);
      }
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot create the run directory " + directory + ": " + e.getMessage(),
          e);
    }
  }

  /** Removes the run's directory, if it is there: a signal may have released the volume. */
  private static void remove(Path directory) {
    if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try {
      ResourceReleaser.deleteTree(directory);
    } catch (FsBenchException e) {
      log.warn("could not remove the run directory: {}", e.getMessage());
    }
  }
}
