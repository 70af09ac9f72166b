package io.fsbench.cluster;

import io.fsbench.Workloads;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
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
 * @param text a job file's text; empty for the other kinds
 * @param parameters a named workload's parameters ({@code files=1000}); empty for the other kinds
 */
public record ClusterWork(Kind kind, String name, String text, Map<String, String> parameters) {

  /** The kinds of work a cluster run carries. */
  public enum Kind {
    /** One block job given as fio options ({@link ClusterJob#fioOptions()}). */
    FIO_OPTIONS,
    /** A whole fio job file: [global], several sections, stonewall, group_reporting. */
    FIO_JOB_FILE,
    /** A workload of {@link Workloads#named}: fsmark, tree, postmark, filebench:NAME, ... */
    WORKLOAD
  }

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
   * Whether its runner ends early with a result when asked ({@code Session.finish()}): block jobs
   * do; the other workloads run to their end, so a stonewall could not stop them.
   */
  public boolean finishesEarly() {
    return kind != Kind.WORKLOAD || Workloads.named(name, parameters) instanceof JobSpec;
  }

  /** How the work is named in messages: the job file's name or the workload's. */
  String describe() {
    return switch (kind) {
      case FIO_OPTIONS -> "a block job of fio options";
      case FIO_JOB_FILE -> "job file " + name;
      case WORKLOAD -> "workload " + name + (parameters.isEmpty() ? "" : " " + parameters);
    };
  }
}
