package io.fsbench.cli;

import io.fsbench.ComparisonBuilder;
import io.fsbench.ComparisonPresets;
import io.fsbench.FsBench;
import io.fsbench.Reports;
import io.fsbench.api.Comparison;
import io.fsbench.api.CpuPlacement;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Workload;
import io.fsbench.core.text.IoErrors;
import io.fsbench.core.volume.OpenVolumes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * {@code fsbench compare}: the main job. With no arguments it reproduces the classic comparison on
 * every available filesystem, prints the table and writes the report.
 *
 * <p>Its options, their checks and what they mean are {@link CompareOptions}'s; this class builds
 * the comparison from them, runs it and writes the report. The comparison itself is the library's.
 */
@Command(
    name = "compare",
    description =
        "Compare filesystems on workloads with repetitions and statistics; print the table and"
            + " write an HTML/JSON/CSV/Markdown report.")
final class CompareCommand implements Callable<Integer> {

  private static final String DEFAULT_BASELINE = "ext4";

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin CompareOptions options;

  @Mixin ClusterOptions cluster;

  private final Supplier<FsBench> fsbench;

  CompareCommand(Supplier<FsBench> fsbench) {
    this.fsbench = fsbench;
  }

  @Override
  public Integer call() {
    cluster.checkCompanions();
    if (cluster.given()) {
      return compareOnCluster();
    }
    var err = spec.commandLine().getErr();
    // Everything is checked before anything is made, the report directory included.
    options.refuseConflicts();
    Duration time = options.runtime == null ? null : options.runtime();
    WritableLocation.reportDirectory("--out", options.out).check();
    List<Workload> chosen = options.workloads();
    Map<String, Tuning> tunings = options.tunings();
    FsBench fsbench = this.fsbench.get();
    boolean root = isRoot();
    ComparisonBuilder compare = fsbench.compare().fileSystems(options.fileSystems);
    Target target = options.target(root, err);
    if (target != null) {
      compare.target(target);
    }
    compare.cache(options.cacheState(root, err));
    compare.volumes(options.volumePolicy());
    if (time != null) {
      compare.runtime(time);
    }
    if (options.repeat != null) {
      compare.repeat(options.repeat);
    }
    if (options.untilCi != null) {
      compare.repeatUntilPrecise(options.untilCi, 3, 20);
    }
    if (options.baseline != null) {
      compare.baseline(options.baseline);
    } else if (options.fileSystems.isEmpty()
        && (target == null || target.formats())
        && isAvailable(fsbench, DEFAULT_BASELINE)) {
      // The library takes the first filesystem it compares; the command documents ext4 as the
      // head of its default list, whatever order the plugins were found in.
      compare.baseline(DEFAULT_BASELINE);
    }
    tunings.forEach(
        (fs, tuning) -> {
          compare.tune(fs, tuning);
          if (options.alsoDefaults) {
            compare.tune(fs, Tuning.defaults());
          }
        });
    if (options.preset != null) {
      compare.preset(options.preset, options.presetParams());
      if (options.presetTunings) {
        ComparisonPresets.tunings(options.preset)
            .forEach(
                (fs, list) -> {
                  if (options.fileSystems.isEmpty() || options.fileSystems.contains(fs)) {
                    compare.tune(fs, Tuning.defaults());
                    list.forEach(t -> compare.tune(fs, t));
                  }
                });
      }
    } else {
      compare.workloads(chosen);
    }
    if (options.cpusAllowed != null) {
      compare.cpusAllowed(CpuPlacement.parseList(options.cpusAllowed));
    }
    if (options.aged != null) {
      compare.aged(options.aged);
    }
    if (!options.noProgress) {
      compare.listener(new ProgressBar(err, options.repeat != null ? options.repeat : 3));
    }
    // Ctrl-C stops the measuring; the exit hook waits for this handle, so that the runs made
    // until then are still printed and written rather than lost with the JVM.
    try (OpenVolumes.Work reporting = OpenVolumes.beginWork(new AtomicBoolean())) {
      Comparison comparison = compare.run();
      report(comparison, err);
      return comparison.cells().stream().anyMatch(c -> c.failed()) ? 1 : 0;
    }
  }

  /**
   * Every workload a cluster run on the agents, in each --dir; everything checked before any agent
   * is contacted.
   */
  private int compareOnCluster() {
    var err = spec.commandLine().getErr();
    io.fsbench.cluster.ClusterComparison comparison =
        ClusterCompare.comparison(options, cluster, spec.commandLine().getParseResult());
    WritableLocation.reportDirectory("--out", options.out).check();
    io.fsbench.cluster.ClusterConfig config = cluster.config();
    io.fsbench.api.ComparisonListener listener =
        options.noProgress
            ? new io.fsbench.api.ComparisonListener() {
              @Override
              public void note(String message) {
                synchronized (err) {
                  err.println(message);
                  err.flush();
                }
              }
            }
            : new ProgressBar(err, options.repeat != null ? options.repeat : 3);
    Comparison result = ClusterCompare.run(comparison, config, listener);
    report(result, err);
    return result.cells().stream().anyMatch(c -> c.failed()) ? 1 : 0;
  }

  private void report(Comparison comparison, java.io.PrintWriter err) {
    var stdout = spec.commandLine().getOut();
    stdout.print(Reports.format(comparison, Reports.ComparisonFormat.TEXT));
    stdout.flush();
    List<Path> written;
    try {
      Files.createDirectories(options.out);
      written = Reports.writeAll(comparison, options.out);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.ENVIRONMENT,
          "could not write the report to "
              + options.out
              + ": "
              + IoErrors.describe(e)
              + "; the table above has the results",
          e);
    }
    err.println("report: " + String.join(", ", written.stream().map(Path::toString).toList()));
    err.flush();
  }

  private static boolean isAvailable(FsBench fsbench, String fileSystem) {
    return fsbench.plugins().stream()
        .anyMatch(p -> p.id().equals(fileSystem) && p.availability().isAvailable());
  }

  static boolean isRoot() {
    try {
      return Files.readAllLines(Path.of("/proc/self/status")).stream()
          .filter(l -> l.startsWith("Uid:"))
          .anyMatch(l -> l.split("\\s+")[2].equals("0"));
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.ENVIRONMENT, "cannot read /proc/self/status", e);
    }
  }
}
