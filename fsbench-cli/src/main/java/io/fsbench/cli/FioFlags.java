package io.fsbench.cli;

import io.fsbench.api.InvalidInputException;
import io.fsbench.core.jobfile.FioOptionTable;
import io.fsbench.core.jobfile.JobOptionParser;
import io.fsbench.core.jobfile.OptionGroup;
import io.fsbench.core.jobfile.OptionRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns fio-like command-line flags into fio options for the job-file parser, so that {@code
 * fsbench run} means and refuses exactly what a job file does: {@code --rw=randread}, {@code --bs
 * 4k}, {@code --time-based} and {@code --time_based} become {@code rw=randread}, {@code bs=4k} and
 * {@code time_based}.
 */
final class FioFlags {

  private static final Set<String> BOOLEANS =
      Set.of("0", "1", "true", "false", "yes", "no", "on", "off");

  private FioFlags() {}

  /**
   * The fio options the flags give, in order.
   *
   * @throws InvalidInputException naming a flag fsbench's engine does not implement, a flag without
   *     its value, or a stray argument
   */
  static List<String> translate(List<String> args) {
    List<String> options = new ArrayList<>();
    int names = 0;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (!arg.startsWith("--") || arg.length() == 2) {
        throw new InvalidInputException(
            "unexpected argument '"
                + arg
                + "'; give fio options as --key=value or --key value, e.g. --bs=4k");
      }
      int eq = arg.indexOf('=');
      String flag = eq < 0 ? arg : arg.substring(0, eq);
      String key = key(flag);
      if (!JobOptionParser.supported().contains(key)) {
        throw new InvalidInputException(
            flag
                + " is not an option fsbench's engine implements; remove it, or see 'fsbench run"
                + " --help' for the fio options it takes");
      }
      if (key.equals("name") && ++names > 1) {
        throw new InvalidInputException(
            "fsbench run runs one job, but --name is given twice; put several jobs in a job file"
                + " and run it with 'fsbench fio FILE'");
      }
      String value;
      if (eq >= 0) {
        value = arg.substring(eq + 1);
      } else if (takesNext(key, args, i)) {
        value = args.get(++i);
      } else if (JobOptionParser.isFlag(key)) {
        value = null;
      } else {
        throw new InvalidInputException(
            flag + " needs a value, e.g. " + flag + "=" + example(key) + " or " + flag + " VALUE");
      }
      options.add(value == null ? key : key + "=" + value);
    }
    return options;
  }

  /** fio's option name for a flag: dashes and underscores are the same, case does not matter. */
  static String key(String flag) {
    return flag.substring(2).strip().toLowerCase(Locale.ROOT).replace('-', '_');
  }

  /** A flag's value may follow it; a bare flag takes only a boolean from the next argument. */
  private static boolean takesNext(String key, List<String> args, int i) {
    if (i + 1 >= args.size() || args.get(i + 1).startsWith("--")) {
      return false;
    }
    String next = args.get(i + 1).toLowerCase(Locale.ROOT);
    return !JobOptionParser.isFlag(key) || BOOLEANS.contains(next);
  }

  private static String example(String key) {
    return switch (key) {
      case "rw", "readwrite" -> "randread";
      case "runtime", "ramp_time" -> "2s";
      case "bs", "blocksize" -> "4k";
      case "size", "filesize", "io_size" -> "256m";
      case "numjobs", "iodepth", "nrfiles", "fsync", "fdatasync", "rwmixread" -> "4";
      default -> "...";
    };
  }

  /** Where an option's help starts on its line, and how wide the help may run. */
  private static final int HELP_COLUMN = 30;

  private static final int WIDTH = 79;

  /**
   * The help text's list of the fio options the engine implements, by group, each with its names
   * (as flags or as written) and its help, from the same table that parses them.
   */
  static String help(boolean asFlags) {
    StringBuilder out = new StringBuilder();
    for (OptionGroup group : OptionGroup.values()) {
      out.append("%n").append(group.title()).append(":%n");
      for (OptionRow row : FioOptionTable.rows()) {
        if (row.group() == group) {
          String names =
              row.names().stream()
                  .map(n -> asFlags ? "--" + n.replace('_', '-') : n)
                  .collect(Collectors.joining(", "));
          out.append(line(names, row.help().replace("%", "%%")));
        }
      }
    }
    return out.append("%nThe same list with examples: docs/fio-options.md%n").toString();
  }

  /** {@code names} and then {@code help} from {@link #HELP_COLUMN}, wrapped at word breaks. */
  private static String line(String names, String help) {
    StringBuilder out = new StringBuilder("  ").append(names);
    int column = out.length();
    if (column >= HELP_COLUMN - 1) {
      out.append("%n");
      column = 0;
    }
    for (String word : help.split(" ")) {
      if (column > HELP_COLUMN && column + 1 + word.length() > WIDTH) {
        out.append("%n");
        column = 0;
      }
      if (column < HELP_COLUMN) {
        out.append(" ".repeat(HELP_COLUMN - column));
        column = HELP_COLUMN;
      } else {
        out.append(' ');
        column++;
      }
      out.append(word);
      column += word.length();
    }
    return out.append("%n").toString();
  }
}
