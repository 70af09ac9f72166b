package io.fsbench.core.workload.filebench;

import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs a {@link FilebenchSpec} with {@link FilebenchRun} in the directory fsbench gives it. A bad
 * workload file is refused before any volume is made. Asked to finish ({@link
 * io.fsbench.Session#finish()}), the run ends as when its time is up, its result {@linkplain
 * FilebenchResult#cutShort() cut short}.
 */
public final class FilebenchRunner implements WorkloadRunner<FilebenchSpec> {

  @Override
  public Class<FilebenchSpec> specType() {
    return FilebenchSpec.class;
  }

  @Override
  public void check(FilebenchSpec spec) {
    if (!Files.isReadable(spec.file())) {
      throw new InvalidInputException(
          "filebench workload file (" + spec.file() + ") does not exist or cannot be read");
    }
    if (spec.variables().containsKey(FilebenchPersonalities.DATASET)
        && FilebenchPersonalities.nameOf(spec.file()).isEmpty()) {
      throw new InvalidInputException(
          "dataset= scales fsbench's own personalities (filebench:NAME), not "
              + spec.file()
              + "; set the file's own variables instead");
    }
    try {
      WmlParser.parse(spec.file().toString(), Files.readString(spec.file()));
    } catch (IOException e) {
      throw new InvalidInputException("cannot read " + spec.file() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public FilebenchResult run(FilebenchSpec spec, WorkloadContext context) {
    FilebenchOptions options =
        FilebenchOptions.in(context.directory())
            .seed(spec.seed())
            .allowSystem(spec.allowSystem())
            .cancelled(context::cancelled)
            .output(context::message)
            .finishing(context::whenFinishRequested);
    for (var variable : variables(spec, context).entrySet()) {
      options = options.set(variable.getKey(), variable.getValue());
    }
    if (spec.runtime().isPresent()) {
      options = options.runtime(spec.runtime().get());
    }
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
