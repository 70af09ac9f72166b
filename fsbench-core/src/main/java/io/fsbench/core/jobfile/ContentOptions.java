package io.fsbench.core.jobfile;

import io.fsbench.api.BufferContent;
import io.fsbench.api.DataPattern;
import io.fsbench.api.Dedupe;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;

/**
 * fio's buffer-content options for {@link JobOptionParser}: {@code zero_buffers}, {@code
 * refill_buffers}, {@code scramble_buffers}, {@code buffer_compress_*}, {@code buffer_pattern} and
 * {@code dedupe_*}. They change each other as fio's option callbacks and {@code fixup_options} do,
 * in the order they are given, so they are resolved here rather than in the spec.
 */
final class ContentOptions {

  private boolean zero;
  private boolean zeroSet;
  private boolean refill;
  private boolean refillSet;
  private boolean scramble = true;
  private boolean scrambleSet;
  private int compressPercentage;
  private Size compressChunk = Size.ZERO;
  // fio's TD_F_COMPRESS: set by buffer_compress_percentage or dedupe_percentage, whatever value
  private boolean compressFlag;
  private DataPattern pattern = DataPattern.NONE;
  private int dedupePercentage;
  private Dedupe.Mode dedupeMode = Dedupe.Mode.REPEAT;
  private int workingSet = Dedupe.NONE.workingSetPercentage();
  private boolean dedupeGlobal;

  /** Applies one option; {@code reads} is whether the job's {@code rw} so far reads. */
  void apply(String key, String value, int kbBase, boolean reads) {
    switch (key) {
      case "zero_buffers" -> {
        zero = FioValues.bool(key, value);
        zeroSet = true;
      }
      case "refill_buffers" -> {
        refill = FioValues.bool(key, value);
        refillSet = true;
      }
      case "scramble_buffers" -> {
        scramble = FioValues.bool(key, value);
        scrambleSet = true;
      }
      case "buffer_compress_percentage" -> {
        compressPercentage = percentage(key, value);
        compressFlag = true;
      }
      case "buffer_compress_chunk" -> compressChunk = FioValues.size(key, value, kbBase);
      case "buffer_pattern" -> bufferPattern(value, reads);
      case "dedupe_percentage" -> {
        dedupePercentage = percentage(key, value);
        compressFlag = true;
        refill = true; // fio's str_dedupe_cb, which a later refill_buffers=0 undoes
      }
      case "dedupe_mode" -> dedupeMode = Dedupe.Mode.parse(value);
      case "dedupe_working_set_percentage" -> workingSet = percentage(key, value);
      case "dedupe_global" -> dedupeGlobal = FioValues.bool(key, value);
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  /**
   * fio's {@code str_buffer_pattern_cb}: a job that reads (as far as its {@code rw} is known yet)
   * or compresses gets its buffers refilled, and the pattern turns zeros and scrambling off.
   */
  private void bufferPattern(String value, boolean reads) {
    try {
      pattern = DataPattern.parse(value);
    } catch (InvalidInputException e) {
      throw new InvalidInputException("buffer_pattern=" + value + ": " + e.getMessage(), e);
    }
    refill = compressPercentage != 0 || reads;
    scramble = false;
    zero = false;
  }

  private static int percentage(String key, String value) {
    int p = FioValues.integer(key, value);
    if (p < 0 || p > 100) {
      throw new InvalidInputException(key + " (" + value + ") must be between 0 and 100");
    }
    return p;
  }

  /**
   * The content fio's {@code fixup_options} and {@code setup_td_flags} arrive at; {@code sizeGiven}
   * is whether the job set {@code size}, which a dedupe working set is a share of.
   */
  BufferContent build(boolean sizeGiven, boolean verifies) {
    if (dedupePercentage > 0 && dedupeMode == Dedupe.Mode.WORKING_SET && !sizeGiven) {
      throw new InvalidInputException(
          "dedupe_mode=working_set needs size=, whose dedupe_working_set_percentage ("
              + workingSet
              + "%) the working set is (fio: 'pregenerated dedupe working set requires size to"
              + " be set')");
    }
    boolean zeros = zero;
    int compress = compressPercentage;
    boolean refills = refill;
    if (compress == 100) {
      zeros = true; // fio zeroes fully compressible buffers once
      compress = 0;
    } else if (compress > 0 && !refillSet) {
      refills = true;
    }
    if (verifies && !refillSet) {
      refills = true;
    }
    boolean scrambles = scramble && (scrambleSet || !(zero && zeroSet)) && !compressFlag;
    return new BufferContent(
        zeros && pattern.isNone() && compress == 0
            ? BufferContent.Fill.ZEROS
            : BufferContent.Fill.RANDOM,
        compress,
        compressChunk,
        refills,
        scrambles,
        pattern,
        new Dedupe(dedupePercentage, dedupeMode, workingSet, dedupeGlobal));
  }
}
