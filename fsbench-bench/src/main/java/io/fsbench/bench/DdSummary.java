package io.fsbench.bench;

import io.fsbench.api.DdResult;
import io.fsbench.api.FsBenchException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fields of dd's summary that the two sides must agree on, and the time each took: from GNU
 * dd's stderr ("N+M records in", "N+M records out", "B bytes (...) copied, T s, R/s") or from
 * fsbench's {@link DdResult}.
 */
record DdSummary(
    long recordsInFull,
    long recordsInPartial,
    long recordsOutFull,
    long recordsOutPartial,
    long bytes,
    double seconds) {

  private static final Pattern RECORDS_IN = Pattern.compile("(?m)^(\\d+)\\+(\\d+) records in$");
  private static final Pattern RECORDS_OUT = Pattern.compile("(?m)^(\\d+)\\+(\\d+) records out$");
  private static final Pattern COPIED =
      Pattern.compile("(?m)^(\\d+) bytes .*copied, ([0-9.eE+-]+) s, ");

  static DdSummary of(DdResult result) {
    return new DdSummary(
        result.recordsInFull(),
        result.recordsInPartial(),
        result.recordsOutFull(),
        result.recordsOutPartial(),
        result.bytes(),
        result.seconds());
  }

  /** Parses dd's stderr, printed in the C locale. */
  static DdSummary parse(String stderr) {
    Matcher in = find(RECORDS_IN, stderr);
    Matcher out = find(RECORDS_OUT, stderr);
    Matcher copied = find(COPIED, stderr);
    return new DdSummary(
        Long.parseLong(in.group(1)),
        Long.parseLong(in.group(2)),
        Long.parseLong(out.group(1)),
        Long.parseLong(out.group(2)),
        Long.parseLong(copied.group(1)),
        Double.parseDouble(copied.group(2)));
  }

  /** dd's rate: bytes over its elapsed time. */
  double bytesPerSec() {
    return bytes / seconds;
  }

  /** The counts only, for comparing: times always differ. */
  String counts() {
    return recordsInFull
        + "+"
        + recordsInPartial
        + " records in, "
        + recordsOutFull
        + "+"
        + recordsOutPartial
        + " records out, "
        + bytes
        + " bytes";
  }

  private static Matcher find(Pattern pattern, String text) {
    Matcher m = pattern.matcher(text);
    if (!m.find()) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "dd's summary has no line matching " + pattern.pattern() + ":\n" + text);
    }
    return m;
  }
}
