package io.fsbench.core.report.fio;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Timestamps as C's ctime(3) writes them, e.g. {@code Mon Nov 3 04:59:46 2026}. */
final class Ctime {

  private static final DateTimeFormatter CTIME =
      DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ROOT);

  private Ctime() {}

  static String format(long epochMillis, ZoneId zone) {
    return CTIME.format(Instant.ofEpochMilli(epochMillis).atZone(zone));
  }
}
