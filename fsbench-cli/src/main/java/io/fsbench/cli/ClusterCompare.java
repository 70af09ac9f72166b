package io.fsbench.cli;

import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.RepetitionPolicy;
import io.fsbench.cluster.Cluster;
import io.fsbench.cluster.ClusterComparison;
import io.fsbench.cluster.ClusterConfig;
import io.fsbench.core.jobfile.JobOptionParser;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.ParseResult;

/**
 * {@code fsbench compare --cluster}: the comparison's options turned into a {@link
 * ClusterComparison}, every option that has no meaning on a cluster refused by name before any
 * agent is contacted, and the comparison run with this machine as the controller.
 */
final class ClusterCompare {

  private ClusterCompare() {}

  /**
   * One {@code --dir}: {@code PATH}, or {@code LABEL=PATH} where LABEL has no slash.
   *
   * @param label empty when none was given
   */
  record Column(String label, Path path) {}

  static Column column(String argument) {
    int eq = argument.indexOf('=');
    if (eq >= 0 && argument.substring(0, eq).indexOf('/') < 0) {
      String label = argument.substring(0, eq).strip();
      String path = argument.substring(eq + 1).strip();
      if (label.isEmpty() || path.isEmpty()) {
        throw new InvalidInputException(
            "--dir (" + argument + ") must be PATH or LABEL=PATH, e.g. nfs=/mnt/nfs/fsbench");
      }
      return new Column(label, Path.of(path));
    }
    return new Column("", Path.of(argument));
  }

  /**
   * The comparison the command line asks for on a cluster; refuses what does not apply, naming the
   * option and what to do.
   *
   * @param parsed what picocli matched, to tell an option given from its default
   */
  static ClusterComparison comparison(
      CompareOptions options, ClusterOptions cluster, ParseResult parsed) {
    refuseLocalOptions(options, parsed);
    options.refuseCommonConflicts();
    if (options.directories.isEmpty()) {
      throw new InvalidInputException(
          "a --cluster comparison runs in directories of shared filesystems; give --dir PATH as the"
              + " agents see it (repeatable, LABEL=PATH to name a column)");
    }
    ClusterComparison.Builder builder = ClusterComparison.builder(cluster.clients());
    for (String argument : options.directories) {
      Column column = column(argument);
      builder.directory(column.label(), column.path().toAbsolutePath());
    }
    for (String name : options.workloadNames()) {
      // by the name given (randwrite, not the cell's randwrite-4k), so that a --param
      // WORKLOAD:K=V reaches it; the builder parses each, refusing a bad one before any agent is
      // asked
      builder.workload(name, CompareParams.paramsFor(options.params, name));
    }
    if (options.runtime != null) {
      builder.runtime(options.runtime());
    }
    if (options.repeat != null) {
      builder.repeat(options.repeat);
    }
    if (options.untilCi != null) {
      builder.repetitions(RepetitionPolicy.untilPrecise(options.untilCi, 3, 20));
    }
    if (options.baseline != null) {
      builder.baseline(options.baseline);
    }
    if (cluster.membersWithin != null) {
      builder.membersWithin(JobOptionParser.time("--members-within", cluster.membersWithin));
    }
    if (cluster.perClientDir) {
      builder.perClientDir();
    }
    if (cluster.sharedDir) {
      builder.sharedDirectory();
    }
    if (cluster.stonewall) {
      builder.stonewall();
    }
    if (cluster.noPhaseBarrier) {
      builder.noPhaseBarriers();
    }
    if (cluster.neighbourStride != null) {
      builder.neighbourStride(cluster.neighbourStride);
    }
    return builder.build();
  }

  /**
   * Runs {@code comparison} on the cluster. The controller's lines go to the listener's notes, so
   * that a progress bar is cleared before each and not broken by them.
   */
  static Comparison run(
      ClusterComparison comparison, ClusterConfig config, ComparisonListener listener) {
    try (Cluster controller = Cluster.connect(config, line -> listener.note("fsbench: " + line))) {
      return controller.compare(comparison, listener);
    }
  }

  /**
   * Refuses every option that makes, tunes or treats volumes on this machine: a cluster comparison
   * runs in directories the agents share, and the agents cannot drop their page cache.
   */
  private static void refuseLocalOptions(CompareOptions options, ParseResult parsed) {
    String instead = "a --cluster comparison runs in directories of shared filesystems (--dir)";
    refuse(!options.fileSystems.isEmpty(), "--fs", instead + "; label each with --dir LABEL=PATH");
    refuse(options.device != null, "--device", instead);
    refuse(options.eraseConsent, "--yes-erase-device", instead);
    refuse(options.force, "--force", instead);
    refuse(options.imageSize != null, "--image-size", instead + ", not on loop images");
    refuse(!options.tunes.isEmpty(), "--tune", instead + ", which fsbench does not mount or tune");
    refuse(options.alsoDefaults, "--also-defaults", instead + ", which are not tuned");
    refuse(parsed.hasMatchedOption("--fresh-volume"), "--fresh-volume", instead + ", not volumes");
    refuse(
        options.aged != null,
        "--aged",
        instead + ", which fsbench does not fill; age them beforehand");
    refuse(
        options.preset != null,
        "--preset",
        "a preset scales itself to this machine's volumes; give its workloads with --workloads");
    refuse(!options.presetParams.isEmpty(), "--preset-param", "it belongs to --preset");
    refuse(options.presetTunings, "--preset-tunings", "it belongs to --preset");
    refuse(
        options.cpusAllowed != null,
        "--cpus-allowed",
        "it pins this machine's threads, and the agents run on theirs");
    if (options.cache != null) {
      String cache = options.cache.toLowerCase(Locale.ROOT);
      if (!cache.equals("warm")) {
        throw new InvalidInputException(
            "--cache "
                + options.cache
                + " is not available on a --cluster comparison: the agents run workloads, never"
                + " commands, so they cannot drop their page cache or remount; every cell has a"
                + " discarded warm-up run instead (--cache warm, the default here)");
      }
    }
  }

  private static void refuse(boolean given, String option, String why) {
    if (given) {
      throw new InvalidInputException(
          option + " does not apply to a --cluster comparison: " + why + "; drop " + option);
    }
  }
}
