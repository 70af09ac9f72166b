package io.fsbench.cluster;

import io.fsbench.api.RunResult;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A cluster run's result: each client's, and the aggregate, which is right by construction: bytes
 * and I/Os add, the runtime is the union of the clients' I/O windows (in the controller's clock),
 * the bandwidth is bytes over that runtime, and latency percentiles come from the clients'
 * histograms merged, never from averaged percentiles.
 *
 * <pre>{@code
 * ClusterResult result = cluster.run(job);
 * long bytes = result.aggregate().jobs().get(0).write().ioBytes(); // the sum of the clients'
 * Duration skew = result.startSkew();
 * }</pre>
 *
 * @param cluster the cluster's name
 * @param clients each client's result, in client order
 * @param aggregate all clients as one run: for block jobs and job files one job per job of the
 *     clients, summed as above; for other workloads one {@link WorkloadTotals} (counts added per
 *     phase over the union of the clients' windows of it, percentiles not aggregated and named)
 * @param startAtMicros the synchronized start, µs since the epoch, controller's clock
 * @param startSkew the spread of the clients' actual starts (latest minus earliest)
 * @param firstDone from the start to the end of the first client to finish
 * @param lastDone from the start to the end of the last client to finish
 * @param controllerOverhead the controller's own time outside the clients' runs: waiting for
 *     members, the clock exchange, preparing, and gathering and aggregating the results
 * @param stonewalled for a {@link ClusterJob#stonewall() stonewalled} job, what all clients did up
 *     to the first one's finish; empty otherwise
 */
public record ClusterResult(
    String cluster,
    List<ClientResult> clients,
    RunResult aggregate,
    long startAtMicros,
    Duration startSkew,
    Duration firstDone,
    Duration lastDone,
    Duration controllerOverhead,
    Optional<Stonewalled> stonewalled) {

  public ClusterResult {
    Objects.requireNonNull(cluster, "cluster");
    clients = List.copyOf(clients);
    if (clients.isEmpty()) {
      throw new IllegalArgumentException("a cluster result has at least one client");
    }
    Objects.requireNonNull(aggregate, "aggregate");
    Objects.requireNonNull(startSkew, "startSkew");
    Objects.requireNonNull(firstDone, "firstDone");
    Objects.requireNonNull(lastDone, "lastDone");
    Objects.requireNonNull(controllerOverhead, "controllerOverhead");
    Objects.requireNonNull(stonewalled, "stonewalled");
  }
}
