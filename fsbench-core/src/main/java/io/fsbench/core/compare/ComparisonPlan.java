package io.fsbench.core.compare;

import io.fsbench.api.AgingSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Tuning;
import io.fsbench.api.Workload;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What to compare: filesystems (empty for every available one), the tunings of each (defaults when
 * none is given), and the workloads.
 *
 * @param fileSystems plugin ids in the order to run them; empty means every plugin
 * @param tunings per filesystem id, the tunings to run it with
 * @param workloads what to run on each
 * @param aging when present, each workload runs also on a volume aged so, in a cell of its own
 *     named {@link #agedName}
 */
public record ComparisonPlan(
    List<String> fileSystems,
    Map<String, List<Tuning>> tunings,
    List<Workload> workloads,
    Optional<AgingSpec> aging) {

  /** A plan of fresh volumes only. */
  public ComparisonPlan(
      List<String> fileSystems, Map<String, List<Tuning>> tunings, List<Workload> workloads) {
    this(fileSystems, tunings, workloads, Optional.empty());
  }

  /** The name of a workload's cell on aged volumes: {@code seqread-128k-aged}. */
  public static String agedName(String workload) {
    return workload + "-aged";
  }

  public ComparisonPlan {
    java.util.Objects.requireNonNull(aging, "aging");
    fileSystems = List.copyOf(fileSystems);
    Map<String, List<Tuning>> copy = new LinkedHashMap<>();
    tunings.forEach((fs, list) -> copy.put(fs, List.copyOf(list)));
    tunings = java.util.Collections.unmodifiableMap(copy);
    workloads = List.copyOf(workloads);
    if (workloads.isEmpty()) {
      throw new InvalidInputException("a comparison needs at least one workload");
    }
    Set<String> names = new HashSet<>();
    for (Workload w : workloads) {
      if (!names.add(w.name())) {
        throw new InvalidInputException(
            "workload name '" + w.name() + "' appears twice; give each workload its own name");
      }
    }
    if (new HashSet<>(fileSystems).size() != fileSystems.size()) {
      throw new InvalidInputException("a filesystem is listed twice in " + fileSystems);
    }
  }

  /** The tunings to run a filesystem with: those given, else its defaults. */
  public List<Tuning> tuningsOf(String fileSystem) {
    List<Tuning> given = tunings.get(fileSystem);
    return given == null || given.isEmpty() ? List.of(Tuning.defaults()) : given;
  }
}
