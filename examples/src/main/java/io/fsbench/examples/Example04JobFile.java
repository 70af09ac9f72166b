package io.fsbench.examples;

import io.fsbench.FsBench;
import io.fsbench.Reports;
import io.fsbench.api.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Example 4: a fio job file run on fsbench's engine, and its result written as fio's JSON, which
 * fio's own tools read. The job file here writes with two jobs, then (after the stonewall) reads
 * back with two, each pair reported as one group.
 *
 * <p>Run it with a job file of your own: {@code ... Example04JobFile my-job.fio}
 */
public final class Example04JobFile {

  /** A job file as fio reads it: [global] options apply to every job below them. */
  public static final String JOB_FILE =
      String.join(
          "\n",
          "[global]",
          "size=32m",
          "bs=64k",
          "runtime=2",
          "time_based",
          "group_reporting",
          "",
          "[writers]",
          "rw=write",
          "numjobs=2",
          "",
          "[readers]",
          "stonewall",
          "rw=read",
          "numjobs=2",
          "");

  private Example04JobFile() {}

  public static RunResult run(Path jobFile) {
    return FsBench.on("xfs").fio(jobFile);
  }

  /** Runs {@link #JOB_FILE} from a temporary file, which it deletes. */
  public static RunResult run() {
    try {
      Path jobFile = Files.createTempFile("fsbench-example-", ".fio");
      try {
        Files.writeString(jobFile, JOB_FILE);
        return run(jobFile);
      } finally {
        Files.delete(jobFile);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void main(String[] args) {
    RunResult result = args.length > 0 ? run(Path.of(args[0])) : run();
    System.out.print(Reports.format(result, Reports.Format.JSON));
  }
}
