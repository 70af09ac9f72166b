package io.fsbench.cluster;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a cluster run runs on every client: one block job given as fio options, in a directory of
 * the shared filesystem (as every agent sees it), on {@code clients} agents at once.
 *
 * <pre>{@code
 * ClusterJob job =
 *     ClusterJob.fio(List.of("rw=randwrite", "bs=4k", "size=64m", "runtime=10s"),
 *             Path.of("/mnt/shared/x"), 3)
 *         .perClientDir();
 * }</pre>
 *
 * @param fioOptions the job, as fio options ({@code rw=randwrite}); checked by every agent
 * @param directory where on the shared filesystem; each client works in a fresh subdirectory of it
 *     that it removes afterwards
 * @param clients how many agents take part
 * @param clientDirs whether each client gets its own directory {@code client-N} under {@code
 *     directory} (made and removed by the client), rather than sharing {@code directory}
 * @param membersWithin how long to wait for {@code clients} agents to be there
 */
public record ClusterJob(
    List<String> fioOptions,
    Path directory,
    int clients,
    boolean clientDirs,
    Duration membersWithin) {

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
  }

  /** A job of fio options in {@code directory} on {@code clients} agents; 30 s for them to come. */
  public static ClusterJob fio(List<String> fioOptions, Path directory, int clients) {
    return new ClusterJob(fioOptions, directory, clients, false, Duration.ofSeconds(30));
  }

  /** This job with a directory of its own for each client. */
  public ClusterJob perClientDir() {
    return new ClusterJob(fioOptions, directory, clients, true, membersWithin);
  }

  /** This job, waiting at most {@code deadline} for its agents. */
  public ClusterJob membersWithin(Duration deadline) {
    return new ClusterJob(fioOptions, directory, clients, clientDirs, deadline);
  }
}
