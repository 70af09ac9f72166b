package io.fsbench.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One run of a workload, whatever its kind, with where it ran: block I/O jobs (what fio prints as
 * one JSON document), fs_mark, PostMark, a tree or a large file.
 *
 * <pre>{@code
 * RunResult write = FsBench.on("xfs").randWrite(kib(4)).size(mib(64)).run();
 * long p99 = write.jobs().get(0).write().clat().percentile(99.0).orElseThrow();
 *
 * RunResult postmark = FsBench.on("xfs").run(PostMarkSpec.builder().files(5000).build());
 * double tps = postmark.result().headline().value();
 * String options = postmark.volume().mountOptions();
 * }</pre>
 *
 * <p>A block run is written in fio's shape with {@code "fio version"} set to {@code
 * "fsbench-<version>"}, so tools that read fio's JSON read it and nobody mistakes it for fio's.
 *
 * @param fsbenchVersion the version of fsbench that ran it, e.g. {@code 0.1.0}
 * @param timestampMs when the run ended, ms since the epoch
 * @param workload the name of what ran: the workload's, a single job's, or a job file's
 * @param parameters what all results share, in the order given: for block jobs the options common
 *     to all of them (a job file's {@code [global]} section; each job has its own in {@link
 *     JobResult#options()}), for any other workload its effective parameters; may be empty
 * @param results what was measured, at least one: each block job (as fio reports them, a {@link
 *     JobResult} each) or the workload's one result
 * @param environment where it ran: kernel, CPU, memory, tool versions
 * @param volume what it ran on: filesystem, device, tuning and what was applied ({@code
 *     run.volume().mountOptions()})
 */
public record RunResult(
    String fsbenchVersion,
    long timestampMs,
    String workload,
    Map<String, String> parameters,
    List<WorkloadResult> results,
    Environment environment,
    VolumeInfo volume) {

  public RunResult {
    if (fsbenchVersion == null || fsbenchVersion.isBlank()) {
      throw new IllegalArgumentException("fsbenchVersion (" + fsbenchVersion + ") is blank");
    }
    if (timestampMs < 0) {
      throw new IllegalArgumentException("timestampMs (" + timestampMs + ") must not be negative");
    }
    Objects.requireNonNull(workload, "workload");
    parameters = Collections.unmodifiableMap(new LinkedHashMap<>(strings(parameters)));
    results = List.copyOf(results);
    if (results.isEmpty()) {
      throw new IllegalArgumentException("a run has at least one result");
    }
    Objects.requireNonNull(environment, "environment");
    Objects.requireNonNull(volume, "volume");
  }

  /** A run of block jobs, reported as fio reports them. */
  public static RunResult ofJobs(
      String fsbenchVersion,
      long timestampMs,
      String workload,
      Map<String, String> globalOptions,
      List<JobResult> jobs,
      Environment environment,
      VolumeInfo volume) {
    return new RunResult(
        fsbenchVersion,
        timestampMs,
        workload,
        globalOptions,
        List.copyOf(jobs),
        environment,
        volume);
  }

  /** The block jobs among the results, in the order they ran; empty for other workloads. */
  public List<JobResult> jobs() {
    return results.stream().filter(JobResult.class::isInstance).map(JobResult.class::cast).toList();
  }

  /** Whether every result is a block job's, so that the run has fio's shape. */
  public boolean isBlockRun() {
    return results.stream().allMatch(JobResult.class::isInstance);
  }

  /** The first result: the only one unless several block jobs ran. */
  public WorkloadResult result() {
    return results.get(0);
  }

  /** What goes in fio's {@code "fio version"}: {@code fsbench-<version>}. */
  public String versionString() {
    return "fsbench-" + fsbenchVersion;
  }

  private static Map<String, String> strings(Map<String, String> map) {
    Objects.requireNonNull(map, "parameters");
    map.forEach(
        (key, value) -> {
          if (key == null || key.isEmpty() || value == null) {
            throw new IllegalArgumentException(
                "parameters entry " + key + "=" + value + " is incomplete");
          }
        });
    return map;
  }
}
