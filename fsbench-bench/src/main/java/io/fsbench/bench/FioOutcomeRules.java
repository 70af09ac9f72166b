package io.fsbench.bench;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * How {@link FioDiff} reads a case where a side gave no report, or fio's report is no reference:
 * fio 3.33's false seed failures, its refusal of a per-direction zoned list before 3.41, a verify
 * failure both sides report in their own way, a job fio ran without moving a byte.
 */
final class FioOutcomeRules {

  private FioOutcomeRules() {}

  /**
   * Whether fio's error output reports verify failures, and each is a header's seed only ({@code
   * verify: bad header rand_seed X, wanted Y}): fio 3.33 checks a mixed job's seeds against a
   * verify stream that does not run in the writes' order (seed 2045 cases 250, 344, 516).
   */
  static boolean falseSeedFailures(String fioErr) {
    boolean seeds = false;
    for (String line : fioErr.split("\n")) {
      boolean failure =
          line.contains("verify: ") || line.contains("verify failed") || line.contains("bad ");
      if (failure && !line.contains("bad header rand_seed")) {
        return false;
      }
      seeds |= line.contains("bad header rand_seed");
    }
    return seeds;
  }

  private static final java.util.regex.Pattern VERIFY_FAILED =
      java.util.regex.Pattern.compile("verify failed for job '([^']+)'");

  /**
   * Whether fsbench failed the run for a bad block of a job (a verify failure nothing skipped) that
   * fio's report ends with error 84, EILSEQ: fio's way of saying the same (docs/measurement.md).
   */
  static boolean verifyFailedAsFio(String ownError, JsonNode fio) {
    java.util.regex.Matcher m = VERIFY_FAILED.matcher(ownError);
    if (!m.find()) {
      return false;
    }
    for (JsonNode job : fio.path("jobs")) {
      if (job.path("jobname").asText().equals(m.group(1)) && job.path("error").asInt() == 84) {
        return true;
      }
    }
    return false;
  }

  /** Whether a job of fio's report moved no byte in either direction. */
  static boolean someJobMovedNothing(JsonNode fio) {
    for (JsonNode job : fio.path("jobs")) {
      if (job.path("read").path("io_bytes").asLong() == 0
          && job.path("write").path("io_bytes").asLong() == 0) {
        return true;
      }
    }
    return false;
  }

  /** fio's refusal of a per-direction zoned list, which fio 3.41 parses (commit 7d240881). */
  static boolean zonedParseBug(String fioError) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("failed parsing random_distribution=(zoned(_abs)?:\\S*)")
            .matcher(fioError);
    return m.find() && m.group(1).contains(",");
  }
}
