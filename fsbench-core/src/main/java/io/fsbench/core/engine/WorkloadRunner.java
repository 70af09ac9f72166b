package io.fsbench.core.engine;

import io.fsbench.api.Workload;
import io.fsbench.api.WorkloadResult;
import io.fsbench.spi.WorkloadCapability;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * Everything core knows about one kind of {@link Workload}: how it runs, how much room it needs,
 * how its parameters print and what a comparison's runtime does to it. {@link WorkloadRunners}
 * finds the runner for a spec by the spec's class, so core never switches on kinds. A family is
 * registered once, as a ServiceLoader provider of this interface (fsbench-workloads and
 * fsbench-filebench list theirs in their module-info), and names its presets itself. Each runner
 * measures as its reference tool defines it (fio, fs_mark, PostMark, tar) unless documented
 * otherwise.
 *
 * @param <S> the spec type it runs
 */
public interface WorkloadRunner<S extends Workload> {

  Class<S> specType();

  /**
   * The workloads this family answers to by name, in the order they are listed ({@code
   * Workloads.names()}); none by default.
   */
  default List<Preset> presets() {
    return List.of();
  }

  /**
   * The parameters that give this family's preset {@code preset} a dataset of about {@code bytes},
   * for a comparison that scales a preset to its time budget.
   *
   * @throws io.fsbench.api.InvalidInputException when the preset has no dataset that scales with a
   *     size, as by default
   */
  default Map<String, String> datasetParameters(String preset, long bytes) {
    throw new io.fsbench.api.InvalidInputException(
        "workload " + preset + " has no dataset to scale; give its size in its own parameters");
  }

  /**
   * Runs the workload in {@code context.directory()} and returns what it measured. Leaves nothing
   * behind outside that directory; what it leaves inside is removed by the caller.
   */
  WorkloadResult run(S spec, WorkloadContext context);

  /**
   * Refuses, before any volume is made for it, what {@link #run} would refuse at its start: a file
   * it reads that is not there, say. Checks the spec only; makes nothing.
   */
  default void check(S spec) {}

  /**
   * What the family can do besides run: by default its results write as CSV, and nothing more. The
   * cluster, comparisons and checks ask this instead of testing the spec's class.
   */
  default Set<WorkloadCapability> capabilities() {
    return EnumSet.of(WorkloadCapability.WRITES_CSV);
  }

  /**
   * Why the workload cannot run in a directory shared with other clients, or empty when it can:
   * then it makes every name directly in its directory with {@link WorkloadContext#names()}, so
   * clients never collide. The reason says what to do instead. By default a family that declares
   * {@link WorkloadCapability#SHARES_DIRECTORY} can, whatever its spec, and any other cannot.
   */
  default Optional<String> cannotShare(S spec) {
    if (capabilities().contains(WorkloadCapability.SHARES_DIRECTORY)) {
      return Optional.empty();
    }
    return Optional.of(
        "it does not tag the names it makes with the client's, so clients would collide; give"
            + " each client a directory of its own");
  }

  /**
   * Why this workload cannot visit another client's files in its later phases ({@link
   * WorkloadContext#neighbour}, mdtest's {@code -N}), or empty when it can: by default a family
   * that declares {@link WorkloadCapability#VISITS_NEIGHBOURS} can, and any other cannot.
   */
  default Optional<String> cannotVisitNeighbours(S spec) {
    if (capabilities().contains(WorkloadCapability.VISITS_NEIGHBOURS)) {
      return Optional.empty();
    }
    return Optional.of("its phases work only on the files it made itself");
  }

  /** What the workload leaves on a volume at its peak; images are sized from it. */
  default Footprint footprint(S spec) {
    return Footprint.NONE;
  }

  /**
   * The spec's effective parameters as strings, for results and reports: by default its record
   * components as written, plus {@code workload}, the name of what ran.
   */
  default Map<String, String> parameters(S spec) {
    Map<String, String> params = new TreeMap<>();
    for (var component : spec.getClass().getRecordComponents()) {
      try {
        params.put(component.getName(), String.valueOf(component.getAccessor().invoke(spec)));
      } catch (ReflectiveOperationException e) {
        params.put(component.getName(), "?");
      }
    }
    params.put("workload", spec.name());
    return params;
  }

  /**
   * The bytes the workload reads back that a page cache could hold, so a comparison can warn when
   * memory, not the disk, is measured; empty when the workload does not read back what it wrote.
   */
  default OptionalLong workingSet(S spec) {
    return OptionalLong.empty();
  }

  /**
   * The spec with a comparison's runtime applied; the spec itself for workloads that end when their
   * work is done.
   *
   * @throws io.fsbench.api.InvalidInputException when the spec cannot honour a runtime
   */
  default S withRuntime(S spec, Duration runtime) {
    return spec;
  }

  /**
   * The spec with its threads pinned to {@code cpus} (fio's {@code cpus_allowed}), for a comparison
   * given CPUs to pin.
   *
   * @throws io.fsbench.api.InvalidInputException when the workload cannot be pinned, as by default
   */
  default S pinned(S spec, List<Integer> cpus) {
    throw new io.fsbench.api.InvalidInputException(
        "CPUs to pin ("
            + io.fsbench.api.CpuPlacement.formatList(cpus)
            + ") apply to block jobs, and workload "
            + spec.name()
            + " is not one; compare it without them");
  }
}
