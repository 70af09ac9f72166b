package io.fsbench.core.engine;

import io.fsbench.api.Volume;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * A context on a plain directory with the system clock, for running one family's runner outside a
 * session: the families' tests and the reference-tool harnesses. It records progress, and a test
 * can cancel it, tag it as a client of a shared directory, gate its phases or give it neighbours.
 */
public final class DirectoryContext implements WorkloadContext {

  private final Path directory;
  private final List<Double> progress = Collections.synchronizedList(new ArrayList<>());
  private volatile BooleanSupplier cancelled = () -> false;
  private volatile RunNames names = RunNames.OWN;
  private final FinishRequest finish = new FinishRequest();
  private volatile java.util.function.Consumer<String> gate = phase -> {};
  private volatile java.util.function.IntFunction<Optional<NeighbourFiles>> neighbours =
      step -> Optional.empty();

  public DirectoryContext(Path directory) {
    this.directory = directory;
  }

  public DirectoryContext cancelWhen(BooleanSupplier condition) {
    this.cancelled = condition;
    return this;
  }

  /** Names what the workload makes as a client with this tag in a shared directory. */
  public DirectoryContext sharedAs(String tag) {
    this.names = RunNames.tagged(tag);
    return this;
  }

  /** Has the workload call {@code gate} before each phase, as a session's PhaseGate. */
  public DirectoryContext phaseGate(java.util.function.Consumer<String> gate) {
    this.gate = gate;
    return this;
  }

  /** Has the phases after the first visit the files {@code neighbours} names, by step. */
  public DirectoryContext neighbours(
      java.util.function.IntFunction<Optional<NeighbourFiles>> neighbours) {
    this.neighbours = neighbours;
    return this;
  }

  @Override
  public Optional<NeighbourFiles> neighbour(int step) {
    return neighbours.apply(step);
  }

  @Override
  public void beforePhase(String phase) {
    gate.accept(phase);
  }

  /** Asks the run to finish early, as {@code Session.finish()} does; from any thread. */
  public void finish() {
    finish.request();
  }

  public List<Double> progressReports() {
    return List.copyOf(progress);
  }

  @Override
  public Path directory() {
    return directory;
  }

  @Override
  public Optional<Volume> volume() {
    return Optional.empty();
  }

  @Override
  public void progress(double fraction) {
    progress.add(fraction);
  }

  @Override
  public RunNames names() {
    return names;
  }

  @Override
  public void whenFinishRequested(Runnable stop) {
    finish.whenRequested(stop);
  }

  @Override
  public boolean cancelled() {
    return cancelled.getAsBoolean();
  }
}
