package io.fsbench.cluster;

import io.fsbench.Workloads;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.filebench.FilebenchCheck;
import io.fsbench.spi.WorkloadCapability;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every client of a cluster run runs, as it travels to the agents: never a command, only
 * something an agent builds with the parsers and the registry of a single-host run.
 *
 * @param kind which of fsbench's inputs it is
 * @param name a job file's name (for the report), or the workload's registered name
 * @param text a job file's or a filebench script's text; empty for the other kinds
 * @param parameters a named workload's parameters ({@code files=1000}), a filebench script's
 *     variables (plus its runtime and seed under keys no variable can have); empty otherwise
 */
public record ClusterWork(Kind kind, String name, String text, Map<String, String> parameters) {

  /** The kinds of work a cluster run carries. */
  public enum Kind {
    /** One block job given as fio options ({@link ClusterJob#fioOptions()}). */
    FIO_OPTIONS,
    /** A whole fio job file: [global], several sections, stonewall, group_reporting. */
    FIO_JOB_FILE,
    /** A workload of {@link Workloads#named}: fsmark, tree, postmark, filebench:NAME, ... */
    WORKLOAD,
    /**
     * A filebench workload file's text, run as {@code fsbench filebench FILE} runs it; never with
     * its {@code system} commands.
     */
    FILEBENCH_SCRIPT
  }

  /** The parameter that carries a filebench script's runtime ({@code run N} replaced). */
  static final String RUNTIME = "fsbench.runtime";

  /** The parameter that carries a filebench script's seed. */
  static final String SEED = "fsbench.seed";

  // fio's include directive, which would read a file of the agent's own machine
  private static final Pattern INCLUDE = Pattern.compile("(?m)^\\s*include\\s+(\\S.*)$");

  static final ClusterWork FIO_OPTIONS = new ClusterWork(Kind.FIO_OPTIONS, "", "", Map.of());

  public ClusterWork {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(text, "text");
    parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    if (kind == Kind.FIO_JOB_FILE) {
      if (text.isBlank()) {
        throw new InvalidInputException(
            "job file " + name + " is empty; give a fio job file with at least one [job] section");
      }
      Matcher include = INCLUDE.matcher(text);
      if (include.find()) {
        throw new InvalidInputException(
            "job file "
                + name
                + " includes "
                + include.group(1).strip()
                + ", which each agent would read from its own machine; paste the included"
                + " options into the job file for a --cluster run");
      }
    }
    if (kind == Kind.FILEBENCH_SCRIPT) {
      if (text.isBlank()) {
        throw new InvalidInputException("filebench workload file " + name + " is empty");
      }
      // a bad variable name or runtime is refused here (fields are not assigned yet)
      filebenchSpec(java.nio.file.Path.of(name), parameters);
    }
    if (kind == Kind.WORKLOAD) {
      Workloads.named(name, parameters); // an unknown name or parameter is refused here, listed
    }
  }

  /** A fio job file's text, named {@code name} in the report. */
  public static ClusterWork jobFile(String name, String text) {
    return new ClusterWork(Kind.FIO_JOB_FILE, name, text, Map.of());
  }

  /** A workload by its registered name, with parameters, as {@code fsbench run --workload}. */
  public static ClusterWork workload(String name, Map<String, String> parameters) {
    return new ClusterWork(Kind.WORKLOAD, name, "", parameters);
  }

  /**
   * A filebench workload file's text, named {@code name}, with {@code variables} set over the
   * file's own, its {@code run N} replaced by {@code runtime} when given, and {@code seed}.
   */
  public static ClusterWork filebench(
      String name,
      String text,
      Map<String, String> variables,
      java.util.Optional<java.time.Duration> runtime,
      long seed) {
    Map<String, String> parameters = new LinkedHashMap<>(variables);
    runtime.ifPresent(r -> parameters.put(RUNTIME, Long.toString(r.toNanos())));
    parameters.put(SEED, Long.toString(seed));
    return new ClusterWork(Kind.FILEBENCH_SCRIPT, name, text, parameters);
  }

  /**
   * Checks what the controller can before any agent is contacted, beyond what making this work
   * checked: a filebench workload file's text as its run would check it before making a file (a
   * fileset without {@code dirwidth}, a flowop naming an unknown fileset, a {@code system} line,
   * ...), refused naming the file and line; each agent checks it again at prepare, with the same
   * code. Plans the script in memory (its filesets' trees drawn), so it is not done on every copy
   * of a job; nothing to do for the other kinds.
   *
   * @throws InvalidInputException naming the file, the line and what to do
   */
  public void check() {
    if (kind == Kind.FILEBENCH_SCRIPT) {
      FilebenchCheck.check(filebenchSpec(java.nio.file.Path.of(name)), text);
    }
  }

  /** The filebench spec of this script when its text is in {@code file}. */
  public io.fsbench.api.FilebenchSpec filebenchSpec(java.nio.file.Path file) {
    return filebenchSpec(file, parameters);
  }

  private static io.fsbench.api.FilebenchSpec filebenchSpec(
      java.nio.file.Path file, Map<String, String> parameters) {
    io.fsbench.api.FilebenchSpec spec =
        io.fsbench.api.FilebenchSpec.of(file)
            .seed(Long.parseLong(parameters.getOrDefault(SEED, "1")));
    if (parameters.containsKey(RUNTIME)) {
      spec = spec.runtime(java.time.Duration.ofNanos(Long.parseLong(parameters.get(RUNTIME))));
    }
    for (Map.Entry<String, String> variable : parameters.entrySet()) {
      if (!variable.getKey().equals(RUNTIME) && !variable.getKey().equals(SEED)) {
        spec = spec.set(variable.getKey(), variable.getValue());
      }
    }
    return spec;
  }

  /**
   * Whether its runner ends early with a result when asked ({@code Session.finish()}): block jobs,
   * fsmark, tree and postmark (the phase under way cut short, no later phase) and filebench do; the
   * others (bonnie, dd, iozone, ...) run to their end, so a stonewall could not stop them.
   */
  public boolean finishesEarly() {
    return switch (kind) {
      case FIO_OPTIONS, FIO_JOB_FILE, FILEBENCH_SCRIPT -> true;
      case WORKLOAD -> can(WorkloadCapability.FINISHES_EARLY);
    };
  }

  /**
   * Whether clients can run it together in one directory, each name tagged with its client index
   * ({@code Session.shareDirectory}): fsmark, tree and postmark, as mdtest's shared mode.
   */
  public boolean sharesDirectory() {
    return kind == Kind.WORKLOAD && can(WorkloadCapability.SHARES_DIRECTORY);
  }

  /**
   * Whether its runner has phases that clients can start together at barriers ({@link
   * ClusterJob#phaseBarriers()}): fsmark, tree and largefile.
   */
  public boolean hasPhases() {
    return kind == Kind.WORKLOAD && can(WorkloadCapability.PHASES);
  }

  /**
   * Whether its phases after the first can visit another client's files ({@link
   * ClusterJob#neighbourStride}, mdtest's {@code -N}): fsmark, and tree (with its extract phase).
   */
  public boolean visitsNeighbours() {
    return kind == Kind.WORKLOAD && can(WorkloadCapability.VISITS_NEIGHBOURS);
  }

  /** Whether the named workload's family declares the capability. */
  private boolean can(WorkloadCapability capability) {
    return Workloads.capabilities(Workloads.named(name, parameters)).contains(capability);
  }

  /** Whether it runs block jobs, whose results have bytes and I/Os to stonewall. */
  public boolean isBlock() {
    return kind == Kind.FIO_OPTIONS
        || kind == Kind.FIO_JOB_FILE
        || kind == Kind.WORKLOAD && Workloads.named(name, parameters) instanceof JobSpec;
  }

  /** How the work is named in messages: the job file's name or the workload's. */
  String describe() {
    return switch (kind) {
      case FIO_OPTIONS -> "a block job of fio options";
      case FIO_JOB_FILE -> "job file " + name;
      case WORKLOAD -> "workload " + name + (parameters.isEmpty() ? "" : " " + parameters);
      case FILEBENCH_SCRIPT -> "filebench workload file " + name;
    };
  }
}
