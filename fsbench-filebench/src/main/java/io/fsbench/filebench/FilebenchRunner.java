package io.fsbench.filebench;

import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Workload;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.jobfile.JobOptionParser;
import io.fsbench.spi.WorkloadCapability;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs a {@link FilebenchSpec} with {@link FilebenchRun} in the directory fsbench gives it. A bad
 * workload file is refused before any volume is made: its check plans the run without making a file
 * ({@link FilebenchCheck}), with the same code the run then goes through. Asked to finish ({@link
 * io.fsbench.Session#finish()}), the run ends as when its time is up, its result {@linkplain
 * FilebenchResult#cutShort() cut short}.
 */
public final class FilebenchRunner implements WorkloadRunner<FilebenchSpec> {

  /** What a personality's preset name starts with: {@code filebench:varmail}. */
  static final String PREFIX = FilebenchSpec.NAME + ":";

  @Override
  public Class<FilebenchSpec> specType() {
    return FilebenchSpec.class;
  }

  /** An early finish (as when its time is up); CSV. */
  @Override
  public Set<WorkloadCapability> capabilities() {
    return EnumSet.of(WorkloadCapability.WRITES_CSV, WorkloadCapability.FINISHES_EARLY);
  }

  /**
   * {@code filebench:NAME} for each of fsbench's own personalities ({@code varmail}, {@code
   * webproxy}, …; see {@code docs/filebench.md}), its workload-file variables set by the
   * parameters, e.g. {@code nthreads=4}; {@code dataset=2xram} or {@code dataset=8g} sizes its
   * dataset by the personality's scaling rule when it runs. {@code runtime=10s}, like a
   * comparison's runtime, replaces the file's {@code run 60}.
   */
  @Override
  public List<Preset> presets() {
    List<Preset> presets = new ArrayList<>();
    for (String personality : FilebenchPersonalities.names()) {
      presets.add(
          new Preset(PREFIX + personality, variables -> personality(personality, variables)));
    }
    return presets;
  }

  /** The variables of the personality's own dataset rule for about {@code bytes}. */
  @Override
  public Map<String, String> datasetParameters(String preset, long bytes) {
    if (!preset.startsWith(PREFIX)) {
      return WorkloadRunner.super.datasetParameters(preset, bytes);
    }
    return FilebenchPersonalities.scaled(preset.substring(PREFIX.length()), bytes);
  }

  private static Workload personality(String personality, Map<String, String> variables) {
    FilebenchSpec spec = FilebenchSpec.of(FilebenchPersonalities.file(personality));
    for (Map.Entry<String, String> variable : variables.entrySet()) {
      if (variable.getKey().equals("runtime")) {
        spec = spec.runtime(JobOptionParser.time("runtime", variable.getValue()));
      } else {
        spec = spec.set(variable.getKey(), variable.getValue());
      }
    }
    return spec;
  }

  /** Everything the run would refuse before it makes a file ({@link FilebenchCheck}). */
  @Override
  public void check(FilebenchSpec spec) {
    FilebenchCheck.check(spec);
  }

  @Override
  public FilebenchResult run(FilebenchSpec spec, WorkloadContext context) {
    FilebenchOptions options =
        FilebenchCheck.options(
            spec,
            FilebenchOptions.in(context.directory())
                .cancelled(context::cancelled)
                .output(context::message)
                .finishing(context::whenFinishRequested),
            variables(spec, context));
    try {
      return FilebenchRun.run(spec.file(), options);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot read " + spec.file() + ": " + e.getMessage(),
          e);
    }
  }

  /** The spec's variables, with {@code dataset=} turned into the personality's own. */
  static Map<String, String> variables(FilebenchSpec spec, WorkloadContext context) {
    String dataset = spec.variables().get(FilebenchPersonalities.DATASET);
    if (dataset == null) {
      return spec.variables();
    }
    String name = FilebenchPersonalities.nameOf(spec.file()).orElseThrow();
    long free;
    try {
      free = Files.getFileStore(context.directory()).getUsableSpace();
    } catch (IOException e) {
      free = 0;
    }
    long bytes =
        FilebenchPersonalities.target(dataset, FilebenchPersonalities.hostRamBytes(), free);
    Map<String, String> result = new LinkedHashMap<>(FilebenchPersonalities.scaled(name, bytes));
    spec.variables().forEach(result::put); // explicit variables win over the scaling
    result.remove(FilebenchPersonalities.DATASET);
    return result;
  }

  /**
   * A personality's dataset when its variables give it ({@code dataset=8g}, or the variable its
   * scaling rule sets): the volume must hold it, or {@code dataset=} would be capped at half of a
   * volume sized for the other workloads. Workload files of one's own are not sized.
   */
  @Override
  public Footprint footprint(FilebenchSpec spec) {
    return FilebenchPersonalities.nameOf(spec.file())
        .flatMap(name -> FilebenchPersonalities.footprint(name, spec.variables()))
        .orElse(Footprint.NONE);
  }

  @Override
  public FilebenchSpec withRuntime(FilebenchSpec spec, Duration runtime) {
    return spec.runtime(runtime);
  }
}
