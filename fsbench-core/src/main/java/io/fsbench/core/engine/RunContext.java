package io.fsbench.core.engine;

import io.fsbench.api.Volume;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

/** A {@link WorkloadContext} on the real clocks. */
public final class RunContext implements WorkloadContext {

  private final Path directory;
  private final Volume volume;
  private final DoubleConsumer progress;
  private final AtomicBoolean cancelled;
  private final Consumer<String> messages;
  private final FinishRequest finish;
  private final RunNames names;
  private final Consumer<String> phaseGate;
  private final java.util.function.IntFunction<Optional<NeighbourFiles>> neighbours;

  public RunContext(
      Path directory, Volume volume, DoubleConsumer progress, AtomicBoolean cancelled) {
    this(directory, volume, progress, cancelled, line -> {});
  }

  public RunContext(
      Path directory,
      Volume volume,
      DoubleConsumer progress,
      AtomicBoolean cancelled,
      Consumer<String> messages) {
    this(directory, volume, progress, cancelled, messages, new FinishRequest());
  }

  public RunContext(
      Path directory,
      Volume volume,
      DoubleConsumer progress,
      AtomicBoolean cancelled,
      Consumer<String> messages,
      FinishRequest finish) {
    this(directory, volume, progress, cancelled, messages, finish, RunNames.OWN);
  }

  /** A context whose directory may be shared with other clients, naming with {@code names}. */
  public RunContext(
      Path directory,
      Volume volume,
      DoubleConsumer progress,
      AtomicBoolean cancelled,
      Consumer<String> messages,
      FinishRequest finish,
      RunNames names) {
    this(directory, volume, progress, cancelled, messages, finish, names, phase -> {});
  }

  /** A context whose workload waits at {@code phaseGate} before each of its phases. */
  public RunContext(
      Path directory,
      Volume volume,
      DoubleConsumer progress,
      AtomicBoolean cancelled,
      Consumer<String> messages,
      FinishRequest finish,
      RunNames names,
      Consumer<String> phaseGate) {
    this(
        directory,
        volume,
        progress,
        cancelled,
        messages,
        finish,
        names,
        phaseGate,
        step -> Optional.empty());
  }

  /**
   * A context whose workload waits at {@code phaseGate} before each phase and visits the files
   * {@code neighbours} names in the phases after its first.
   */
  public RunContext(
      Path directory,
      Volume volume,
      DoubleConsumer progress,
      AtomicBoolean cancelled,
      Consumer<String> messages,
      FinishRequest finish,
      RunNames names,
      Consumer<String> phaseGate,
      java.util.function.IntFunction<Optional<NeighbourFiles>> neighbours) {
    this.neighbours = neighbours;
    this.phaseGate = phaseGate;
    this.finish = finish;
    this.names = names;
    this.directory = directory;
    this.volume = volume;
    this.progress = progress;
    this.cancelled = cancelled;
    this.messages = messages;
  }

  @Override
  public Path directory() {
    return directory;
  }

  @Override
  public RunNames names() {
    return names;
  }

  @Override
  public Optional<Volume> volume() {
    return Optional.ofNullable(volume);
  }

  @Override
  public Instant instant() {
    return Clock.systemUTC().instant();
  }

  @Override
  public void beforePhase(String phase) {
    phaseGate.accept(phase);
  }

  @Override
  public Optional<NeighbourFiles> neighbour(int step) {
    return neighbours.apply(step);
  }

  @Override
  public void progress(double fraction) {
    progress.accept(fraction);
  }

  @Override
  public void message(String line) {
    messages.accept(line);
  }

  @Override
  public void whenFinishRequested(Runnable stop) {
    finish.whenRequested(stop);
  }

  @Override
  public boolean cancelled() {
    return cancelled.get() || Thread.currentThread().isInterrupted();
  }
}
