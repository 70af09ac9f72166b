package io.fsbench.filebench;

import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A filebench workload checked without making a file: everything its run would refuse before it
 * creates its filesets, found by the same code the run goes through ({@link FilebenchRun}'s walk of
 * the commands up to {@code run}, its fileset definitions and trees, its thread plan with every
 * flowop defined and linked), only dry: nothing is made, nothing sleeps, no shell runs. So a
 * fileset without {@code dirwidth}, a flowop naming an unknown fileset or target, a bad {@code set
 * mode} or a file without {@code run} is refused here, naming the file and line, as the run would
 * refuse it later.
 *
 * <pre>{@code
 * FilebenchCheck.check(FilebenchSpec.of(Path.of("my.f")));          // before any volume is made
 * FilebenchCheck.check(FilebenchSpec.of(Path.of("my.f")), text);    // a file's text sent elsewhere
 * }</pre>
 */
public final class FilebenchCheck {

  private FilebenchCheck() {}

  /**
   * Checks {@code spec}'s file with its variables, runtime, seed and {@code allowSystem}.
   *
   * @throws InvalidInputException naming the file, the line and what to do
   */
  public static void check(FilebenchSpec spec) {
    planned(spec);
  }

  /**
   * Checks {@code text} as the content of {@code spec}'s file (which need not exist here: a
   * cluster's controller checks the text it sends), with the spec's variables, runtime and seed.
   *
   * @throws InvalidInputException naming the file, the line and what to do
   */
  public static void check(FilebenchSpec spec, String text) {
    planned(spec, text);
  }

  /** The file read and checked; its run planned, its filesets' trees drawn. */
  static FilebenchRun planned(FilebenchSpec spec) {
    if (!Files.isReadable(spec.file())) {
      throw new InvalidInputException(
          "filebench workload file (" + spec.file() + ") does not exist or cannot be read");
    }
    try {
      return planned(spec, Files.readString(spec.file()));
    } catch (IOException e) {
      throw new InvalidInputException("cannot read " + spec.file() + ": " + e.getMessage(), e);
    }
  }

  static FilebenchRun planned(FilebenchSpec spec, String text) {
    if (spec.variables().containsKey(FilebenchPersonalities.DATASET)
        && FilebenchPersonalities.nameOf(spec.file()).isEmpty()) {
      throw new InvalidInputException(
          "dataset= scales fsbench's own personalities (filebench:NAME), not "
              + spec.file()
              + "; set the file's own variables instead");
    }
    WmlScript script = WmlParser.parse(spec.file().toString(), text);
    Path nowhere = spec.file().toAbsolutePath().getParent(); // a plan makes no files
    FilebenchRun run =
        FilebenchRun.prepare(script, options(spec, FilebenchOptions.in(nowhere), variables(spec)));
    run.plan();
    return run;
  }

  /**
   * {@code base} with the spec's seed, {@code allowSystem}, runtime and {@code variables}: what the
   * run and the check both run with.
   */
  static FilebenchOptions options(
      FilebenchSpec spec, FilebenchOptions base, Map<String, String> variables) {
    FilebenchOptions options = base.seed(spec.seed()).allowSystem(spec.allowSystem());
    for (var variable : variables.entrySet()) {
      options = options.set(variable.getKey(), variable.getValue());
    }
    if (spec.runtime().isPresent()) {
      // a file without `run` (webproxy.f) is planned with the runtime given, as it will run
      options = options.runtime(spec.runtime().get());
    }
    return options;
  }

  /**
   * The spec's variables with {@code dataset=} resolved against RAM, uncapped: the run caps it at
   * its volume's free space, which changes sizes, not what is refused.
   */
  private static Map<String, String> variables(FilebenchSpec spec) {
    String dataset = spec.variables().get(FilebenchPersonalities.DATASET);
    if (dataset == null) {
      return spec.variables();
    }
    String name = FilebenchPersonalities.nameOf(spec.file()).orElseThrow();
    long bytes = FilebenchPersonalities.target(dataset, FilebenchPersonalities.hostRamBytes(), 0);
    Map<String, String> result = new LinkedHashMap<>(FilebenchPersonalities.scaled(name, bytes));
    spec.variables().forEach(result::put); // explicit variables win over the scaling
    result.remove(FilebenchPersonalities.DATASET);
    return result;
  }
}
