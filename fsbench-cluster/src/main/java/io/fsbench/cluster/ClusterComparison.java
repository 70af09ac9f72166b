package io.fsbench.cluster;

import io.fsbench.Workloads;
import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.RepetitionPolicy;
import io.fsbench.api.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A comparison whose every run is a cluster run: each workload on {@code clients} agents at once,
 * in each of one or more directories of shared filesystems (the columns: an NFS and a CephFS mount
 * seen from the same clients, say), repeated in rounds as a local comparison is, the "All clients"
 * aggregate's headline of each run fed to the comparison's statistics. Run it with {@link
 * Cluster#compare(ClusterComparison)}.
 *
 * <pre>{@code
 * ClusterComparison spec = ClusterComparison.builder(3)
 *     .directory("nfs", Path.of("/mnt/nfs/fsbench"))
 *     .directory("cephfs", Path.of("/mnt/ceph/fsbench"))
 *     .workload("randwrite", Map.of("size", "256m"))
 *     .workload("fsmark", Map.of("files", "10000"))
 *     .repeat(5)
 *     .perClientDir()
 *     .build();
 * Comparison comparison = cluster.compare(spec);
 * }</pre>
 *
 * @param directories the columns, each a directory of a shared filesystem as every agent sees it,
 *     at least one; labelled by the filesystem type the agents report where no label is given
 * @param workloads what is compared, each a {@link ClusterWork.Kind#WORKLOAD named workload} with
 *     its parameters (the comparison's runtime already applied), at least one
 * @param clients how many agents run each repetition
 * @param repetitions how often each cell runs
 * @param runtime the length each time-based workload runs; zero for each workload's own length
 * @param perClientDir whether each client works in a directory {@code client-N} of its own
 * @param sharedDir whether every client works in the directory itself (mdtest's shared mode)
 * @param stonewall whether the first client to finish ends each run (IOR's stonewalling)
 * @param membersWithin how long each run waits for its agents
 * @param phaseBarriers whether the clients of fsmark and tree start each phase together (mdtest's
 *     default; without, mdtest's {@code -B})
 * @param neighbourStride 0, or mdtest's {@code -N}: the phases after the first visit another
 *     client's files ({@link ClusterJob#neighbourStride})
 * @param baseline the label of the column the others are compared with; empty for the first
 */
public record ClusterComparison(
    List<Column> directories,
    List<ClusterWork> workloads,
    int clients,
    RepetitionPolicy repetitions,
    Duration runtime,
    boolean perClientDir,
    boolean sharedDir,
    boolean stonewall,
    Duration membersWithin,
    boolean phaseBarriers,
    int neighbourStride,
    String baseline) {

  /**
   * One column of the comparison.
   *
   * @param label how the reports name it; empty to take the filesystem type the agents report
   * @param path the directory, as every agent sees it
   */
  public record Column(String label, Path path) {
    public Column {
      Objects.requireNonNull(label, "label");
      Objects.requireNonNull(path, "path");
      if (!path.isAbsolute()) {
        throw new InvalidInputException(
            "directory ("
                + path
                + ") must be absolute: every agent resolves it on its own machine");
      }
      if (label.contains(",") || !label.strip().equals(label)) {
        throw new InvalidInputException(
            "label (" + label + ") of " + path + " must have no comma nor surrounding spaces");
      }
    }
  }

  public ClusterComparison {
    directories = List.copyOf(directories);
    workloads = List.copyOf(workloads);
    Objects.requireNonNull(repetitions, "repetitions");
    Objects.requireNonNull(runtime, "runtime");
    Objects.requireNonNull(membersWithin, "membersWithin");
    Objects.requireNonNull(baseline, "baseline");
    if (directories.isEmpty()) {
      throw new InvalidInputException(
          "a cluster comparison needs at least one directory of a shared filesystem (--dir PATH)");
    }
    if (workloads.isEmpty()) {
      throw new InvalidInputException("a cluster comparison needs at least one workload");
    }
    if (clients < 1) {
      throw new InvalidInputException("clients (" + clients + ") must be at least 1");
    }
    if (runtime.isNegative()) {
      throw new InvalidInputException("runtime (" + runtime + ") must not be negative");
    }
    if (perClientDir && sharedDir) {
      throw new InvalidInputException(
          "a directory per client and one shared directory exclude each other; choose one");
    }
    List<Path> seen = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Column column : directories) {
      if (seen.contains(column.path().normalize())) {
        throw new InvalidInputException(
            "directory " + column.path() + " is given twice; give each column once");
      }
      seen.add(column.path().normalize());
      if (!column.label().isEmpty() && names.contains(column.label())) {
        throw new InvalidInputException(
            "label " + column.label() + " names two directories; give each its own label");
      }
      names.add(column.label());
    }
    if (!baseline.isEmpty()
        && !names.contains(baseline)
        && directories.stream().noneMatch(c -> c.label().isEmpty())) {
      throw new InvalidInputException(
          "baseline (" + baseline + ") is none of the compared directories' labels " + names);
    }
    for (ClusterWork work : workloads) {
      if (work.kind() != ClusterWork.Kind.WORKLOAD) {
        throw new InvalidInputException(
            "a cluster comparison compares named workloads; "
                + work.describe()
                + " is not one (run it with Cluster.run)");
      }
      if (Workloads.capabilities(Workloads.named(work.name(), work.parameters()))
          .contains(io.fsbench.spi.WorkloadCapability.MAKES_VOLUMES)) {
        throw new InvalidInputException(
            "workload "
                + work.name()
                + " times mkfs, mount and unmount, which a directory of a shared filesystem"
                + " cannot; compare it on this machine (fsbench compare --fs), or drop it");
      }
      if (stonewall && !work.finishesEarly()) {
        throw new InvalidInputException(
            "workload "
                + work.name()
                + " runs to its end and cannot be stonewalled; drop the stonewall or the workload");
      }
      if (sharedDir && !work.sharesDirectory()) {
        throw new InvalidInputException(
            "workload "
                + work.name()
                + " cannot share one directory between clients (only fsmark, tree and postmark"
                + " can); drop the shared directory or the workload");
      }
    }
  }

  /**
   * Each workload's job as the first column's runs will make it, so that what a job refuses (a
   * stride for a block job, barriers off for work without phases, ...) is refused now, before any
   * agent is contacted, not at the cell's first run.
   */
  void checkJobs() {
    if (!phaseBarriers && workloads.stream().noneMatch(ClusterWork::hasPhases)) {
      throw new InvalidInputException(
          "--no-phase-barrier lets the phases of fsmark, tree and largefile start on each client"
              + " on its own; every workload of the comparison "
              + workloads.stream().map(ClusterWork::name).toList()
              + " has no such phases (its clients start together once), so there is no barrier"
              + " to turn off; drop --no-phase-barrier");
    }
    for (ClusterWork work : workloads) {
      job(work, directories.get(0));
    }
  }

  /** A comparison on {@code clients} agents; add directories and workloads. */
  public static Builder builder(int clients) {
    return new Builder(clients);
  }

  /** The cluster job of one run of {@code work} in {@code column}. */
  ClusterJob job(ClusterWork work, Column column) {
    return adjust(ClusterJob.of(work, column.path(), clients));
  }

  /**
   * The check run of {@code column} before the first cell: one 4 KiB write per client, in the
   * directories the cells' runs use.
   */
  ClusterJob check(Column column) {
    ClusterJob job =
        ClusterJob.fio(ClusterComparisonRunner.CHECK_JOB, column.path(), clients)
            .membersWithin(membersWithin);
    return perClientDir ? job.perClientDir() : job;
  }

  private ClusterJob adjust(ClusterJob job) {
    job = job.membersWithin(membersWithin);
    if (stonewall) {
      job = job.stonewall();
    }
    if (sharedDir) {
      job = job.sharedDirectory();
    }
    if (perClientDir) {
      job = job.perClientDir();
    }
    if (!phaseBarriers && job.work().hasPhases()) {
      job = job.noPhaseBarriers();
    }
    return neighbourStride == 0 ? job : job.neighbourStride(neighbourStride);
  }

  /** Builds a {@link ClusterComparison}; every value is checked at {@link #build()}. */
  public static final class Builder {
    private final int clients;
    private final List<Column> directories = new ArrayList<>();
    private final Map<String, Map<String, String>> workloads = new LinkedHashMap<>();
    private RepetitionPolicy repetitions = RepetitionPolicy.DEFAULT;
    private Duration runtime = Duration.ZERO;
    private boolean perClientDir;
    private boolean sharedDir;
    private boolean stonewall;
    private Duration membersWithin = Duration.ofSeconds(30);
    private boolean phaseBarriers = true;
    private int neighbourStride;
    private String baseline = "";

    private Builder(int clients) {
      this.clients = clients;
    }

    /** A column labelled by the filesystem type the agents report for {@code path}. */
    public Builder directory(Path path) {
      return directory("", path);
    }

    /** A column labelled {@code label}. */
    public Builder directory(String label, Path path) {
      directories.add(new Column(label, path));
      return this;
    }

    /** A workload by its registered name, as {@code fsbench compare --workloads}. */
    public Builder workload(String name, Map<String, String> parameters) {
      if (workloads.containsKey(name)) {
        throw new InvalidInputException("workload " + name + " is given twice; give it once");
      }
      workloads.put(name, Map.copyOf(parameters));
      return this;
    }

    /** Exactly {@code count} measured runs per cell (default 3). */
    public Builder repeat(int count) {
      return repetitions(RepetitionPolicy.fixed(count));
    }

    /** How often each cell runs, e.g. {@link RepetitionPolicy#untilPrecise}. */
    public Builder repetitions(RepetitionPolicy policy) {
      this.repetitions = Objects.requireNonNull(policy, "repetitions");
      return this;
    }

    /** The length of every time-based workload's runs (block jobs, filebench). */
    public Builder runtime(Duration runtime) {
      this.runtime = Objects.requireNonNull(runtime, "runtime");
      return this;
    }

    /** Each client in a directory of its own. */
    public Builder perClientDir() {
      this.perClientDir = true;
      return this;
    }

    /** Every client in the directory itself (fsmark, tree, postmark). */
    public Builder sharedDirectory() {
      this.sharedDir = true;
      return this;
    }

    /** The first client to finish ends each run. */
    public Builder stonewall() {
      this.stonewall = true;
      return this;
    }

    /** The clients of fsmark and tree go from phase to phase each on its own (mdtest's -B). */
    public Builder noPhaseBarriers() {
      this.phaseBarriers = false;
      return this;
    }

    /**
     * mdtest's {@code -N}: see {@link ClusterJob#neighbourStride}; 0 or at least clients refused.
     */
    public Builder neighbourStride(int stride) {
      if (stride < 1) {
        throw new InvalidInputException(
            "neighbour stride ("
                + stride
                + ") must be at least 1: client i visits client i + stride's files");
      }
      this.neighbourStride = stride;
      return this;
    }

    /** How long each run waits for its agents (default 30 s). */
    public Builder membersWithin(Duration deadline) {
      this.membersWithin = Objects.requireNonNull(deadline, "membersWithin");
      return this;
    }

    /**
     * The column the others are compared with, by its label (given, or the filesystem type the
     * agents report); default the first.
     */
    public Builder baseline(String label) {
      this.baseline = Objects.requireNonNull(label, "baseline").strip();
      return this;
    }

    public ClusterComparison build() {
      if (runtime.isNegative()) {
        throw new InvalidInputException("runtime (" + runtime + ") must not be negative");
      }
      List<ClusterWork> works = new ArrayList<>();
      workloads.forEach((name, parameters) -> works.add(timed(name, parameters, runtime)));
      ClusterComparison comparison =
          new ClusterComparison(
              directories,
              works,
              clients,
              repetitions,
              runtime,
              perClientDir,
              sharedDir,
              stonewall,
              membersWithin,
              phaseBarriers,
              neighbourStride,
              baseline);
      comparison.checkJobs();
      return comparison;
    }
  }

  /**
   * The workload with the comparison's runtime as its {@code runtime} parameter, where it has one
   * (a time-based block job, a filebench personality), as a local comparison applies it; a block
   * job that ends when its size is done is refused, as there.
   */
  static ClusterWork timed(String name, Map<String, String> parameters, Duration runtime) {
    Workload workload = Workloads.named(name, parameters); // unknown names are refused, listed
    if (runtime.isZero()) {
      return ClusterWork.workload(name, parameters);
    }
    Map<String, String> timed = new LinkedHashMap<>(parameters);
    if (workload.spec() instanceof JobSpec job) {
      if (!job.timeBased()) {
        throw new InvalidInputException(
            "runtime ("
                + runtime.toMillis()
                + " ms) conflicts with workload "
                + name
                + ", which ends when its size is done (time_based off); drop the runtime, or"
                + " make the workload time based");
      }
      timed.put("runtime", runtime.toMillis() + "ms");
    } else if (workload.spec() instanceof FilebenchSpec) {
      timed.put("runtime", runtime.toMillis() + "ms");
    }
    return ClusterWork.workload(name, timed);
  }
}
