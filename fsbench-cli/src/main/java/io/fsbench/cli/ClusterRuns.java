package io.fsbench.cli;

import io.fsbench.api.InvalidInputException;
import io.fsbench.cluster.Cluster;
import io.fsbench.cluster.ClusterConfig;
import io.fsbench.cluster.ClusterJob;
import io.fsbench.cluster.ClusterReports;
import io.fsbench.cluster.ClusterResult;
import java.io.PrintWriter;

/**
 * A cluster run from the command line, whatever command made its job: this machine joins as the
 * controller, the agents' lines go to stderr, and the result to stdout or --output in the chosen
 * format (text, or fio's client-mode JSON).
 */
final class ClusterRuns {

  private ClusterRuns() {}

  /** Refuses what a cluster run cannot honour, before any agent is contacted. */
  static void check(TargetOptions target, StatusOptions status, OutputOptions output) {
    if (status.interval != null) {
      throw new InvalidInputException(
          "--status-interval is not available in a --cluster run; drop it");
    }
    check(target, output);
  }

  /** As above, for a command without status reports. */
  static void check(TargetOptions target, OutputOptions output) {
    output.checkBlockJob(); // text, json or json+: a cluster run has no CSV
    if (target.fileSystem != null || target.device != null || !target.tunings.isEmpty()) {
      throw new InvalidInputException(
          "a --cluster run works in a directory of the shared filesystem; give --dir PATH as the"
              + " agents see it, not --fs, --device or --tune");
    }
  }

  static int run(
      ClusterJob job,
      ClusterConfig config,
      OutputOptions output,
      PrintWriter out,
      PrintWriter err) {
    try (Cluster controller =
        Cluster.connect(
            config,
            line -> {
              synchronized (err) {
                err.println("fsbench: " + line);
                err.flush();
              }
            })) {
      ClusterResult result = controller.run(job);
      String document =
          switch (output.format()) {
            case JSON -> ClusterReports.json(result, false);
            case JSON_PLUS -> ClusterReports.json(result, true);
            default -> ClusterReports.text(result);
          };
      output.write(document, out);
      return Runs.exitCode(result.aggregate(), err);
    }
  }
}
