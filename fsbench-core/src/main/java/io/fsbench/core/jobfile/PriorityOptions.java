package io.fsbench.core.jobfile;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoPriority;
import java.util.Set;

/**
 * fio's {@code prio} and {@code prioclass} for {@link JobOptionParser}: either one sets the job
 * thread's I/O priority, the other keeping fio's default (level 0, or best-effort for class 0).
 * fio's per-I/O {@code cmdprio*} options are not among them and stay refused by name.
 */
final class PriorityOptions {

  static final Set<String> KEYS = Set.of("prio", "prioclass");

  private int ioClass = -1;
  private int level;

  static boolean handles(String key) {
    return KEYS.contains(key);
  }

  void apply(String key, String value) {
    int v = FioValues.integer(key, value);
    switch (key) {
      case "prio" -> {
        if (v < 0 || v > 7) {
          throw new InvalidInputException(
              "prio (" + value + ") must be 0 (highest) to 7 (lowest), e.g. prio=4");
        }
        level = v;
        ioClass = Math.max(ioClass, 0);
      }
      case "prioclass" -> {
        if (v < 0 || v > 3) {
          throw new InvalidInputException(
              "prioclass (" + value + ") must be 0 to 3: 1 real-time, 2 best-effort, 3 idle");
        }
        ioClass = v;
      }
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  IoPriority build() {
    return ioClass < 0 ? IoPriority.NONE : IoPriority.of(ioClass, level);
  }
}
