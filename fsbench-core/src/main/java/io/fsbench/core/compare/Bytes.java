package io.fsbench.core.compare;

import java.util.Locale;

/** Byte counts for sentences, in binary units: 1 KiB = 1024 bytes. */
final class Bytes {

  private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

  private Bytes() {}

  /** {@code 512 B}, {@code 1 GiB}, {@code 23.4 GiB}. */
  static String human(long bytes) {
    double value = bytes;
    int unit = 0;
    while (value >= 1024 && unit < UNITS.length - 1) {
      value /= 1024;
      unit++;
    }
    if (value == Math.rint(value)) {
      return String.format(Locale.ROOT, "%d %s", (long) value, UNITS[unit]);
    }
    return String.format(Locale.ROOT, "%.1f %s", value, UNITS[unit]);
  }
}
