package io.fsbench.cluster.internal;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Environment;
import io.fsbench.api.RunResult;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.VolumeInfo;
import io.fsbench.cluster.ClientResult;
import io.fsbench.cluster.WorkloadTotals;
import io.fsbench.cluster.internal.Messages.ClientReport;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A client's report turned back into a {@link ClientResult}: its run as a single-host run reports
 * it (agents run on directories, so the volume is the directory it ran in), and its times moved
 * into the controller's clock by its measured offset.
 */
final class ClientResults {

  private ClientResults() {}

  static ClientResult of(ClientReport report, String address, long offsetMicros, long rttMicros) {
    Map<String, String> env = report.environment();
    Map<String, String> tools = new TreeMap<>();
    env.forEach(
        (key, value) -> {
          if (key.startsWith("tool.")) {
            tools.put(key.substring("tool.".length()), value);
          }
        });
    Environment environment =
        new Environment(
            env.getOrDefault("kernel", "unknown"),
            env.getOrDefault("cpu_model", "unknown"),
            Integer.parseInt(env.getOrDefault("cpu_count", "1")),
            Long.parseLong(env.getOrDefault("memory_bytes", "0")),
            report.fsbenchVersion(),
            tools,
            env.getOrDefault("hostname", report.hostname()),
            Instant.ofEpochMilli(report.environmentMs()));
    Path directory = Path.of(report.directory());
    VolumeInfo volume =
        new VolumeInfo(
            "dir",
            Target.directory(directory),
            Optional.empty(),
            directory,
            Tuning.defaults(),
            new AppliedTuning(
                report.fileSystemType(),
                report.mountOptions(),
                List.of(),
                Map.of(),
                Tuning.defaults()),
            Duration.ZERO,
            Duration.ZERO);
    // a block run's jobs, or another workload's totals: what the controller aggregates
    RunResult run =
        new RunResult(
            report.fsbenchVersion(),
            report.timestampMs(),
            report.workload(),
            report.parameters(),
            report.totals() == null
                ? List.<io.fsbench.api.WorkloadResult>copyOf(report.jobs())
                : List.<io.fsbench.api.WorkloadResult>of(inControllerClock(report, offsetMicros)),
            environment,
            volume);
    return new ClientResult(
        address,
        report.hostname(),
        run,
        report.ioStartMicros() - offsetMicros,
        report.ioEndMicros() - offsetMicros,
        report.startedMicros() - offsetMicros,
        offsetMicros,
        rttMicros);
  }

  /** The totals with their phases' windows moved from the agent's clock into the controller's. */
  private static WorkloadTotals inControllerClock(ClientReport report, long offsetMicros) {
    WorkloadTotals totals = report.totals();
    return new WorkloadTotals(
        totals.workload(),
        totals.phases().stream().map(p -> PhaseWindows.shifted(p, -offsetMicros)).toList(),
        totals.metrics(),
        totals.headlineName(),
        totals.notAggregated());
  }
}
