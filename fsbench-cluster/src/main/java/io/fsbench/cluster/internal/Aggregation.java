package io.fsbench.cluster.internal;

import io.fsbench.api.CpuResult;
import io.fsbench.api.DirectionResult;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobErrors;
import io.fsbench.api.JobResult;
import io.fsbench.api.RateSamples;
import io.fsbench.api.RunResult;
import io.fsbench.api.SetupTimes;
import io.fsbench.api.SyncResult;
import io.fsbench.cluster.ClientResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * All clients of a cluster run as one run, right by construction: per job (matched by position,
 * since every client ran the same job or job file), bytes, I/Os, members, CPU time and errors add;
 * each job's runtime is the union of that job's windows on the clients in the controller's clock,
 * so that the bandwidth is bytes over the time during which any client did I/O; latencies are
 * merged exactly ({@link Latencies}).
 *
 * <p>What is not aggregated, and why: the sampled bandwidth and IOPS (their 500 ms windows are not
 * aligned across hosts; the aggregate shows none rather than a sum of unaligned windows) and the
 * per-priority latencies. The percentages of I/Os by depth and latency bucket are the clients'
 * weighted by their I/Os, which is exact for the latency buckets and for depths.
 */
public final class Aggregation {

  private Aggregation() {}

  /**
   * The aggregate of {@code clients}: one job per job position, named as the clients named it; for
   * workloads other than block jobs, their totals ({@link WorkloadAggregation}).
   */
  public static RunResult of(List<ClientResult> clients) {
    RunResult first = clients.get(0).run();
    if (!first.isBlockRun()) {
      return WorkloadAggregation.of(clients);
    }
    int jobs = first.jobs().size();
    for (ClientResult client : clients) {
      if (client.run().jobs().size() != jobs) {
        throw new InvalidInputException(
            "client "
                + client.address()
                + " reported "
                + client.run().jobs().size()
                + " jobs, client "
                + clients.get(0).address()
                + " "
                + jobs
                + "; a cluster run's clients run the same job");
      }
    }
    List<JobResult> merged = new ArrayList<>();
    for (int j = 0; j < jobs; j++) {
      // each job of a job file over its own windows: a writer before a stonewall does not take
      // the reader's time after it
      List<long[]> windows = new ArrayList<>();
      for (ClientResult client : clients) {
        windows.add(window(client, j));
      }
      long runtimeMs = (union(windows) + 999) / 1000; // rounded up, as fio's runtimes
      long startMs = windows.stream().mapToLong(w -> w[0]).min().orElse(0) / 1000;
      int index = j;
      merged.add(
          job(clients.stream().map(c -> c.run().jobs().get(index)).toList(), startMs, runtimeMs));
    }
    long timestamp = clients.stream().mapToLong(c -> c.run().timestampMs()).max().orElse(0);
    return RunResult.ofJobs(
        first.fsbenchVersion(),
        timestamp,
        first.workload(),
        first.parameters(),
        merged,
        first.environment(),
        first.volume());
  }

  /**
   * The length of the union of the clients' I/O windows, µs: overlapping windows count once, a gap
   * in which no client did I/O not at all.
   */
  public static long unionMicros(List<ClientResult> clients) {
    return union(clients.stream().map(c -> new long[] {c.startMicros(), c.endMicros()}).toList());
  }

  /**
   * Job {@code index}'s window on {@code client}, µs in the controller's clock: the job's own start
   * and runtime (the agent's clock, ms) moved by the same shift as the client's whole I/O window.
   */
  static long[] window(ClientResult client, int index) {
    List<JobResult> jobs = client.run().jobs();
    long firstStartMs = jobs.stream().mapToLong(JobResult::jobStartMs).min().orElse(0);
    long shift = client.startMicros() - firstStartMs * 1000;
    JobResult job = jobs.get(index);
    long start = job.jobStartMs() * 1000 + shift;
    return new long[] {start, Math.min(client.endMicros(), start + job.jobRuntimeMs() * 1000)};
  }

  /** The length of the union of windows {start, end}, µs. */
  static long union(List<long[]> windows) {
    List<long[]> byStart = windows.stream().sorted(Comparator.comparingLong(w -> w[0])).toList();
    long total = 0;
    long start = Long.MIN_VALUE;
    long end = Long.MIN_VALUE;
    for (long[] window : byStart) {
      if (window[0] > end) {
        total += end - start;
        start = window[0];
        end = window[1];
      } else {
        end = Math.max(end, window[1]);
      }
    }
    return total + (end - start);
  }

  static JobResult job(List<JobResult> jobs, long startMs, long runtimeMs) {
    JobResult first = jobs.get(0);
    long rwIos = 0;
    List<Long> weights = new ArrayList<>();
    for (JobResult job : jobs) {
      long ios = job.read().totalIos() + job.write().totalIos() + job.trim().totalIos();
      weights.add(ios);
      rwIos += ios;
    }
    return new JobResult(
        first.jobname(),
        first.groupid(),
        jobs.stream().mapToInt(JobResult::members).sum(),
        startMs,
        jobs.stream().mapToInt(JobResult::error).filter(e -> e != 0).findFirst().orElse(0),
        jobs.stream().mapToLong(JobResult::elapsedSec).max().orElse(0),
        first.options(),
        direction(jobs, JobResult::read, runtimeMs),
        direction(jobs, JobResult::write, runtimeMs),
        direction(jobs, JobResult::trim, runtimeMs),
        new SyncResult(
            sum(jobs, j -> j.sync().totalIos()),
            Latencies.merge(jobs.stream().map(j -> j.sync().lat()).toList())),
        runtimeMs,
        cpu(jobs, runtimeMs),
        first.ioDepth(),
        weighted(jobs, JobResult::iodepthLevel, weights, rwIos),
        weighted(jobs, JobResult::iodepthSubmit, weights, rwIos),
        weighted(jobs, JobResult::iodepthComplete, weights, rwIos),
        weighted(jobs, JobResult::latencyNs, weights, rwIos),
        weighted(jobs, JobResult::latencyUs, weights, rwIos),
        weighted(jobs, JobResult::latencyMs, weights, rwIos),
        mechanisms(jobs),
        setup(jobs),
        io.fsbench.api.SteadyStateResult.NONE,
        errors(jobs),
        first.latencyProfile());
  }

  private static DirectionResult direction(
      List<JobResult> jobs, Function<JobResult, DirectionResult> pick, long runtimeMs) {
    List<DirectionResult> directions = jobs.stream().map(pick).toList();
    if (directions.stream().noneMatch(DirectionResult::hasIo)) {
      return DirectionResult.NONE;
    }
    return new DirectionResult(
        directions.stream().mapToLong(DirectionResult::ioBytes).sum(),
        runtimeMs,
        directions.stream().mapToLong(DirectionResult::totalIos).sum(),
        directions.stream().mapToLong(DirectionResult::shortIos).sum(),
        directions.stream().mapToLong(DirectionResult::dropIos).sum(),
        Latencies.merge(directions.stream().map(DirectionResult::slat).toList()),
        Latencies.merge(directions.stream().map(DirectionResult::clat).toList()),
        Latencies.merge(directions.stream().map(DirectionResult::lat).toList()),
        RateSamples.NONE,
        0,
        RateSamples.NONE);
  }

  /** CPU time adds: each client's % of one CPU back to ms, summed, over the aggregate runtime. */
  private static CpuResult cpu(List<JobResult> jobs, long runtimeMs) {
    double usrMs = 0;
    double sysMs = 0;
    for (JobResult job : jobs) {
      usrMs += job.cpu().usrCpu() * job.jobRuntimeMs() / 100;
      sysMs += job.cpu().sysCpu() * job.jobRuntimeMs() / 100;
    }
    return new CpuResult(
        runtimeMs == 0 ? 0 : usrMs * 100 / runtimeMs,
        runtimeMs == 0 ? 0 : sysMs * 100 / runtimeMs,
        sum(jobs, j -> j.cpu().ctx()),
        sum(jobs, j -> j.cpu().majf()),
        sum(jobs, j -> j.cpu().minf()));
  }

  private static Map<String, Double> weighted(
      List<JobResult> jobs,
      Function<JobResult, Map<String, Double>> pick,
      List<Long> weights,
      long total) {
    Map<String, Double> merged = new LinkedHashMap<>();
    pick.apply(jobs.get(0)).keySet().forEach(key -> merged.put(key, 0.0));
    if (total == 0) {
      return merged;
    }
    for (int i = 0; i < jobs.size(); i++) {
      double weight = (double) weights.get(i) / total;
      pick.apply(jobs.get(i))
          .forEach((key, value) -> merged.merge(key, value * weight, Double::sum));
    }
    return merged;
  }

  private static String mechanisms(List<JobResult> jobs) {
    Set<String> names = new LinkedHashSet<>();
    jobs.forEach(j -> names.add(j.ioMechanism()));
    return String.join(",", names);
  }

  /** The clients prepare side by side, so the aggregate's setup is the longest of each step. */
  private static SetupTimes setup(List<JobResult> jobs) {
    return new SetupTimes(
        longest(jobs, s -> s.layout()),
        longest(jobs, s -> s.invalidate()),
        longest(jobs, s -> s.dropCaches()));
  }

  private static Duration longest(List<JobResult> jobs, Function<SetupTimes, Duration> pick) {
    return jobs.stream()
        .map(j -> pick.apply(j.setup()))
        .max(Duration::compareTo)
        .orElse(Duration.ZERO);
  }

  private static JobErrors errors(List<JobResult> jobs) {
    JobErrors errors = jobs.get(0).errors();
    for (int i = 1; i < jobs.size(); i++) {
      errors = errors.plus(jobs.get(i).errors());
    }
    return errors;
  }

  private static long sum(List<JobResult> jobs, ToLongFunction<JobResult> pick) {
    return jobs.stream().mapToLong(pick).sum();
  }
}
