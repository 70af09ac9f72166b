package io.fsbench.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads fio's {@code random_distribution=zoned:...} and {@code zoned_abs:...} as fio 3.33's {@code
 * parse_zoned_distribution} and {@code zone_split_ddir} do: direction lists separated by {@code ,}
 * (one list for every direction; two for reads and writes, the second also for trims; three for
 * reads, writes and trims), zones by {@code :}, each {@code ACCESS/SIZE}. A zone's size may be left
 * out ({@code 20/} or {@code 20}); for {@code zoned} a size of 0 counts as left out too, and the
 * sizes left out share what the given ones leave of 100% (rounded down, as fio divides).
 */
final class ZoneSplits {

  /** fio's ZONESPLIT_MAX. */
  private static final int MAX_ZONES = 256;

  private ZoneSplits() {}

  static Distribution parse(String text, int kbBase) {
    String v = text.strip();
    int colon = v.indexOf(':');
    String kind = (colon < 0 ? v : v.substring(0, colon)).toLowerCase(Locale.ROOT);
    boolean absolute = kind.equals("zoned_abs");
    if (!absolute && !kind.equals("zoned")) {
      throw new InvalidInputException(
          "random_distribution (" + text + ") is neither zoned:... nor zoned_abs:...");
    }
    if (colon < 0 || v.substring(colon + 1).isBlank()) {
      throw new InvalidInputException(
          "random_distribution ("
              + text
              + ") needs its zones, e.g. "
              + (absolute ? "zoned_abs:50/1g:50/3g" : "zoned:50/5:30/15:20/80"));
    }
    String[] dirs = v.substring(colon + 1).split(",", -1);
    if (dirs.length > 3) {
      throw new InvalidInputException(
          "random_distribution ("
              + text
              + ") has more than three comma-separated zone lists (read,write,trim)");
    }
    List<Distribution.Zone> read = zones(text, dirs[0], absolute, kbBase);
    List<Distribution.Zone> write = dirs.length > 1 ? zones(text, dirs[1], absolute, kbBase) : read;
    if (dirs.length > 2) {
      zones(text, dirs[2], absolute, kbBase); // trims: checked as fio checks them, never run
    }
    return absolute ? Distribution.zonedAbsolute(read, write) : Distribution.zoned(read, write);
  }

  /** One direction's zones; an empty list leaves the direction uniform, as fio does. */
  private static List<Distribution.Zone> zones(
      String text, String list, boolean absolute, int kbBase) {
    String[] entries = list.strip().split(":", -1);
    List<int[]> percents = new ArrayList<>();
    List<Size> sizes = new ArrayList<>();
    for (int i = 0; i < entries.length; i++) {
      String entry = entries[i].strip();
      if (entry.isEmpty()) {
        if (i == entries.length - 1 || list.isBlank()) {
          break; // a trailing ':' (or an empty list), which fio's strsep loop stops at
        }
        throw new InvalidInputException(
            "random_distribution (" + text + ") has an empty zone in '" + list + "'");
      }
      int slash = entry.indexOf('/');
      String access = slash < 0 ? entry : entry.substring(0, slash);
      String size = slash < 0 ? "" : entry.substring(slash + 1).strip();
      percents.add(new int[] {percent(text, access), absolute ? 0 : sizePercent(text, size)});
      sizes.add(absolute ? absoluteSize(text, size, kbBase) : Size.ZERO);
    }
    if (percents.size() > MAX_ZONES) {
      throw new InvalidInputException(
          "random_distribution (" + text + ") has more than " + MAX_ZONES + " zones");
    }
    fillMissingSizes(text, percents);
    List<Distribution.Zone> zones = new ArrayList<>();
    for (int i = 0; i < percents.size(); i++) {
      zones.add(new Distribution.Zone(percents.get(i)[0], percents.get(i)[1], sizes.get(i)));
    }
    return zones;
  }

  /** fio's sizes left out (-1 here) share what the others leave of 100%. */
  private static void fillMissingSizes(String text, List<int[]> percents) {
    int given = 0;
    int missing = 0;
    for (int[] p : percents) {
      if (p[1] < 0) {
        missing++;
      } else {
        given += p[1];
      }
    }
    if (given > 100) {
      throw new InvalidInputException(
          "random_distribution ("
              + text
              + ") gives zones of "
              + given
              + "% of the region in all, more than 100%");
    }
    for (int[] p : percents) {
      if (p[1] < 0) {
        p[1] = (100 - given) / missing;
      }
    }
  }

  private static int percent(String text, String value) {
    try {
      int p = Integer.parseInt(value.strip());
      if (p >= 0 && p <= 100) {
        return p;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new InvalidInputException(
        "random_distribution ("
            + text
            + "): '"
            + value
            + "' is not an access percentage from 0 to 100; zones are ACCESS/SIZE, e.g. 50/5");
  }

  /** fio's {@code atoi}: above 100 is 100; 0 or nothing means "fill in". */
  private static int sizePercent(String text, String value) {
    if (value.isEmpty()) {
      return -1;
    }
    String digits = value.endsWith("%") ? value.substring(0, value.length() - 1) : value;
    try {
      int p = Integer.parseInt(digits.strip());
      if (p >= 0) {
        return p == 0 ? -1 : Math.min(p, 100);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new InvalidInputException(
        "random_distribution ("
            + text
            + "): '"
            + value
            + "' is not a zone size in percent of the region; for sizes such as 1g use zoned_abs");
  }

  private static Size absoluteSize(String text, String value, int kbBase) {
    if (value.isEmpty()) {
      return Size.ZERO;
    }
    try {
      return Size.parse(value, kbBase);
    } catch (InvalidInputException e) {
      throw new InvalidInputException(
          "random_distribution ("
              + text
              + "): '"
              + value
              + "' is not a zone size; give e.g. zoned_abs:50/1g:50/3g");
    }
  }
}
