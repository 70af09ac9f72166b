package io.fsbench.core.jobfile;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.OffsetModifier;
import io.fsbench.api.Offsets;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.Size;

/**
 * fio's {@code offset} (alias {@code fileoffset}), {@code offset_increment} and {@code
 * offset_align}: a size, or for the first two a whole percentage of the file's size ({@code 25%}).
 * fio's zone form ({@code 2z}) belongs to {@code zonemode=zbd}, which fsbench does not implement.
 */
final class OffsetOptions {

  private OffsetOptions() {}

  static Offsets apply(Offsets current, String key, String value, int kbBase) {
    String v = value.strip();
    if (key.equals("offset_align")) {
      return current.align(FioValues.size(key, v, kbBase));
    }
    if (v.endsWith("z") || v.endsWith("Z")) {
      throw new InvalidInputException(
          key
              + " ("
              + value
              + ") counts zones, which needs zonemode=zbd; fsbench does not implement it, give a"
              + " size or a percentage");
    }
    boolean start = !key.equals("offset_increment");
    if (v.endsWith("%")) {
      // fio takes 0% as no percentage at all: the plain offset 0, not aligned
      int percent = percent(key, value, v.substring(0, v.length() - 1));
      return start ? current.startAtPercent(percent) : current.incrementPercent(percent);
    }
    Size size = FioValues.size(key, v, kbBase);
    return start ? current.startAt(size) : current.increment(size);
  }

  private static int percent(String key, String value, String digits) {
    try {
      int percent = Integer.parseInt(digits.strip());
      if (percent >= 0 && percent <= 100) {
        return percent;
      }
    } catch (NumberFormatException e) {
      // refused below, with the value
    }
    throw new InvalidInputException(
        key + " (" + value + ") must be a size or a whole percentage from 0% to 100%, e.g. 25%");
  }

  /** The {@code N} of {@code rw=read:N} (bytes, may be negative) or {@code rw=randread:N}. */
  static OffsetModifier modifier(ReadWrite rw, String value, String suffix, int kbBase) {
    String n = suffix.strip();
    if (rw.isRandom()) {
      long every = FioValues.count("rw", n, kbBase);
      if (every < 1 || every > Integer.MAX_VALUE) {
        throw new InvalidInputException(
            "rw (" + value + "): a random pattern's ':N' counts I/Os and must be at least 1");
      }
      return OffsetModifier.randomEvery((int) every);
    }
    boolean backwards = n.startsWith("-");
    long bytes = FioValues.size("rw", backwards ? n.substring(1) : n, kbBase).bytes();
    return OffsetModifier.adding(backwards ? -bytes : bytes);
  }

  /** fio's {@code rw_sequencer}: {@code sequential} (the default) or {@code identical}. */
  static boolean identical(String value) {
    return switch (value.strip().toLowerCase(java.util.Locale.ROOT)) {
      case "sequential" -> false;
      case "identical" -> true;
      default ->
          throw new InvalidInputException(
              "rw_sequencer (" + value + ") must be sequential or identical");
    };
  }

  /** fio's {@code zonemode}: {@code none} or {@code strided}; {@code zbd} is not implemented. */
  static String zoneMode(String value) {
    String v = value.strip().toLowerCase(java.util.Locale.ROOT);
    if (!v.equals("none") && !v.equals("strided")) {
      throw new InvalidInputException(
          "zonemode ("
              + value
              + ") is not supported; fsbench implements none and strided (zbd needs a zoned"
              + " block device)");
    }
    return v;
  }

  /**
   * The zones of {@code zonesize}, {@code zonerange}, {@code zoneskip} under {@code zonemode}, as
   * fio's fixup_options: a zonesize alone means strided, strided needs a zonesize, none refuses
   * one.
   */
  static io.fsbench.api.Zones zones(String mode, Size[] zone) {
    if (mode.equals("none") && !zone[0].isZero()) {
      throw new InvalidInputException(
          "zonemode=none and zonesize (" + zone[0] + ") do not go together; drop one of them");
    }
    if (mode.equals("strided") && zone[0].isZero()) {
      throw new InvalidInputException(
          "zonemode=strided needs zonesize, e.g. zonesize=64k (the bytes done in each zone)");
    }
    return zone[0].isZero()
        ? new io.fsbench.api.Zones(Size.ZERO, zone[1], zone[2])
        : io.fsbench.api.Zones.strided(zone[0], zone[1], zone[2]);
  }
}
