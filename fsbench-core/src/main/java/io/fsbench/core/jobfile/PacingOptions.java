package io.fsbench.core.jobfile;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Pacing;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * fio's pacing options ({@code thinktime*}, {@code startdelay}, {@code rate_process}, {@code
 * rate_min}, {@code rate_iops_min}) for {@link JobOptionParser}, which hands it the keys whose row
 * in {@link FioOptionTable} names it.
 */
final class PacingOptions {

  private Duration thinkTime = Duration.ZERO;
  private Duration spin = Duration.ZERO;
  private int blocks = 1;
  private boolean countIssued;
  private Duration delayLow = Duration.ZERO;
  private Duration delayHigh = Duration.ZERO;
  private boolean poisson;
  private final long[] minBytes = new long[2];
  private final long[] minIops = new long[2];

  void apply(String key, String value, int kbBase) {
    switch (key) {
      // fio's thinktime options count in microseconds when no unit is given
      case "thinktime" -> thinkTime = FioValues.time(key, value, ChronoUnit.MICROS);
      case "thinktime_spin" -> spin = FioValues.time(key, value, ChronoUnit.MICROS);
      case "thinktime_blocks" -> blocks = FioValues.integer(key, value);
      case "thinktime_blocks_type" -> countIssued = blocksType(value);
      case "startdelay" -> startDelay(value);
      case "rate_process" -> poisson = process(value);
      case "rate_min", "ratemin" -> perDirection(key, value, kbBase, minBytes);
      case "rate_iops_min" -> perDirection(key, value, kbBase, minIops);
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  Pacing build() {
    return new Pacing(
        thinkTime,
        spin,
        blocks,
        countIssued,
        delayLow,
        delayHigh,
        poisson,
        new JobSpec.RateLimit(minBytes[0], minBytes[1], minIops[0], minIops[1]));
  }

  private static boolean blocksType(String value) {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "complete" -> false;
      case "issue" -> true;
      default ->
          throw new InvalidInputException(
              "thinktime_blocks_type (" + value + ") must be 'complete' or 'issue'");
    };
  }

  private static boolean process(String value) {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "linear" -> false;
      case "poisson" -> true;
      default ->
          throw new InvalidInputException(
              "rate_process (" + value + ") must be 'linear' or 'poisson'");
    };
  }

  /** fio's {@code startdelay}: seconds by default; {@code low-high} draws one per clone. */
  private void startDelay(String value) {
    String[] range = value.strip().split("[-:]", -1);
    if (range.length > 2) {
      throw new InvalidInputException(
          "startdelay (" + value + ") is neither a time nor a range low-high, e.g. 2s-5s");
    }
    delayLow = FioValues.time("startdelay", range[0], ChronoUnit.SECONDS);
    delayHigh =
        range.length == 2 ? FioValues.time("startdelay", range[1], ChronoUnit.SECONDS) : delayLow;
  }

  private static void perDirection(String key, String value, int kbBase, long[] out) {
    String[] parts = FioValues.perDirection(key, value);
    for (int dir = 0; dir < 2; dir++) {
      if (parts[dir] != null) {
        out[dir] = FioValues.count(key, parts[dir], kbBase);
      }
    }
    if (parts[2] != null
        && !parts[2].equals(parts[0])
        && FioValues.count(key, parts[2], kbBase) > 0) {
      throw new InvalidInputException(
          key + " (" + value + ") sets a trim rate; fsbench runs no trims, give read,write only");
    }
  }
}
