package io.fsbench.cli;

import io.fsbench.Reports;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.RunResult;
import io.fsbench.core.text.IoErrors;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where a run's result goes and in which format: stdout or a file; text, json or json+. */
final class OutputOptions {

  @Option(
      names = "--output-format",
      paramLabel = "FORMAT",
      description =
          "text (fio's summary, or the workload's own report such as bonnie++'s or IOzone's"
              + " table; default), json, json+ (fio's, with histogram bins) or csv (named"
              + " workloads: bonnie++'s CSV line, IOzone's Excel report, else one row per metric).",
      defaultValue = "text")
  String format;

  @Option(
      names = "--output",
      paramLabel = "FILE",
      description = "Write the result to FILE instead of stdout.")
  Path file;

  private boolean interimWritten;

  /** Checks the format and that the result file can be written, before anything runs. */
  void check() {
    format();
    if (file != null) {
      WritableLocation.resultFile("--output", file).check();
    }
  }

  /** Refuses csv before a block job runs: fio has no CSV, so there would be nothing to write. */
  void checkBlockJob() {
    if (format() == Reports.Format.CSV) {
      throw new InvalidInputException(
          "--output-format csv is for named workloads such as iozone; a block job is written as"
              + " fio writes it: text, json or json+");
    }
  }

  Reports.Format format() {
    return Reports.Format.parse(format);
  }

  void write(RunResult run, PrintWriter stdout) {
    write(Reports.format(run, format()), stdout);
  }

  /**
   * The run in the chosen format, with {@code text} as its text: a reference tool's own report
   * alone (filebench's lines), without the heading the generic text puts before it.
   */
  void write(RunResult run, String text, PrintWriter stdout) {
    write(format() == Reports.Format.TEXT ? text : Reports.format(run, format()), stdout);
  }

  /**
   * A status report (fio's {@code --status-interval}) before the result, where the result goes: the
   * result then follows it, as fio writes one document after another.
   */
  synchronized void writeInterim(RunResult run, PrintWriter stdout) {
    write(Reports.format(run, format()), stdout);
    interimWritten = true;
  }

  /** A document already in its format (a cluster run's), to stdout or --output. */
  synchronized void write(String text, PrintWriter stdout) {
    if (file == null) {
      stdout.print(text);
      stdout.flush();
      return;
    }
    try {
      if (interimWritten) {
        java.nio.file.Files.writeString(file, text, java.nio.file.StandardOpenOption.APPEND);
        return;
      }
      java.nio.file.Files.writeString(file, text);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot write the result to "
              + file
              + ": "
              + IoErrors.describe(e)
              + "; choose another --output",
          e);
    }
  }
}
