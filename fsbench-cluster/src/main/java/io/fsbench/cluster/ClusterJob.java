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
 * What a cluster run runs on every client: one block job given as fio options, in a directory of
 * the shared filesystem (as every agent sees it), on {@code clients} agents at once.
 *
 * <pre>{@code
 * ClusterJob job =
 *     ClusterJob.fio(List.of("rw=randwrite", "bs=4k", "size=64m", "runtime=10s"),
 *             Path.of("/mnt/shared/x"), 3)
 *         .perClientDir()
 *         .stonewall();
 * }</pre>
 *
 * @param fioOptions the job, as fio options ({@code rw=randwrite}); checked by every agent
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
 */
public record ClusterJob(
    List<String> fioOptions,
    Path directory,
    int clients,
    boolean clientDirs,
    Duration membersWithin,
    boolean stonewalled,
    Map<Integer, List<String>> clientOptions) {

  public ClusterJob {
    fioOptions = List.copyOf(fioOptions);
    if (fioOptions.isEmpty()) {
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
  }

  /** A job of fio options in {@code directory} on {@code clients} agents; 30 s for them to come. */
  public static ClusterJob fio(List<String> fioOptions, Path directory, int clients) {
    return new ClusterJob(
        fioOptions, directory, clients, false, Duration.ofSeconds(30), false, Map.of());
  }

  /** This job with a directory of its own for each client. */
  public ClusterJob perClientDir() {
    return new ClusterJob(
        fioOptions, directory, clients, true, membersWithin, stonewalled, clientOptions);
  }

  /** This job, waiting at most {@code deadline} for its agents. */
  public ClusterJob membersWithin(Duration deadline) {
    return new ClusterJob(
        fioOptions, directory, clients, clientDirs, deadline, stonewalled, clientOptions);
  }

  /**
   * This job, stonewalled: the first client to finish ends the others' runs, and the result has the
   * {@link ClusterResult#stonewalled() stonewalled aggregate} beside the full one.
   */
  public ClusterJob stonewall() {
    return new ClusterJob(
        fioOptions, directory, clients, clientDirs, membersWithin, true, clientOptions);
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
    return new ClusterJob(
        fioOptions, directory, clients, clientDirs, membersWithin, stonewalled, more);
  }

  /** The fio options of client {@code index}: the job's, then those added for that client. */
  public List<String> optionsOf(int index) {
    List<String> all = new ArrayList<>(fioOptions);
    all.addAll(clientOptions.getOrDefault(index, List.of()));
    return List.copyOf(all);
  }
}
