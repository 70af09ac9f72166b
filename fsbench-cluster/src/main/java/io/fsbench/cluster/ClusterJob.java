package io.fsbench.cluster;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a cluster run runs on every client, in a directory of the shared filesystem (as every agent
 * sees it), on {@code clients} agents at once: one block job given as fio options, a whole fio job
 * file ({@link #fioFile(Path, Path, int)}) or a named workload such as fsmark or tree ({@link
 * #workload(String, Map, Path, int)}).
 *
 * <pre>{@code
 * ClusterJob job =
 *     ClusterJob.fio(List.of("rw=randwrite", "bs=4k", "size=64m", "runtime=10s"),
 *             Path.of("/mnt/shared/x"), 3)
 *         .perClientDir()
 *         .stonewall();
 * }</pre>
 *
 * @param fioOptions the job, as fio options ({@code rw=randwrite}); checked by every agent; empty
 *     when {@code work} is a job file or a named workload
 * @param directory where on the shared filesystem; each client works in a fresh subdirectory of it
 *     that it removes afterwards
 * @param clients how many agents take part
 * @param clientDirs whether each client gets its own directory {@code client-N} under {@code
 *     directory} (made and removed by the client), rather than sharing {@code directory}
 * @param membersWithin how long to wait for {@code clients} agents to be there
 * @param stonewalled whether the first client to finish ends the others' runs (IOR's stonewalling),
 *     each reporting what it did until then
 * @param clientOptions fio options added to one client's job, by client index (0 to {@code clients
 *     - 1}, in the order of the agents' addresses): clients that differ on purpose
 * @param work what runs: {@link ClusterWork.Kind#FIO_OPTIONS} for {@code fioOptions}, or a job
 *     file's text, or a named workload
 * @param sharedDir whether every client works in {@code directory} itself, each name it makes
 *     tagged with its client index (mdtest's shared-directory mode, {@link #sharedDirectory()}),
 *     rather than in a fresh subdirectory of its own
 * @param phaseBarriers whether the clients of a workload with phases (fsmark, tree, largefile)
 *     start each phase together, each waiting until every client reached it, as mdtest's ranks do
 *     (its {@code -B} turns them off; here {@link #noPhaseBarriers()}); block jobs and workloads
 *     without phases start together once, at the run's start, either way
 * @param neighbourStride 0, or mdtest's {@code -N}: fsmark's phases after create (tree's after
 *     extract) visit another client's files rather than the client's own, client {@code i}'s {@code
 *     m}-th phase after the first those of client {@code (i + m * neighbourStride) mod clients}
 *     (stat the next one's, read the one after, ..., as mdtest); needs phase barriers and a shared
 *     directory or a directory per client
 */
public record ClusterJob(
    List<String> fioOptions,
    Path directory,
    int clients,
    boolean clientDirs,
    Duration membersWithin,
    boolean stonewalled,
    Map<Integer, List<String>> clientOptions,
    ClusterWork work,
    boolean sharedDir,
    boolean phaseBarriers,
    int neighbourStride) {

  public ClusterJob {
    fioOptions = List.copyOf(fioOptions);
    Objects.requireNonNull(work, "work");
    if (work.kind() != ClusterWork.Kind.FIO_OPTIONS && !fioOptions.isEmpty()) {
      throw new InvalidInputException(
          "fio options "
              + fioOptions
              + " and "
              + work.describe()
              + " were both given; a cluster run runs one of them");
    }
    if (work.kind() == ClusterWork.Kind.FIO_OPTIONS && fioOptions.isEmpty()) {
      throw new InvalidInputException(
          "a cluster run needs a job; give fio options such as rw=randwrite, bs=4k, size=64m");
    }
    Objects.requireNonNull(directory, "directory");
    if (!directory.isAbsolute()) {
      throw new InvalidInputException(
          "the cluster run's directory ("
              + directory
              + ") must be absolute: every agent resolves it on its own machine");
    }
    if (clients < 1) {
      throw new InvalidInputException(
          "clients (" + clients + ") must be at least 1; e.g. --clients 3");
    }
    Objects.requireNonNull(membersWithin, "membersWithin");
    if (membersWithin.isNegative() || membersWithin.isZero()) {
      throw new InvalidInputException("membersWithin (" + membersWithin + ") must be positive");
    }
    Objects.requireNonNull(clientOptions, "clientOptions");
    Map<Integer, List<String>> copy = new TreeMap<>();
    for (Map.Entry<Integer, List<String>> entry : clientOptions.entrySet()) {
      int index = entry.getKey();
      if (index < 0 || index >= clients) {
        throw new InvalidInputException(
            "client index ("
                + index
                + ") of the options "
                + entry.getValue()
                + " must be from 0 to "
                + (clients - 1)
                + ", one of the "
                + clients
                + " client(s)");
      }
      copy.put(index, List.copyOf(entry.getValue()));
    }
    clientOptions = Map.copyOf(copy);
    if (!clientOptions.isEmpty() && work.kind() != ClusterWork.Kind.FIO_OPTIONS) {
      throw new InvalidInputException(
          "options for one client ("
              + clientOptions
              + ") apply to a job of fio options; "
              + work.describe()
              + " runs the same on every client");
    }
    if (sharedDir && clientDirs) {
      throw new InvalidInputException(
          "a cluster run has a directory per client (--per-client-dir) or one shared by all"
              + " (--shared-dir), not both; drop one");
    }
    if (sharedDir && !work.sharesDirectory()) {
      throw new InvalidInputException(
          work.describe()
              + " cannot share one directory between clients (--shared-dir is mdtest's mode for"
              + " fsmark, tree and postmark; block jobs share files with filename=); drop"
              + " --shared-dir");
    }
    if (stonewalled && !work.finishesEarly()) {
      throw new InvalidInputException(
          "--stonewall ends each client's run early with what it did (block jobs, job files,"
              + " fsmark, tree, postmark, filebench); "
              + work.describe()
              + " runs to its end (its runner cannot finish early), so the stonewall would stop"
              + " nothing; drop --stonewall");
    }
    if (!phaseBarriers && !work.hasPhases()) {
      throw new InvalidInputException(
          "--no-phase-barrier lets the phases of fsmark, tree and largefile start on each client"
              + " on its own; "
              + work.describe()
              + " has no such phases (its clients start together once), so there is no barrier"
              + " to turn off; drop --no-phase-barrier");
    }
    checkNeighbourStride(neighbourStride, clients, work, phaseBarriers, sharedDir || clientDirs);
  }

  private static void checkNeighbourStride(
      int stride, int clients, ClusterWork work, boolean barriers, boolean knownDirectories) {
    if (stride == 0) {
      return;
    }
    String given = "--neighbour-stride " + stride;
    checkStrideRange(stride, clients);
    if (!work.visitsNeighbours()) {
      throw new InvalidInputException(
          given
              + " has the phases of fsmark and tree after their first visit another client's"
              + " files (mdtest's -N); "
              + work.describe()
              + " cannot; drop "
              + given);
    }
    if (io.fsbench.Workloads.named(work.name(), work.parameters())
            instanceof io.fsbench.api.FsMarkSpec fsmark
        && fsmark.filesPerDir() != 0) {
      throw new InvalidInputException(
          given
              + " needs every client's files directly in its directory, its names tagged with its"
              + " index, so that its neighbours compute them; files_per_dir ("
              + fsmark.filesPerDir()
              + ") spreads them over subdirectories: use files_per_dir 0");
    }
    if (!barriers) {
      throw new InvalidInputException(
          given
              + " needs the phase barriers: without them a client may stat its neighbour's files"
              + " before they are created; drop --no-phase-barrier or "
              + given);
    }
    if (!knownDirectories) {
      throw new InvalidInputException(
          given
              + " needs to know where the neighbour's files are: add --shared-dir (one directory,"
              + " names tagged per client) or --per-client-dir (client-N each)");
    }
  }

  private static void checkStrideRange(int stride, int clients) {
    if (clients < 2) {
      throw new InvalidInputException(
          "neighbour stride ("
              + stride
              + ") has each client visit another's files; with "
              + clients
              + " client there is no other: run --clients 2 or more");
    }
    if (stride < 1 || stride >= clients) {
      throw new InvalidInputException(
          "neighbour stride ("
              + stride
              + ") must be from 1 to "
              + (clients - 1)
              + " with "
              + clients
              + " clients: client i visits client (i + stride) mod "
              + clients
              + "'s files ("
              + (stride == 0 ? "0 would be its own: drop the stride" : "give a smaller stride")
              + ")");
    }
  }

  /** The job as released before neighbour access: each client on its own files. */
  public ClusterJob(
      List<String> fioOptions,
      Path directory,
      int clients,
      boolean clientDirs,
      Duration membersWithin,
      boolean stonewalled,
      Map<Integer, List<String>> clientOptions,
      ClusterWork work,
      boolean sharedDir,
      boolean phaseBarriers) {
    this(
        fioOptions,
        directory,
        clients,
        clientDirs,
        membersWithin,
        stonewalled,
        clientOptions,
        work,
        sharedDir,
        phaseBarriers,
        0);
  }

  /** The job as released before phase barriers: with them, where the work has phases. */
  public ClusterJob(
      List<String> fioOptions,
      Path directory,
      int clients,
      boolean clientDirs,
      Duration membersWithin,
      boolean stonewalled,
      Map<Integer, List<String>> clientOptions,
      ClusterWork work,
      boolean sharedDir) {
    this(
        fioOptions,
        directory,
        clients,
        clientDirs,
        membersWithin,
        stonewalled,
        clientOptions,
        work,
        sharedDir,
        true);
  }

  /** The job as released before job files and workloads: a job of fio options. */
  public ClusterJob(
      List<String> fioOptions,
      Path directory,
      int clients,
      boolean clientDirs,
      Duration membersWithin,
      boolean stonewalled,
      Map<Integer, List<String>> clientOptions) {
    this(
        fioOptions,
        directory,
        clients,
        clientDirs,
        membersWithin,
        stonewalled,
        clientOptions,
        ClusterWork.FIO_OPTIONS,
        false);
  }

  /** The job of job files and workloads, each client in a fresh subdirectory of its own. */
  public ClusterJob(
      List<String> fioOptions,
      Path directory,
      int clients,
      boolean clientDirs,
      Duration membersWithin,
      boolean stonewalled,
      Map<Integer, List<String>> clientOptions,
      ClusterWork work) {
    this(
        fioOptions,
        directory,
        clients,
        clientDirs,
        membersWithin,
        stonewalled,
        clientOptions,
        work,
        false);
  }

  /** A job of fio options in {@code directory} on {@code clients} agents; 30 s for them to come. */
  public static ClusterJob fio(List<String> fioOptions, Path directory, int clients) {
    return new ClusterJob(
        fioOptions, directory, clients, false, Duration.ofSeconds(30), false, Map.of());
  }

  /**
   * A fio job file run by every client as {@code Session.fio(Path)} runs it: [global], several
   * sections, stonewall and group_reporting; the aggregate has one job per job (or reported group)
   * of the file. The file is read here and its text sent; an {@code include} is refused by name.
   *
   * <pre>{@code
   * ClusterJob job = ClusterJob.fioFile(Path.of("mixed.fio"), Path.of("/mnt/shared/x"), 3);
   * }</pre>
   */
  public static ClusterJob fioFile(Path jobFile, Path directory, int clients) {
    String text;
    try {
      text = java.nio.file.Files.readString(jobFile);
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      throw new InvalidInputException(
          "job file ("
              + jobFile
              + ") does not exist or cannot be read ("
              + e.getMessage()
              + "); give a fio job file");
    }
    return fioFile(String.valueOf(jobFile.getFileName()), text, directory, clients);
  }

  /** A fio job file given as its text, {@code name} naming it in the report. */
  public static ClusterJob fioFile(String name, String text, Path directory, int clients) {
    return new ClusterJob(
        List.of(),
        directory,
        clients,
        false,
        Duration.ofSeconds(30),
        false,
        Map.of(),
        ClusterWork.jobFile(name, text),
        false);
  }

  /**
   * A workload by name, as {@code fsbench run --workload NAME --param k=v} (fsmark, tree, postmark,
   * {@code filebench:varmail}, ...), built by each agent with the same registry. Counts add across
   * the clients, per phase; see {@link ClusterResult}.
   *
   * <pre>{@code
   * ClusterJob job = ClusterJob.workload("fsmark", Map.of("files", "1000"),
   *     Path.of("/mnt/shared/md"), 3).perClientDir(); // mdtest's unique-directory mode
   * }</pre>
   */
  public static ClusterJob workload(
      String name, Map<String, String> parameters, Path directory, int clients) {
    return new ClusterJob(
        List.of(),
        directory,
        clients,
        false,
        Duration.ofSeconds(30),
        false,
        Map.of(),
        ClusterWork.workload(name, parameters),
        false);
  }

  /**
   * Any {@link ClusterWork} in {@code directory} on {@code clients} agents, e.g. a filebench
   * workload file's text: {@code ClusterJob.of(ClusterWork.filebench("my.f", text, Map.of(),
   * Optional.of(Duration.ofSeconds(30)), 1), dir, 3)}.
   */
  public static ClusterJob of(ClusterWork work, Path directory, int clients) {
    if (work.kind() == ClusterWork.Kind.FIO_OPTIONS) {
      throw new InvalidInputException(
          "a job of fio options is made with ClusterJob.fio(options, directory, clients)");
    }
    work.check(); // a filebench script's semantics, before anyone is contacted
    return new ClusterJob(
        List.of(), directory, clients, false, Duration.ofSeconds(30), false, Map.of(), work, false);
  }

  /** This job with a directory of its own for each client. */
  public ClusterJob perClientDir() {
    return with(p -> p.clientDirs = true);
  }

  /**
   * This job with every client in {@code directory} itself, each name a client makes starting with
   * its index ({@code 2.}...), as mdtest runs without {@code -u}: all clients create, stat and
   * remove in one directory, the case that measures a shared filesystem's directory locking. For
   * fsmark (without subdirectories), tree and postmark; the directory must exist.
   */
  public ClusterJob sharedDirectory() {
    return with(p -> p.sharedDir = true);
  }

  /** This job, waiting at most {@code deadline} for its agents. */
  public ClusterJob membersWithin(Duration deadline) {
    return with(p -> p.membersWithin = deadline);
  }

  /**
   * This job, stonewalled: the first client to finish ends the others' runs, and the result has the
   * {@link ClusterResult#stonewalled() stonewalled aggregate} beside the full one.
   */
  public ClusterJob stonewall() {
    return with(p -> p.stonewalled = true);
  }

  /**
   * This job with {@code options} added to client {@code index}'s (a later option wins, as in fio):
   * {@code forClient(0, List.of("size=8m"))} makes client 0 write less than the others.
   */
  public ClusterJob forClient(int index, List<String> options) {
    Map<Integer, List<String>> more = new TreeMap<>(clientOptions);
    List<String> all = new ArrayList<>(more.getOrDefault(index, List.of()));
    all.addAll(options);
    more.put(index, all);
    return with(p -> p.clientOptions = more);
  }

  /**
   * This job without phase barriers (mdtest's {@code -B}): each client of fsmark, tree or largefile
   * goes from one phase to the next on its own after the common start. The aggregate's phase times
   * are the union of the clients' windows either way; without barriers the clients drift apart, so
   * a phase on one client overlaps another phase on the next.
   */
  public ClusterJob noPhaseBarriers() {
    return with(p -> p.phaseBarriers = false);
  }

  /**
   * This job with mdtest's neighbour access ({@code -N stride}): client {@code i}'s {@code m}-th
   * fsmark phase after create (stat, read, rename, delete, in that order) visits the files client
   * {@code (i + m * stride) mod clients} created, as mdtest's stat, read and remove phases visit
   * rank {@code i + S}, {@code i + 2S} and {@code i + 3S}'s, so that no client finds the files in
   * its own cache. The names follow from the other client's index and the spec's seed; nothing is
   * listed. Call it after {@link #sharedDirectory()} or {@link #perClientDir()}, which say where
   * the other client's files are; a stride of 0 or at least {@code clients} is refused.
   *
   * <pre>{@code
   * ClusterJob job = ClusterJob.workload("fsmark", Map.of("files", "1000"), dir, 4)
   *     .sharedDirectory()
   *     .neighbourStride(1);
   * }</pre>
   */
  public ClusterJob neighbourStride(int stride) {
    checkStrideRange(stride, clients); // 0 given on purpose is refused, not taken as "off"
    return with(p -> p.neighbourStride = stride);
  }

  /** This job with what {@code change} sets on a copy of its components. */
  private ClusterJob with(java.util.function.Consumer<Components> change) {
    Components c = new Components(this);
    change.accept(c);
    return new ClusterJob(
        c.fioOptions,
        c.directory,
        c.clients,
        c.clientDirs,
        c.membersWithin,
        c.stonewalled,
        c.clientOptions,
        c.work,
        c.sharedDir,
        c.phaseBarriers,
        c.neighbourStride);
  }

  /** A job's components, to change one or two of them for a copy (the withers above). */
  private static final class Components {
    final List<String> fioOptions;
    final Path directory;
    final int clients;
    boolean clientDirs;
    Duration membersWithin;
    boolean stonewalled;
    Map<Integer, List<String>> clientOptions;
    final ClusterWork work;
    boolean sharedDir;
    boolean phaseBarriers;
    int neighbourStride;

    Components(ClusterJob job) {
      fioOptions = job.fioOptions;
      directory = job.directory;
      clients = job.clients;
      clientDirs = job.clientDirs;
      membersWithin = job.membersWithin;
      stonewalled = job.stonewalled;
      clientOptions = job.clientOptions;
      work = job.work;
      sharedDir = job.sharedDir;
      phaseBarriers = job.phaseBarriers;
      neighbourStride = job.neighbourStride;
    }
  }

  /** The fio options of client {@code index}: the job's, then those added for that client. */
  public List<String> optionsOf(int index) {
    List<String> all = new ArrayList<>(fioOptions);
    all.addAll(clientOptions.getOrDefault(index, List.of()));
    return List.copyOf(all);
  }
}
