package io.fsbench.cluster.internal;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Metric;
import io.fsbench.api.RunResult;
import io.fsbench.api.Unit;
import io.fsbench.cluster.ClientResult;
import io.fsbench.cluster.PhaseTotals;
import io.fsbench.cluster.WorkloadTotals;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * All clients of a cluster run of a workload other than block jobs as one result (mdtest's
 * aggregate, for the metadata families): per phase, files, directories and bytes add; the phase's
 * time is the union of the clients' windows of it in the controller's clock ({@link PhaseWindows});
 * its rates are the summed counts over that time. Every metric that is a count or a byte total
 * adds. fs_mark's own per-thread-sum rate and its app overhead (both sums over threads by
 * definition) add as well.
 *
 * <p>Not aggregated, and named in {@link WorkloadTotals#notAggregated()}: latency percentiles and
 * means (the workloads' results carry percentiles, not histograms, and averaging percentiles would
 * be wrong), and rates or times the result gives without the counts they come from.
 */
final class WorkloadAggregation {

  /** A phase a finish cut short, 1 in a client's result: the aggregate counts such clients. */
  private static final String CUT_SHORT = ".cut_short";

  private WorkloadAggregation() {}

  static RunResult of(List<ClientResult> clients) {
    List<WorkloadTotals> totals = clients.stream().map(WorkloadAggregation::totals).toList();
    // the client that ran the most phases: a stonewalled run's others stopped after a prefix
    WorkloadTotals first =
        totals.stream()
            .max(java.util.Comparator.comparingInt(t -> t.phases().size()))
            .orElseThrow();
    Map<String, PhaseTotals> phases = phases(clients, totals);
    List<Metric> metrics = new ArrayList<>();
    List<String> left = new ArrayList<>();
    for (Metric metric : withEveryCutShort(first, totals)) {
      Metric merged = merged(metric, totals, phases);
      if (merged == null) {
        left.add(metric.name());
      } else {
        metrics.add(merged);
      }
    }
    WorkloadTotals all =
        new WorkloadTotals(
            first.workload(), List.copyOf(phases.values()), metrics, first.headlineName(), left);
    RunResult run = clients.get(0).run();
    long timestamp = clients.stream().mapToLong(c -> c.run().timestampMs()).max().orElse(0);
    return new RunResult(
        run.fsbenchVersion(),
        timestamp,
        run.workload(),
        run.parameters(),
        List.of(all),
        run.environment(),
        run.volume());
  }

  /**
   * {@code first}'s metrics and, after them, every {@code PHASE.cut_short} another client has: a
   * stonewalled run's first client done was not cut short, the others were.
   */
  private static List<Metric> withEveryCutShort(WorkloadTotals first, List<WorkloadTotals> totals) {
    Map<String, Metric> metrics = new LinkedHashMap<>();
    first.metrics().forEach(m -> metrics.put(m.name(), m));
    for (WorkloadTotals client : totals) {
      for (Metric m : client.metrics()) {
        if (m.name().endsWith(CUT_SHORT)) {
          metrics.putIfAbsent(m.name(), m);
        }
      }
    }
    return List.copyOf(metrics.values());
  }

  private static WorkloadTotals totals(ClientResult client) {
    if (client.run().result() instanceof WorkloadTotals totals) {
      return totals;
    }
    throw new InvalidInputException(
        "client "
            + client.address()
            + " reported "
            + client.run().result().getClass().getSimpleName()
            + " rather than a workload's totals; a cluster run's clients run the same workload");
  }

  /**
   * Each phase's sums and the union of its windows, in the order the clients ran them. A client's
   * phases are those of the one that ran the most, or the first of them: a stonewall ends a
   * client's run after the phase it cut short, and the phases it did not reach count nothing for
   * it.
   */
  private static Map<String, PhaseTotals> phases(
      List<ClientResult> clients, List<WorkloadTotals> totals) {
    Map<String, List<PhaseTotals>> byPhase = new LinkedHashMap<>();
    int most = 0;
    for (int i = 1; i < totals.size(); i++) {
      if (totals.get(i).phases().size() > totals.get(most).phases().size()) {
        most = i;
      }
    }
    List<String> names = phaseNames(totals.get(most));
    for (int i = 0; i < totals.size(); i++) {
      List<String> own = phaseNames(totals.get(i));
      if (!names.subList(0, own.size()).equals(own)) {
        throw new InvalidInputException(
            "client "
                + clients.get(i).address()
                + " ran the phases "
                + own
                + ", client "
                + clients.get(most).address()
                + " "
                + names
                + "; a cluster run's clients run the same workload");
      }
      for (PhaseTotals phase : totals.get(i).phases()) {
        byPhase.computeIfAbsent(phase.phase(), k -> new ArrayList<>()).add(phase);
      }
    }
    Map<String, PhaseTotals> merged = new LinkedHashMap<>();
    for (String name : names) {
      merged.put(name, PhaseWindows.union(byPhase.get(name)));
    }
    return merged;
  }

  private static List<String> phaseNames(WorkloadTotals totals) {
    return totals.phases().stream().map(PhaseTotals::phase).toList();
  }

  /** The aggregate of one metric, or null when it is not aggregated. */
  private static Metric merged(
      Metric metric, List<WorkloadTotals> totals, Map<String, PhaseTotals> phases) {
    String name = metric.name();
    int dot = name.indexOf('.');
    PhaseTotals phase = dot < 0 ? null : phases.get(name.substring(0, dot));
    String rest = dot < 0 ? "" : name.substring(dot + 1);
    if (phase != null && rest.equals("seconds")) {
      return Metric.of(name, seconds(phase.time()), Unit.SECONDS);
    }
    if (phase != null && rest.equals("files_per_sec")) {
      return Metric.of(name, phase.filesPerSec(), Unit.FILES_PER_SEC);
    }
    if (phase != null && rest.equals("bytes_per_sec")) {
      return Metric.of(name, phase.bytesPerSec(), Unit.BYTES_PER_SEC);
    }
    boolean adds =
        // a ratio carried as a count (filebench's dataset.ram_ratio) does not add
        metric.unit() == Unit.COUNT && !name.contains("ratio")
            || metric.unit() == Unit.BYTES
            || rest.equals("per_thread_sum.files_per_sec")
            || rest.equals("app_overhead.seconds");
    if (!adds) {
      return null;
    }
    double sum = 0;
    for (WorkloadTotals client : totals) {
      var own = client.metric(name);
      if (own.isEmpty() && name.endsWith(CUT_SHORT)) {
        continue; // a client whose phase was not cut: the sum counts the clients cut short
      }
      if (own.isEmpty() && phase != null && !phaseNames(client).contains(phase.phase())) {
        continue; // a phase this client's stonewalled run never reached: it did none of it
      }
      if (own.isEmpty()) {
        return null; // a client without it: no sum rather than a partial one
      }
      sum += own.get().value();
    }
    return Metric.of(name, sum, metric.unit());
  }

  private static double seconds(Duration time) {
    return Math.max(time.toNanos(), 1) / 1e9;
  }
}
