package io.fsbench.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One run of block I/O jobs: what fio prints as one JSON document, plus where it ran.
 *
 * <p>fsbench writes it in fio's shape with {@code "fio version"} set to {@code
 * "fsbench-<version>"}, so tools that read fio's JSON read it and nobody mistakes it for fio's.
 *
 * @param fsbenchVersion the version of fsbench that ran the jobs, e.g. {@code 0.1.0}
 * @param timestampMs when the run ended, ms since the epoch
 * @param globalOptions options shared by all jobs (a job file's {@code [global]} section), in the
 *     order given; may be empty
 * @param jobs the jobs, in the order they ran, at least one
 * @param environment where it ran: kernel, CPU, memory, tool versions
 * @param volume what it ran on: filesystem, device, tuning and what was applied ({@code
 *     run.volume().mountOptions()})
 */
public record RunResult(
    String fsbenchVersion,
    long timestampMs,
    Map<String, String> globalOptions,
    List<JobResult> jobs,
    Environment environment,
    VolumeInfo volume) {

  public RunResult {
    if (fsbenchVersion == null || fsbenchVersion.isBlank()) {
      throw new IllegalArgumentException("fsbenchVersion (" + fsbenchVersion + ") is blank");
    }
    if (timestampMs < 0) {
      throw new IllegalArgumentException("timestampMs (" + timestampMs + ") must not be negative");
    }
    globalOptions =
        Collections.unmodifiableMap(new LinkedHashMap<>(strings("globalOptions", globalOptions)));
    jobs = List.copyOf(jobs);
    if (jobs.isEmpty()) {
      throw new IllegalArgumentException("a run has at least one job");
    }
    Objects.requireNonNull(environment, "environment");
    Objects.requireNonNull(volume, "volume");
  }

  /** What goes in fio's {@code "fio version"}: {@code fsbench-<version>}. */
  public String versionString() {
    return "fsbench-" + fsbenchVersion;
  }

  private static Map<String, String> strings(String name, Map<String, String> map) {
    Objects.requireNonNull(map, name);
    map.forEach(
        (key, value) -> {
          if (key == null || key.isEmpty() || value == null) {
            throw new IllegalArgumentException(
                name + " entry " + key + "=" + value + " is incomplete");
          }
        });
    return map;
  }
}
