package io.fsbench.core.jobfile;

import io.fsbench.api.InvalidInputException;

/**
 * fio's job-control options ({@code exitall}, {@code exit_what}, {@code exitall_on_error}, {@code
 * wait_for}) for {@link JobOptionParser}, which hands it the keys whose row in {@link
 * FioOptionTable} names it; {@link JobFile} checks the names {@code wait_for} gives and spreads
 * {@code exitall} over the file.
 */
final class ExitOptions {

  private boolean exitAll;
  private JobControl.ExitWhat exitWhat = JobControl.ExitWhat.GROUP;
  private String waitFor = "";

  void apply(String key, String value) {
    switch (key) {
      case "exitall" -> exitAll = exitAll(value);
      case "exit_what" -> exitWhat = JobControl.ExitWhat.parse(value);
      // a job that fails fails the whole run in fsbench, which stops every job: what
      // exitall_on_error asks, and more, whatever its value
      case "exitall_on_error" -> FioValues.bool(key, value == null ? "1" : value);
      case "wait_for" -> waitFor = waitFor(value);
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  /**
   * fio 3.33 turns exitall on whenever the option appears ({@code str_exitall_cb} ignores the
   * value), so {@code exitall=0} would mean the opposite of what it says: refused.
   */
  private static boolean exitAll(String value) {
    if (value != null && !FioValues.bool("exitall", value)) {
      throw new InvalidInputException(
          "exitall ("
              + value
              + ") turns exitall on in fio 3.33 whatever its value; remove the option to leave"
              + " it off, or give exitall or exitall=1");
    }
    return true;
  }

  private static String waitFor(String value) {
    if (value == null || value.isBlank()) {
      throw new InvalidInputException("wait_for needs the name of an earlier job: wait_for=NAME");
    }
    return value.strip();
  }

  JobControl build() {
    return new JobControl(exitAll, exitWhat, waitFor);
  }
}
