package io.fsbench.cluster;

import io.fsbench.cluster.internal.ControllerNode;
import java.time.Clock;
import java.util.function.Consumer;

/**
 * The controller of cluster runs: joins a cluster of {@link Agent}s and runs one job on several of
 * them at once, at a synchronized start, and aggregates what they measured.
 *
 * <pre>{@code
 * ClusterConfig config = ClusterConfig.builder("t").bind("10.0.0.5").secret(secret)
 *     .peers(List.of("10.0.0.6:7800", "10.0.0.7:7800", "10.0.0.8:7800")).build();
 * try (Cluster cluster = Cluster.connect(config)) {
 *   ClusterResult result = cluster.run(
 *       ClusterJob.fio(List.of("rw=randwrite", "bs=4k", "size=64m", "runtime=10s"),
 *           Path.of("/mnt/shared/x"), 3));
 *   System.out.print(ClusterReports.text(result));
 * }
 * }</pre>
 *
 * <p>This is {@code FsBench.cluster(config)} of the design, in its own module so that fsbench-core
 * never depends on JGroups.
 *
 * <p>A run is valid only when every client finishes it: a client that leaves the cluster or fails
 * in any phase makes {@link #run} throw a {@link io.fsbench.api.FsBenchException} naming the client
 * and the phase, after the others were told to stop and have released everything.
 */
public final class Cluster implements AutoCloseable {

  private final ControllerNode node;

  private Cluster(ControllerNode node) {
    this.node = node;
  }

  /** Joins the cluster as its controller; progress lines are dropped. */
  public static Cluster connect(ClusterConfig config) {
    return connect(config, line -> {});
  }

  /** Joins the cluster as its controller, telling {@code progress} what happens, line by line. */
  public static Cluster connect(ClusterConfig config, Consumer<String> progress) {
    return new Cluster(ControllerNode.connect(config, Clock.systemUTC(), progress));
  }

  /** Runs {@code job} on its clients and returns their results and the aggregate. */
  public ClusterResult run(ClusterJob job) {
    return node.run(job);
  }

  /** Leaves the cluster; agents still in a run of this controller abort it. Idempotent. */
  @Override
  public void close() {
    node.close();
  }
}
