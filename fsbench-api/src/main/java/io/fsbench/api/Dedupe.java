package io.fsbench.api;

import java.util.Locale;
import java.util.Objects;

/**
 * fio's deduplication options: the share of written blocks that repeat an earlier one, and which.
 *
 * <pre>{@code
 * // a third of the blocks repeat one of the first 10% written
 * Dedupe d = new Dedupe(33, Dedupe.Mode.WORKING_SET, 10, false);
 * }</pre>
 *
 * @param percentage {@code dedupe_percentage}: the share of blocks, 0 to 100, that are copies
 * @param mode {@code dedupe_mode}: which block a copy repeats
 * @param workingSetPercentage {@code dedupe_working_set_percentage}: with {@link Mode#WORKING_SET},
 *     the share of {@code size} whose blocks copies are drawn from
 * @param global {@code dedupe_global}: the working set spans every job of the file, so that copies
 *     in one job's files repeat blocks of another's
 */
public record Dedupe(int percentage, Mode mode, int workingSetPercentage, boolean global) {

  /** Which earlier block a copy repeats. */
  public enum Mode {
    /** fio's {@code repeat}: the last unique block generated. */
    REPEAT,
    /** fio's {@code working_set}: one drawn from a working set of unique blocks. */
    WORKING_SET;

    public static Mode parse(String text) {
      return switch (text.strip().toLowerCase(Locale.ROOT)) {
        case "repeat" -> REPEAT;
        case "working_set" -> WORKING_SET;
        default ->
            throw new InvalidInputException(
                "dedupe_mode (" + text + ") is not one of repeat, working_set");
      };
    }
  }

  /** fio's defaults: no copies; a working set of 5% when copies are asked for. */
  public static final Dedupe NONE = new Dedupe(0, Mode.REPEAT, 5, false);

  public Dedupe {
    Objects.requireNonNull(mode, "mode");
    if (percentage < 0 || percentage > 100) {
      throw new InvalidInputException(
          "dedupe_percentage (" + percentage + ") must be between 0 and 100");
    }
    if (workingSetPercentage < 0 || workingSetPercentage > 100) {
      throw new InvalidInputException(
          "dedupe_working_set_percentage (" + workingSetPercentage + ") must be between 0 and 100");
    }
    if (mode == Mode.WORKING_SET && percentage > 0 && workingSetPercentage + percentage > 100) {
      // fio: the working set's blocks are unique, so the copies cannot reach their share
      throw new InvalidInputException(
          "dedupe_percentage ("
              + percentage
              + ") and dedupe_working_set_percentage ("
              + workingSetPercentage
              + ") add up to more than 100: the working set's blocks are unique; lower one");
    }
  }

  public boolean isNone() {
    return percentage == 0;
  }
}
