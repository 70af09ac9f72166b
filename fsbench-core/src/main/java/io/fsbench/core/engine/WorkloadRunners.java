package io.fsbench.core.engine;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.NamedWorkload;
import io.fsbench.api.Workload;
import io.fsbench.api.WorkloadResult;
import io.fsbench.spi.WorkloadCapability;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The runner of each kind of workload, found by the class of the workload's {@link Workload#spec()
 * spec}. Every question core asks about a workload (run it, check it, size a volume for it, print
 * its parameters) goes through here, so core never switches on kinds.
 */
public final class WorkloadRunners {

  private final Map<Class<?>, WorkloadRunner<?>> runners = new LinkedHashMap<>();
  private final Map<String, Preset> presets = new LinkedHashMap<>();
  private final Map<String, WorkloadRunner<?>> presetFamilies = new LinkedHashMap<>();

  /**
   * Adds a runner for its spec type, with its presets.
   *
   * @throws IllegalArgumentException when that type already has one, or another family already
   *     names one of its presets
   */
  public WorkloadRunners register(WorkloadRunner<?> runner) {
    WorkloadRunner<?> before = runners.get(runner.specType());
    if (before != null) {
      throw new IllegalArgumentException(
          runner.specType().getSimpleName()
              + " has two runners, "
              + before.getClass().getSimpleName()
              + " and "
              + runner.getClass().getSimpleName()
              + "; register one");
    }
    List<Preset> named = runner.presets();
    for (Preset preset : named) {
      WorkloadRunner<?> owner = presetFamilies.get(preset.name());
      if (owner != null) {
        throw new IllegalArgumentException(
            "workload name '"
                + preset.name()
                + "' is given by two families, "
                + owner.getClass().getName()
                + " and "
                + runner.getClass().getName()
                + "; rename one");
      }
    }
    runners.put(runner.specType(), runner);
    for (Preset preset : named) {
      presets.put(preset.name(), preset);
      presetFamilies.put(preset.name(), runner);
    }
    return this;
  }

  /** Every family's presets by name, in the order the families were registered. */
  public Map<String, Preset> presets() {
    return Collections.unmodifiableMap(presets);
  }

  /**
   * The parameters that give preset {@code name} a dataset of about {@code bytes}, as its family
   * scales it.
   *
   * @throws InvalidInputException for a name no family gives, or a preset whose dataset does not
   *     scale
   */
  public Map<String, String> datasetParameters(String name, long bytes) {
    WorkloadRunner<?> family = presetFamilies.get(name);
    if (family == null) {
      throw new InvalidInputException(
          "no workload family gives a workload named '"
              + name
              + "'; they give "
              + presets.keySet());
    }
    return family.datasetParameters(name, bytes);
  }

  /** Whether a runner is registered for this kind of spec. */
  public boolean runs(Class<? extends Workload> specType) {
    return runners.containsKey(specType);
  }

  /** Runs the workload with the runner registered for its type. */
  public WorkloadResult run(Workload workload, WorkloadContext context) {
    Workload spec = workload.spec();
    return runnerFor(spec).run(spec, context);
  }

  /** Refuses a workload its runner would refuse, before anything is made. */
  public void check(Workload workload) {
    Workload spec = workload.spec();
    runnerFor(spec).check(spec);
  }

  /**
   * Refuses a workload that cannot run in a directory shared with other clients, before anything is
   * made.
   *
   * @throws InvalidInputException naming the workload, the tag and what to do
   */
  public void checkShared(Workload workload, RunNames names) {
    Workload spec = workload.spec();
    runnerFor(spec)
        .cannotShare(spec)
        .ifPresent(
            reason -> {
              throw new InvalidInputException(
                  "workload "
                      + workload.name()
                      + " cannot run in a directory shared with other clients (client tag "
                      + names.tag()
                      + "): "
                      + reason);
            });
  }

  /**
   * Refuses a workload that cannot visit another client's files in its later phases, before
   * anything is made.
   *
   * @throws InvalidInputException naming the workload and why
   */
  public void checkNeighbours(Workload workload) {
    Workload spec = workload.spec();
    runnerFor(spec)
        .cannotVisitNeighbours(spec)
        .ifPresent(
            reason -> {
              throw new InvalidInputException(
                  "workload "
                      + workload.name()
                      + " cannot visit another client's files (mdtest's -N): "
                      + reason
                      + "; fsmark and tree can");
            });
  }

  /** What the workload leaves on a volume at its peak. */
  public Footprint footprint(Workload workload) {
    Workload spec = workload.spec();
    return runnerFor(spec).footprint(spec);
  }

  /** The workload's effective parameters, sorted by name, for results and reports. */
  public Map<String, String> parameters(Workload workload) {
    Workload spec = workload.spec();
    return runnerFor(spec).parameters(spec);
  }

  /** The bytes the workload reads back that a page cache could hold, if it reads any back. */
  public OptionalLong workingSet(Workload workload) {
    Workload spec = workload.spec();
    return runnerFor(spec).workingSet(spec);
  }

  /** What the workload's family can do besides run. */
  public Set<WorkloadCapability> capabilities(Workload workload) {
    return Collections.unmodifiableSet(EnumSet.copyOf(runnerFor(workload.spec()).capabilities()));
  }

  /** Whether the workload's result can be written as CSV (every family but fio's block jobs). */
  public boolean writesCsv(Workload workload) {
    return capabilities(workload).contains(WorkloadCapability.WRITES_CSV);
  }

  /** Whether the workload times making volumes itself, so it runs on volumes of its own. */
  public boolean makesVolumes(Workload workload) {
    return capabilities(workload).contains(WorkloadCapability.MAKES_VOLUMES);
  }

  /**
   * The workload with a comparison's runtime applied, under the name it had; the workload itself
   * for a zero runtime, which leaves each workload its own length.
   */
  public Workload withRuntime(Workload workload, Duration runtime) {
    if (runtime.isZero()) {
      return workload;
    }
    Workload spec = workload.spec();
    Workload timed = runnerFor(spec).withRuntime(spec, runtime);
    if (timed == spec) {
      return workload;
    }
    return workload == spec ? timed : new NamedWorkload(workload.name(), timed);
  }

  /** The workload with its threads pinned to {@code cpus}, under the name it had. */
  public Workload pinned(Workload workload, List<Integer> cpus) {
    Workload spec = workload.spec();
    Workload pinned = runnerFor(spec).pinned(spec, cpus);
    return workload == spec ? pinned : new NamedWorkload(workload.name(), pinned);
  }

  @SuppressWarnings("unchecked")
  private WorkloadRunner<Workload> runnerFor(Workload spec) {
    WorkloadRunner<?> runner = runners.get(spec.getClass());
    if (runner == null) {
      throw new InvalidInputException(
          "no runner for workload '"
              + spec.name()
              + "' ("
              + spec.getClass().getSimpleName()
              + "); fsbench runs "
              + runners.keySet().stream().map(Class::getSimpleName).toList());
    }
    return (WorkloadRunner<Workload>) runner;
  }
}
