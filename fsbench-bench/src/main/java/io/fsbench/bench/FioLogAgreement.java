package io.fsbench.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The per-I/O logs each side of a case wrote, compared for {@link FioDiff}: the same files and,
 * where the case's I/O counts are exact, as many lines in each.
 */
final class FioLogAgreement {

  private FioLogAgreement() {}

  /**
   * The log files each side wrote, by name, and their lines: the same files, and, where the case's
   * I/O counts are compared exactly, as many lines in each (the generator asks only for per-I/O
   * logs, whose lines are the I/Os).
   */
  static List<String> compareLogs(
      FioCase c, java.util.Map<String, Long> fio, java.util.Map<String, Long> own) {
    List<String> out = new ArrayList<>();
    if (!fio.keySet().equals(own.keySet())) {
      out.add("log files: fio " + fio.keySet() + ", fsbench " + own.keySet());
      return out;
    }
    // lines are I/Os: compared only where the I/O counts are (fixed directions and sizes, and
    // no verify after random writes that may hit a block twice: how many distinct blocks they
    // hit, each read back once, is the random stream's; seed 2033 case 139)
    boolean exactCounts =
        c.sections().stream()
            .noneMatch(
                s ->
                    s.mixed()
                        || s.variableBlockSize()
                        || FioTolerances.randomSizes(s)
                        || Verifies.overwrites(s));
    if (!exactCounts) {
      return out;
    }
    fio.forEach(
        (name, lines) -> {
          if (!lines.equals(own.get(name))) {
            out.add("log " + name + ": lines fio " + lines + ", fsbench " + own.get(name));
          }
        });
    return out;
  }
}
