package io.fsbench.core.jobfile;

import io.fsbench.api.DataPattern;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.VerifyMethod;
import io.fsbench.api.VerifySettings;
import java.util.Locale;

/**
 * fio's verify options for {@link JobOptionParser}: {@code verify} and the {@code verify_*} options
 * fsbench implements. {@code verify_state_save} and {@code verify_state_load} are accepted only off
 * (fsbench keeps no verify state between runs), {@code verify_only} is refused by name.
 */
final class VerifyOptions {

  /** fio's {@code sizeof(struct verify_header)}: the least {@code verify_offset}. */
  private static final int HEADER = 40;

  private VerifyMethod method = VerifyMethod.NONE;
  private boolean methodSet;
  private VerifySettings settings = VerifySettings.DEFAULT;

  void apply(String key, String value, int kbBase) {
    switch (key) {
      case "verify" -> {
        method = VerifyMethod.parse(value);
        methodSet = true;
      }
      case "do_verify" -> settings = settings.doVerify(FioValues.bool(key, value));
      case "verify_pattern" -> pattern(value);
      case "verify_interval" ->
          settings = settings.interval(atLeast(key, value, kbBase, 2 * HEADER));
      case "verify_offset" -> settings = settings.offset(atLeast(key, value, kbBase, HEADER));
      case "verify_fatal" -> settings = settings.fatal(FioValues.bool(key, value));
      case "verify_backlog" -> settings = settings.backlog(FioValues.count(key, value, kbBase));
      case "verify_backlog_batch" ->
          settings = settings.backlogBatch(FioValues.integer(key, value));
      case "verify_dump" -> settings = settings.dump(FioValues.bool(key, value));
      // fio hands verify reads to N threads of its own; fsbench checks each block on the job's
      // thread as it is read, which checks the same blocks with the same outcome
      case "verify_async" -> verifyThreads(value);
      case "verify_state_save", "verify_state_load" -> off(key, value);
      case "verify_only" ->
          throw new InvalidInputException(
              "verify_only is not supported by fsbench's engine (it would check data an earlier"
                  + " run wrote, whose headers fsbench does not look up); remove it");
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  private static void verifyThreads(String value) {
    int threads = FioValues.integer("verify_async", value);
    if (threads < 0) {
      throw new InvalidInputException(
          "verify_async ("
              + value
              + ") must be a number of threads, 0 or more, e.g. verify_async=4");
    }
  }

  /** fio's {@code str_verify_pattern_cb}: a pattern without {@code verify=} verifies it. */
  private void pattern(String value) {
    try {
      settings = settings.pattern(DataPattern.parse(value));
    } catch (InvalidInputException e) {
      throw new InvalidInputException("verify_pattern=" + value + ": " + e.getMessage(), e);
    }
    if (!methodSet) {
      // fio's VERIFY_PATTERN: the header and the pattern are checked, as meta does with one
      method = VerifyMethod.META;
    }
  }

  /** fio's {@code minval}: it refuses values below, 0 included. */
  private static Size atLeast(String key, String value, int kbBase, int least) {
    Size s = FioValues.size(key, value, kbBase);
    if (s.bytes() < least) {
      throw new InvalidInputException(
          key + " (" + value + ") must be at least " + least + " bytes, as in fio");
    }
    return s;
  }

  private static void off(String key, String value) {
    String v = value == null ? "1" : value.strip().toLowerCase(Locale.ROOT);
    if (!FioValues.bool(key, v)) {
      return;
    }
    throw new InvalidInputException(
        key
            + "="
            + value
            + " is not supported: fsbench keeps no verify state between runs; give "
            + key
            + "=0 or remove it");
  }

  VerifyMethod method() {
    return method;
  }

  VerifySettings settings() {
    return settings;
  }
}
