package io.fsbench.core.jobfile;

import io.fsbench.api.CommandPriorities;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoPriority;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * fio's I/O priorities for {@link JobOptionParser}: {@code prio} and {@code prioclass} set the job
 * thread's priority, the other keeping fio's default (level 0, or best-effort for class 0); the
 * per-I/O {@code cmdprio_percentage}, {@code cmdprio_class}, {@code cmdprio} and {@code
 * cmdprio_bssplit} of fio's libaio and io_uring engines (engines/cmdprio.c) give some I/Os a
 * priority of their own. Each cmdprio option takes a value per direction ({@code read,write}; one
 * value for both), and the class and level of a share that names none are read when the job is
 * built, as fio reads them after the whole job.
 */
final class PriorityOptions {

  private int ioClass = -1;
  private int level;
  private final int[] percentage = new int[2];
  private final int[] commandClass = new int[2];
  private final int[] commandLevel = new int[2];
  private String bssplit = "";

  void apply(String key, String value) {
    switch (key) {
      case "prio" -> {
        int v = FioValues.integer(key, value);
        if (v < 0 || v > 7) {
          throw new InvalidInputException(
              "prio (" + value + ") must be 0 (highest) to 7 (lowest), e.g. prio=4");
        }
        level = v;
        ioClass = Math.max(ioClass, 0);
      }
      case "prioclass" -> {
        int v = FioValues.integer(key, value);
        if (v < 0 || v > 3) {
          throw new InvalidInputException(
              "prioclass (" + value + ") must be 0 to 3: 1 real-time, 2 best-effort, 3 idle");
        }
        ioClass = v;
      }
      case "cmdprio_percentage" ->
          perDirection(key, value, 0, 100, "a percentage from 0 to 100, e.g. 20", percentage);
      case "cmdprio_class" ->
          perDirection(
              key, value, 1, 3, "1 real-time, 2 best-effort or 3 idle, e.g. 1", commandClass);
      case "cmdprio" ->
          perDirection(key, value, 0, 7, "a level from 0 (highest) to 7, e.g. 0", commandLevel);
      case "cmdprio_bssplit" -> bssplit = value.strip();
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  IoPriority build() {
    return ioClass < 0 ? IoPriority.NONE : IoPriority.of(ioClass, level);
  }

  /**
   * The per-I/O priorities, as fio's {@code fio_cmdprio_init}: {@code cmdprio_percentage} and
   * {@code cmdprio_bssplit} exclude each other; a class not given is real-time.
   */
  CommandPriorities commandPriorities(String job, int kbBase) {
    boolean byPercentage = percentage[0] > 0 || percentage[1] > 0;
    if (byPercentage && !bssplit.isEmpty()) {
      throw new InvalidInputException(
          "job '"
              + job
              + "': cmdprio_percentage and cmdprio_bssplit options are mutually exclusive (as in"
              + " fio); give one of them");
    }
    List<List<CommandPriorities.Share>> shares = List.of(new ArrayList<>(), new ArrayList<>());
    if (byPercentage) {
      for (int d = 0; d < 2; d++) {
        if (percentage[d] > 0) {
          shares.get(d).add(new CommandPriorities.Share(0, percentage[d], implicit(d)));
        }
      }
    } else if (!bssplit.isEmpty()) {
      String[] parts = FioValues.perDirection("cmdprio_bssplit", bssplit);
      for (int d = 0; d < 2; d++) {
        if (parts[d] != null) {
          shares.get(d).addAll(splits(parts[d], implicit(d), kbBase));
        }
      }
    }
    return new CommandPriorities(shares.get(0), shares.get(1));
  }

  private IoPriority implicit(int direction) {
    int cls = commandClass[direction] == 0 ? IoPriority.REAL_TIME : commandClass[direction];
    return IoPriority.of(cls, commandLevel[direction]);
  }

  /**
   * One direction of {@code cmdprio_bssplit}: {@code bs/perc} or {@code bs/perc/class/level}
   * entries separated by ':', as fio's {@code parse_cmdprio_bssplit_entry}: a percentage above 100
   * counts as 100, a class above 3 as 3, a level above 7 as 7; entries of 0 % are dropped; the rest
   * are ordered by block size, keeping their order within one size.
   */
  private static List<CommandPriorities.Share> splits(
      String value, IoPriority implicit, int kbBase) {
    List<CommandPriorities.Share> out = new ArrayList<>();
    for (String entry : value.split(":")) {
      if (entry.isBlank()) {
        break; // fio stops at an empty entry
      }
      String[] f = entry.strip().split("/", -1);
      if (f.length == 3 || f.length > 4 || f[0].isBlank()) {
        throw new InvalidInputException(
            "cmdprio_bssplit ("
                + value
                + ") holds '"
                + entry
                + "'; give entries bs/percentage or bs/percentage/class/level, e.g. 64k/25/1/1");
      }
      long bs = FioValues.size("cmdprio_bssplit", f[0], kbBase).bytes();
      int perc = f.length > 1 && !f[1].isBlank() ? number(value, f[1]) : 0;
      if (perc == 0) {
        continue;
      }
      IoPriority priority = implicit;
      if (f.length == 4) {
        priority =
            IoPriority.of(Math.min(number(value, f[2]), 3), Math.min(number(value, f[3]), 7));
      }
      out.add(new CommandPriorities.Share(bs, Math.min(perc, 100), priority));
    }
    out.sort(Comparator.comparingLong(CommandPriorities.Share::blockSize));
    return out;
  }

  private static int number(String value, String field) {
    try {
      int n = Integer.parseInt(field.strip());
      if (n < 0) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "cmdprio_bssplit ("
              + value
              + ") holds '"
              + field
              + "', which is no whole number; give entries bs/percentage[/class/level]");
    }
  }

  private static void perDirection(
      String key, String value, int min, int max, String what, int[] out) {
    String[] parts = FioValues.perDirection(key, value);
    for (int d = 0; d < 2; d++) {
      if (parts[d] == null) {
        continue;
      }
      int v = FioValues.integer(key, parts[d]);
      if (v < min || v > max) {
        throw new InvalidInputException(key + " (" + value + ") must be " + what);
      }
      out[d] = v;
    }
  }
}
