package io.fsbench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.core.engine.FinishRequest;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.engine.RunNames;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.volume.OpenVolumes;
import io.fsbench.core.volume.ResourceRegistry;
import io.fsbench.core.volume.SharedNames;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.Function;

/**
 * A {@link Session}'s run in a directory shared with other clients: the run makes its names there
 * with the client's tag, recorded in the registry ({@link SharedNames}), and afterwards exactly the
 * names with that tag are removed. A run starts only when the directory holds none, so every name
 * removed is one this run made (never one of another client, a user, or a killed run, which the run
 * refuses to start beside).
 */
final class SharedRun {

  private SharedRun() {}

  /**
   * Runs {@code work} in {@code directory} as this client, as work that a signal waits for and
   * cancels, and removes the client's names afterwards.
   *
   * @throws InvalidInputException before anything is made when the directory holds a name with this
   *     client's tag
   * @throws io.fsbench.api.FsBenchException when a name could not be removed (it stays recorded for
   *     {@code fsbench cleanup})
   */
  static <T> T run(
      Path directory,
      RunNames names,
      ResourceRegistry registry,
      DoubleConsumer progress,
      Consumer<String> messages,
      AtomicBoolean cancelled,
      FinishRequest finish,
      PhaseGate gate,
      java.util.function.IntFunction<java.util.Optional<io.fsbench.core.engine.NeighbourFiles>>
          neighbours,
      Function<WorkloadContext, T> work) {
    try (OpenVolumes.Work running = OpenVolumes.beginWork(cancelled);
        SharedNames own = SharedNames.open(registry, directory, names.tag())) {
      return work.apply(
          new RunContext(
              directory,
              null,
              progress,
              cancelled,
              messages,
              finish,
              names,
              gate::await,
              neighbours));
    }
  }

  /** Refuses a directory that already holds a name with this client's prefix. */
  static void requireNoneOf(Path directory, RunNames names) {
    SharedNames.requireNone(directory, names.tag());
  }
}
