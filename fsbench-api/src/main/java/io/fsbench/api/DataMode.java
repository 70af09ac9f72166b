package io.fsbench.api;

import java.util.Locale;

/** How file data is ordered against the metadata journal (ext4's {@code data=} mount option). */
public enum DataMode {
  ORDERED,
  WRITEBACK,
  JOURNAL;

  /** The option's spelling: {@code ordered}, {@code writeback}, {@code journal}. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static DataMode parse(String text) {
    for (DataMode mode : values()) {
      if (mode.key().equalsIgnoreCase(text.strip())) {
        return mode;
      }
    }
    throw new InvalidInputException(
        "data mode (" + text + ") is not one of ordered, writeback, journal");
  }
}
