package io.fsbench.core.jobfile;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed fio job file: its jobs in order, each with its spec, its reporting group and whether the
 * group is reported as a whole, plus the options as written, which fio's JSON echoes.
 *
 * <pre>{@code
 * JobFile file = JobFile.parse(Path.of("fio-rand-read.fio"));
 * }</pre>
 *
 * @param source the file it came from
 * @param globalOptions the options of the first [global] section as written
 * @param jobs the jobs in file order
 * @param directory the directory its jobs name ({@code directory=}), empty when none does; the
 *     command line's target overrides it
 */
public record JobFile(
    String source, Map<String, String> globalOptions, List<Job> jobs, String directory) {

  /**
   * One job section.
   *
   * @param spec what to run
   * @param groupId fio's reporting group; a stonewall or new_group starts a new one
   * @param groupReporting whether the group is reported as one job
   * @param options the job's own options as written
   */
  public record Job(
      JobSpec spec,
      int groupId,
      boolean groupReporting,
      Map<String, String> options,
      JobControl control) {
    public Job {
      options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
      java.util.Objects.requireNonNull(control, "control");
    }

    /** A job that waits for none and stops none ({@link JobControl#NONE}). */
    public Job(JobSpec spec, int groupId, boolean groupReporting, Map<String, String> options) {
      this(spec, groupId, groupReporting, options, JobControl.NONE);
    }
  }

  public JobFile {
    globalOptions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(globalOptions));
    jobs = List.copyOf(jobs);
  }

  /** Parses a job file with the process's environment for {@code ${VAR}}. */
  public static JobFile parse(Path file) {
    return build(file.toString(), IniReader.read(file), Substitutions.system());
  }

  /**
   * Parses job-file text as {@link #parse(Path)} parses a file (this machine's environment and
   * memory for substitutions), {@code source} naming it in messages; an include is read from this
   * machine, relative to the working directory (a cluster run refuses includes before this).
   */
  public static JobFile parse(String source, String text) {
    return build(
        source, IniReader.read(text.lines().toList(), null, source), Substitutions.system());
  }

  /** Parses job-file text; includes are resolved against {@code baseDir}. */
  public static JobFile parse(String text, Path baseDir, Map<String, String> environment) {
    return build(
        "job file",
        IniReader.read(text.lines().toList(), baseDir, "job file"),
        new Substitutions(environment, 4096, 1024, 2));
  }

  static JobFile build(String source, List<IniReader.Section> sections, Substitutions subs) {
    List<FioOption> defaults = new ArrayList<>();
    Map<String, String> firstGlobal = null;
    List<Job> jobs = new ArrayList<>();
    int group = 0;
    boolean exitAll = false;
    java.util.Set<String> directories = new java.util.LinkedHashSet<>();
    for (IniReader.Section section : sections) {
      List<FioOption> own = new ArrayList<>();
      for (IniReader.Option o : section.options()) {
        String value = o.value() == null ? null : subs.apply(o.value(), o.where());
        own.add(new FioOption(o.key(), value, o.where()));
      }
      if (section.isGlobal()) {
        defaults.addAll(own);
        if (firstGlobal == null) {
          firstGlobal = asWritten(own);
        }
        continue;
      }
      List<FioOption> all = new ArrayList<>(defaults);
      all.addAll(own);
      JobOptionParser.Parsed parsed = JobOptionParser.parse(section.name(), all);
      if (!parsed.scheduling().directory().isEmpty()) {
        directories.add(parsed.scheduling().directory());
      }
      boolean newGroup = parsed.scheduling().stonewall() || parsed.scheduling().newGroup();
      if (newGroup && !jobs.isEmpty()) {
        group++;
      }
      if (parsed.scheduling().groupReporting()) {
        requireGroupLatPercentiles(jobs, group, parsed.spec());
      }
      requireGroupSteadyState(jobs, group, parsed.spec());
      JobControl control = parsed.scheduling().control();
      requireWaitee(jobs, parsed.spec().name(), control.waitFor());
      exitAll |= control.exitAll();
      jobs.add(
          new Job(
              parsed.spec(), group, parsed.scheduling().groupReporting(), asWritten(own), control));
    }
    if (exitAll) { // fio's exitall is one switch for the whole file, whichever job set it
      jobs.replaceAll(
          j ->
              new Job(
                  j.spec(),
                  j.groupId(),
                  j.groupReporting(),
                  j.options(),
                  j.control().exitAll(true)));
    }
    if (jobs.isEmpty()) {
      throw new InvalidInputException(
          source + " defines no job; add a [name] section after [global]");
    }
    if (directories.size() > 1) {
      throw new InvalidInputException(
          source
              + " names several directories ("
              + String.join(", ", directories)
              + "); fsbench runs a job file in one directory: give one directory= in [global]");
    }
    return new JobFile(
        source,
        firstGlobal == null ? Map.of() : firstGlobal,
        jobs,
        directories.isEmpty() ? "" : directories.iterator().next());
  }

  /**
   * fio's {@code wait_for_ok}: the waitee is an earlier job (no forward reference), not the job
   * itself, and its name is unique among the earlier jobs.
   */
  private static void requireWaitee(List<Job> earlier, String name, String waitee) {
    if (waitee.isEmpty()) {
      return;
    }
    if (waitee.equals(name)) {
      throw new InvalidInputException(
          "job '" + name + "': a job cannot wait for itself (wait_for=" + waitee + ")");
    }
    long found = earlier.stream().filter(j -> j.spec().name().equals(waitee)).count();
    if (found == 0) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': wait_for names job '"
              + waitee
              + "', which is not a job before it; name an earlier job (fio: 'waitee job "
              + waitee
              + " unknown')");
    }
    if (found > 1) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': wait_for names '"
              + waitee
              + "', which "
              + found
              + " earlier jobs are called; give the waitee a unique name (fio refuses duplicates"
              + " too)");
    }
  }

  /**
   * fio's {@code verify_per_group_options}: the jobs of a group reported as one share one
   * percentile pipeline, so fio refuses a group_reporting job whose {@code lat_percentiles} differs
   * from its group's.
   */
  private static void requireGroupLatPercentiles(List<Job> jobs, int group, JobSpec spec) {
    for (Job job : jobs) {
      boolean other = job.spec().measurements().latPercentiles();
      if (job.groupId() == group && other != spec.measurements().latPercentiles()) {
        throw new InvalidInputException(
            "lat_percentiles in job '"
                + spec.name()
                + "' differs from its group's (job '"
                + job.spec().name()
                + "'); give the jobs of a group the same lat_percentiles, or start a new group"
                + " with new_group (fio refuses it too)");
      }
    }
  }

  /**
   * fio's {@code td_steadystate_init}: every job of a reporting group (group_reporting or not) must
   * have the same steady-state settings, none being one of them.
   */
  private static void requireGroupSteadyState(List<Job> jobs, int group, JobSpec spec) {
    for (Job job : jobs) {
      if (job.groupId() == group && !job.spec().steadyState().equals(spec.steadyState())) {
        throw new InvalidInputException(
            "the steady-state options of job '"
                + spec.name()
                + "' differ from those of job '"
                + job.spec().name()
                + "' in its group; give the jobs of a group the same steadystate, ss_dur and"
                + " ss_ramp, or start a new group with new_group or stonewall (fio: 'steadystate"
                + " options must be consistent within reporting groups')");
      }
    }
  }

  private static Map<String, String> asWritten(List<FioOption> options) {
    Map<String, String> out = new LinkedHashMap<>();
    for (FioOption o : options) {
      out.put(o.key(), o.valueText());
    }
    return out;
  }
}
