package io.fsbench.cluster;

import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
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

  /**
   * Runs a comparison whose every run is a cluster run on this cluster: its cells repeated in
   * rounds, each repetition's "All clients" headline fed to the comparison's statistics, as {@code
   * fsbench compare --cluster} does. Before the first cell, each directory gets one small check run
   * (every agent there, the directory allowed on each), so that a directory an agent refuses is
   * refused before anything is measured.
   *
   * <pre>{@code
   * Comparison comparison = cluster.compare(ClusterComparison.builder(3)
   *     .directory(Path.of("/mnt/shared/x")).workload("randwrite", Map.of()).repeat(5).build());
   * System.out.print(Reports.format(comparison, Reports.ComparisonFormat.TEXT));
   * }</pre>
   *
   * @throws io.fsbench.api.FsBenchException when a run fails (an agent gone or refusing): the
   *     comparison stops, naming the cell, the run and the agent's failure, and reports nothing
   */
  public Comparison compare(ClusterComparison comparison) {
    return compare(comparison, new ComparisonListener() {});
  }

  /** As {@link #compare(ClusterComparison)}, telling {@code listener} how it goes. */
  public Comparison compare(ClusterComparison comparison, ComparisonListener listener) {
    comparison.checkJobs(); // a comparison made without its builder is checked too
    return new ClusterComparisonRunner(node::run, Clock.systemUTC(), listener).run(comparison);
  }

  /** Leaves the cluster; agents still in a run of this controller abort it. Idempotent. */
  @Override
  public void close() {
    node.close();
  }
}
