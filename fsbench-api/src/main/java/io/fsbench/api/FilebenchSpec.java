package io.fsbench.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A filebench workload file (.f), run unchanged on fsbench's reimplementation of filebench 1.5's
 * engine, with variables set from outside (over the file's own {@code set}s, as filebench's command
 * line does) and a runtime that replaces the file's {@code run N}.
 *
 * <pre>{@code
 * FilebenchSpec varmail = FilebenchSpec.of(Path.of("varmail.f")).set("nfiles", "10000").runtime(Duration.ofSeconds(60));
 * }</pre>
 *
 * @param file the workload file
 * @param variables {@code $name} to value (a number with k, m, g or t, true, false or a word)
 * @param runtime replaces {@code run N}; a file without run needs one
 * @param seed seeds what filebench leaves to the clock
 * @param allowSystem whether the file's {@code system "..."} commands may run a shell (refused
 *     otherwise: a workload file should not run arbitrary commands unasked)
 */
public record FilebenchSpec(
    Path file,
    Map<String, String> variables,
    Optional<Duration> runtime,
    long seed,
    boolean allowSystem)
    implements Workload {

  public static final String NAME = "filebench";

  public FilebenchSpec {
    Objects.requireNonNull(file, "file");
    variables = Map.copyOf(variables);
    for (String name : variables.keySet()) {
      if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
        throw new InvalidInputException(
            "variable name (" + name + ") must be letters, digits and _, without the $");
      }
    }
    runtime = runtime == null ? Optional.empty() : runtime;
    if (runtime.isPresent() && (runtime.get().isNegative() || runtime.get().isZero())) {
      throw new InvalidInputException("runtime (" + runtime.get() + ") must be positive");
    }
  }

  /** A spec whose {@code system} commands are refused. */
  public FilebenchSpec(
      Path file, Map<String, String> variables, Optional<Duration> runtime, long seed) {
    this(file, variables, runtime, seed, false);
  }

  /** The file with its own variables and run, seed 1. */
  public static FilebenchSpec of(Path file) {
    return new FilebenchSpec(file, Map.of(), Optional.empty(), 1, false);
  }

  public FilebenchSpec set(String variable, String value) {
    Map<String, String> copy = new LinkedHashMap<>(variables);
    copy.put(variable.startsWith("$") ? variable.substring(1) : variable, value);
    return new FilebenchSpec(file, copy, runtime, seed, allowSystem);
  }

  public FilebenchSpec runtime(Duration value) {
    return new FilebenchSpec(file, variables, Optional.of(value), seed, allowSystem);
  }

  public FilebenchSpec seed(long value) {
    return new FilebenchSpec(file, variables, runtime, value, allowSystem);
  }

  /** Lets the file's {@code system "..."} commands run with {@code sh -c}. */
  public FilebenchSpec allowSystem(boolean value) {
    return new FilebenchSpec(file, variables, runtime, seed, value);
  }

  /** {@code filebench:varmail} for {@code varmail.f}. */
  @Override
  public String name() {
    String base = file.getFileName() == null ? file.toString() : file.getFileName().toString();
    return NAME + ":" + (base.endsWith(".f") ? base.substring(0, base.length() - 2) : base);
  }
}
