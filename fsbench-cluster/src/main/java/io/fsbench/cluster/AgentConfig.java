package io.fsbench.cluster;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An agent: the cluster it joins, the directories (and devices) it may run workloads under, the
 * clock it starts by, and where fsbench keeps its resource registry.
 *
 * <pre>{@code
 * AgentConfig agent = AgentConfig.of(cluster, List.of(Path.of("/mnt/shared")));
 * try (Agent running = Agent.start(agent)) {
 *   running.awaitClosed();
 * }
 * }</pre>
 *
 * @param cluster how to join
 * @param allowedDirs the directories whose subtrees jobs may use; at least one
 * @param allowedDevices block devices jobs may name as their file; usually none
 * @param clock the clock the synchronized start is timed by (tests give a skewed one)
 * @param workDir fsbench's work directory for this agent's registry; empty for the default
 */
public record AgentConfig(
    ClusterConfig cluster,
    List<Path> allowedDirs,
    List<Path> allowedDevices,
    Clock clock,
    Optional<Path> workDir) {

  public AgentConfig {
    Objects.requireNonNull(cluster, "cluster");
    allowedDirs =
        List.copyOf(allowedDirs).stream().map(p -> p.toAbsolutePath().normalize()).toList();
    allowedDevices =
        List.copyOf(allowedDevices).stream().map(p -> p.toAbsolutePath().normalize()).toList();
    if (allowedDirs.isEmpty()) {
      throw new InvalidInputException(
          "an agent needs at least one --allow-dir DIR: the directory (on the shared filesystem)"
              + " its jobs may use; it runs nothing anywhere else");
    }
    for (Path dir : allowedDirs) {
      if (!java.nio.file.Files.isDirectory(dir)) {
        throw new InvalidInputException(
            "--allow-dir " + dir + " is not a directory; mount the shared filesystem there first");
      }
    }
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(workDir, "workDir");
  }

  /** An agent allowed {@code dirs}, on the system clock and fsbench's default work directory. */
  public static AgentConfig of(ClusterConfig cluster, List<Path> dirs) {
    return new AgentConfig(cluster, dirs, List.of(), Clock.systemUTC(), Optional.empty());
  }

  /** This agent, also allowed the given block devices. */
  public AgentConfig devices(List<Path> devices) {
    return new AgentConfig(cluster, allowedDirs, devices, clock, workDir);
  }

  /** This agent on another clock; tests skew it to check the synchronized start. */
  public AgentConfig clock(Clock clock) {
    return new AgentConfig(cluster, allowedDirs, allowedDevices, clock, workDir);
  }

  /** This agent with its own fsbench work directory (its resource registry). */
  public AgentConfig workDir(Path dir) {
    return new AgentConfig(cluster, allowedDirs, allowedDevices, clock, Optional.of(dir));
  }
}
