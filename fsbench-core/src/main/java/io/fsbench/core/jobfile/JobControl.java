package io.fsbench.core.jobfile;

import io.fsbench.api.InvalidInputException;
import java.util.Locale;
import java.util.Objects;

/**
 * When a job starts and what its end stops, as fio 3.33's {@code wait_for}, {@code exitall}, {@code
 * exit_what} and {@code exitall_on_error} say.
 *
 * @param exitAll when this job ends, stop the jobs {@code exitWhat} names (fio's {@code exitall},
 *     which fio applies to every job of the file once any job gives it)
 * @param exitWhat which jobs the end of this one stops
 * @param waitFor the name of an earlier job whose clones must all have ended before this job
 *     starts; empty for none
 */
public record JobControl(boolean exitAll, ExitWhat exitWhat, String waitFor) {

  /** fio's defaults: nothing is stopped, no job is waited for. */
  public static final JobControl NONE = new JobControl(false, ExitWhat.GROUP, "");

  /** fio's {@code exit_what}: what a job's end stops under {@code exitall}. */
  public enum ExitWhat {
    /** The jobs of the ending job's reporting group, started or not (fio's default). */
    GROUP,
    /** Every job running at that moment, of any group; the next stonewalled jobs then start. */
    STONEWALL,
    /** Every job, running or still to start. */
    ALL;

    /** Parses fio's values; anything else is refused naming the value. */
    public static ExitWhat parse(String text) {
      return switch (text.strip().toLowerCase(Locale.ROOT)) {
        case "group" -> GROUP;
        case "stonewall" -> STONEWALL;
        case "all" -> ALL;
        default ->
            throw new InvalidInputException(
                "exit_what (" + text + ") must be 'group', 'stonewall' or 'all'");
      };
    }
  }

  public JobControl {
    Objects.requireNonNull(exitWhat, "exitWhat");
    Objects.requireNonNull(waitFor, "waitFor");
  }

  /** The same, with {@code exitall} as given. */
  public JobControl exitAll(boolean on) {
    return new JobControl(on, exitWhat, waitFor);
  }
}
