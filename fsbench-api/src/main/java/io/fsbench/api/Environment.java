package io.fsbench.api;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The machine a run or a comparison ran on, so that a reader can tell whether its numbers apply to
 * theirs.
 *
 * @param kernel the kernel release, as {@code uname -r} prints it
 * @param cpuModel the CPU model name from {@code /proc/cpuinfo}, or {@code unknown}
 * @param cpuCount logical CPUs
 * @param memoryBytes {@code MemTotal} from {@code /proc/meminfo}, in bytes
 * @param fsbenchVersion fsbench's version, or {@code development} when run from a source tree
 * @param toolVersions versions of the tools that made and measured the filesystems ({@code
 *     mkfs.xfs}, {@code fio}, {@code java}, ...), sorted by tool
 * @param hostname the machine's name
 * @param date when the environment was read
 */
public record Environment(
    String kernel,
    String cpuModel,
    int cpuCount,
    long memoryBytes,
    String fsbenchVersion,
    Map<String, String> toolVersions,
    String hostname,
    Instant date) {

  public Environment {
    Objects.requireNonNull(kernel, "kernel");
    Objects.requireNonNull(cpuModel, "cpuModel");
    Objects.requireNonNull(fsbenchVersion, "fsbenchVersion");
    Objects.requireNonNull(hostname, "hostname");
    Objects.requireNonNull(date, "date");
    if (cpuCount < 1) {
      throw new IllegalArgumentException("cpuCount (" + cpuCount + ") must be at least 1");
    }
    if (memoryBytes < 0) {
      throw new IllegalArgumentException("memoryBytes (" + memoryBytes + ") must not be negative");
    }
    toolVersions = Collections.unmodifiableMap(new TreeMap<>(toolVersions));
  }

  /**
   * The flat view that run reports print, sorted by key: {@code kernel}, {@code cpu_model}, {@code
   * cpu_count}, {@code memory_bytes}, {@code hostname} and each tool's version as {@code
   * tool.<name>}. fsbench's version and the date are fields of the run itself.
   */
  public Map<String, String> asMap() {
    Map<String, String> map = new TreeMap<>();
    map.put("kernel", kernel);
    map.put("cpu_model", cpuModel);
    map.put("cpu_count", Integer.toString(cpuCount));
    map.put("memory_bytes", Long.toString(memoryBytes));
    map.put("hostname", hostname);
    toolVersions.forEach((tool, version) -> map.put("tool." + tool, version));
    return Collections.unmodifiableMap(map);
  }
}
