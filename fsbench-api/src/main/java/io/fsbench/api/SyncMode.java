package io.fsbench.api;

import java.util.Locale;

/**
 * How synchronous writes are handled (ZFS's {@code sync=} property, the {@code sync} mount option).
 */
public enum SyncMode {
  /** Writes are synchronous only when the application asks (fsync, O_SYNC). */
  STANDARD,
  /** Every write is synchronous. */
  ALWAYS,
  /** Synchronous requests are ignored: fsync returns before data is stable. Unsafe, fast. */
  DISABLED;

  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static SyncMode parse(String text) {
    for (SyncMode mode : values()) {
      if (mode.key().equalsIgnoreCase(text.strip())) {
        return mode;
      }
    }
    throw new InvalidInputException(
        "sync mode (" + text + ") is not one of standard, always, disabled");
  }
}
