package io.fsbench.api;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One run of a workload that is not a set of block I/O jobs (fs_mark, PostMark, a tree or a large
 * file), with where it ran: the counterpart of {@link RunResult} for those workloads.
 *
 * <pre>{@code
 * WorkloadRun run = FsBench.on("xfs").run(PostMarkSpec.builder().files(5000).build());
 * double tps = run.result().headline().value();
 * }</pre>
 *
 * @param fsbenchVersion the version of fsbench that ran it, e.g. {@code 0.1.0}
 * @param timestampMs when the run ended, ms since the epoch
 * @param workload the workload's name
 * @param parameters the workload's effective parameters, sorted by name
 * @param result what it measured
 * @param environment where it ran: kernel, CPU, memory, tool versions
 * @param volume what it ran on: filesystem, device, tuning and what was applied
 */
public record WorkloadRun(
    String fsbenchVersion,
    long timestampMs,
    String workload,
    Map<String, String> parameters,
    WorkloadResult result,
    Environment environment,
    VolumeInfo volume) {

  public WorkloadRun {
    if (fsbenchVersion == null || fsbenchVersion.isBlank()) {
      throw new IllegalArgumentException("fsbenchVersion (" + fsbenchVersion + ") is blank");
    }
    if (timestampMs < 0) {
      throw new IllegalArgumentException("timestampMs (" + timestampMs + ") must not be negative");
    }
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(result, "result");
    parameters = sorted("parameters", parameters);
    Objects.requireNonNull(environment, "environment");
    Objects.requireNonNull(volume, "volume");
  }

  private static Map<String, String> sorted(String name, Map<String, String> map) {
    Objects.requireNonNull(map, name);
    map.forEach(
        (key, value) -> {
          if (key == null || key.isEmpty() || value == null) {
            throw new IllegalArgumentException(
                name + " entry " + key + "=" + value + " is incomplete");
          }
        });
    return Collections.unmodifiableMap(new TreeMap<>(map));
  }
}
