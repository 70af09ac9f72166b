package io.fsbench.api;

import java.util.Locale;

/**
 * fio's {@code random_generator}: what draws uniform random offsets. fsbench draws from its own
 * stream whichever is chosen, so the block order for a seed differs from fio's; what the choice
 * decides is whether each block comes once per pass.
 */
public enum RandomGenerator {
  /** fio's default: independent draws, each block once per pass only with the random map. */
  TAUSWORTHE,
  /** As {@link #TAUSWORTHE}, with fio's 64-bit generator (the same coverage). */
  TAUSWORTHE64,
  /**
   * A full-period sequence: every block exactly once per pass, also with {@code norandommap}, since
   * no map is needed; nothing marks the blocks sequential I/Os take.
   */
  LFSR;

  public static RandomGenerator parse(String text) {
    return switch (text.strip().toLowerCase(Locale.ROOT)) {
      case "tausworthe" -> TAUSWORTHE;
      case "tausworthe64" -> TAUSWORTHE64;
      case "lfsr" -> LFSR;
      default ->
          throw new InvalidInputException(
              "random_generator (" + text + ") is not one of tausworthe, lfsr, tausworthe64");
    };
  }

  /** As fio's job options print it. */
  public String fioValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
