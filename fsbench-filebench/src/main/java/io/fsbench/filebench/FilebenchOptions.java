package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * How to run a filebench workload file: where its filesets go, the variables set from outside
 * (filebench's command-line {@code $var} values, which win over the file's own {@code set}), a
 * runtime that replaces the file's {@code run N}, the seed, whether {@code system} may run a shell,
 * cancellation, where {@code echo} and progress go, and how a request to finish early reaches the
 * run (it then ends as when its time is up).
 *
 * <pre>{@code
 * FilebenchOptions options = FilebenchOptions.in(dir).set("nfiles", "100").runtime(Duration.ofSeconds(5));
 * }</pre>
 */
public record FilebenchOptions(
    Path directory,
    Map<String, String> overrides,
    Optional<Duration> runtime,
    long seed,
    boolean allowSystem,
    BooleanSupplier cancelled,
    Consumer<String> output,
    Consumer<Runnable> finishing) {

  public FilebenchOptions {
    Objects.requireNonNull(directory, "directory");
    overrides = Map.copyOf(overrides);
    runtime = runtime == null ? Optional.empty() : runtime;
    runtime.ifPresent(
        r -> {
          if (r.isNegative() || r.isZero()) {
            throw new InvalidInputException("runtime (" + r + ") must be positive, e.g. 60s");
          }
        });
    Objects.requireNonNull(cancelled, "cancelled");
    Objects.requireNonNull(output, "output");
    Objects.requireNonNull(finishing, "finishing");
  }

  /** Filesets in {@code directory}; seed 1, no overrides, the file's own runtime, no shell. */
  public static FilebenchOptions in(Path directory) {
    return new FilebenchOptions(
        directory, Map.of(), Optional.empty(), 1, false, () -> false, line -> {}, stop -> {});
  }

  /** {@code $name} is {@code value} (a number with k, m, g suffix, true/false or a word). */
  public FilebenchOptions set(String name, String value) {
    String bare = name.startsWith("$") ? name.substring(1) : name;
    if (!bare.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      throw new InvalidInputException(
          "variable name (" + name + ") must be letters, digits and _, e.g. nfiles=100");
    }
    Map<String, String> copy = new LinkedHashMap<>(overrides);
    copy.put(bare, value);
    return new FilebenchOptions(
        directory, copy, runtime, seed, allowSystem, cancelled, output, finishing);
  }

  /** Replaces the file's {@code run N}; taken to the nanosecond, so it may be under a second. */
  public FilebenchOptions runtime(Duration value) {
    return new FilebenchOptions(
        directory, overrides, Optional.of(value), seed, allowSystem, cancelled, output, finishing);
  }

  public FilebenchOptions seed(long value) {
    return new FilebenchOptions(
        directory, overrides, runtime, value, allowSystem, cancelled, output, finishing);
  }

  /** Lets {@code system "..."} run its command with {@code sh -c}; refused otherwise. */
  public FilebenchOptions allowSystem(boolean value) {
    return new FilebenchOptions(
        directory, overrides, runtime, seed, value, cancelled, output, finishing);
  }

  public FilebenchOptions cancelled(BooleanSupplier value) {
    return new FilebenchOptions(
        directory, overrides, runtime, seed, allowSystem, value, output, finishing);
  }

  /**
   * Where the run registers how it ends early with its result when asked to ({@code
   * Session.finish()}): it then stops as when its time is up, and its result says it was cut short.
   */
  public FilebenchOptions finishing(Consumer<Runnable> value) {
    return new FilebenchOptions(
        directory, overrides, runtime, seed, allowSystem, cancelled, output, value);
  }

  /** Where echo's text and the run's progress lines go. */
  public FilebenchOptions output(Consumer<String> value) {
    return new FilebenchOptions(
        directory, overrides, runtime, seed, allowSystem, cancelled, value, finishing);
  }
}
