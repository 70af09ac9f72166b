package io.fsbench.api;

import java.util.List;
import java.util.Locale;

/**
 * How random offsets are drawn, fio's {@code random_distribution}. Any non-uniform distribution
 * disables the random map, as in fio.
 *
 * @param kind the distribution
 * @param parameter zipf θ, pareto h, or normal σ as a percentage of the range; 0 for uniform
 * @param center where the hot spot sits, 0..1 of the range (fio's optional second value); -1 for
 *     the distribution's default
 * @param readZones for {@code zoned} and {@code zoned_abs}, the zones of reads in the order they
 *     lie in the file; empty for reads drawn uniformly over the whole region
 * @param writeZones the same for writes
 */
public record Distribution(
    Kind kind, double parameter, double center, List<Zone> readZones, List<Zone> writeZones) {

  /** The distributions fio offers that fsbench implements. */
  public enum Kind {
    UNIFORM,
    ZIPF,
    PARETO,
    NORMAL,
    /** fio's {@code zoned}: shares of the accesses over percentages of the region. */
    ZONED,
    /** fio's {@code zoned_abs}: shares of the accesses over absolute sizes from the start. */
    ZONED_ABS
  }

  /**
   * One zone of fio's {@code zoned} or {@code zoned_abs}: {@code accessPercent} of a direction's
   * random I/Os fall in it, uniformly. Zones lie one after the other from the region's start.
   *
   * @param accessPercent the share of the accesses, 0 to 100
   * @param sizePercent for {@code zoned}, the zone's share of the region, 0 to 100
   * @param size for {@code zoned_abs}, the zone's size; zero for {@code zoned}
   */
  public record Zone(int accessPercent, int sizePercent, Size size) {
    public Zone {
      java.util.Objects.requireNonNull(size, "size");
      if (accessPercent < 0 || accessPercent > 100 || sizePercent < 0 || sizePercent > 100) {
        throw new InvalidInputException(
            "zone "
                + accessPercent
                + "/"
                + sizePercent
                + " must give percentages from 0 to 100, e.g. 50/10");
      }
    }
  }

  public static final Distribution UNIFORM = new Distribution(Kind.UNIFORM, 0, -1);

  /** A distribution without zones. */
  public Distribution(Kind kind, double parameter, double center) {
    this(kind, parameter, center, List.of(), List.of());
  }

  public Distribution {
    readZones = List.copyOf(readZones);
    writeZones = List.copyOf(writeZones);
    boolean zoned = kind == Kind.ZONED || kind == Kind.ZONED_ABS;
    if (!zoned && !(readZones.isEmpty() && writeZones.isEmpty())) {
      throw new InvalidInputException("random_distribution=" + kind + " takes no zones");
    }
    if (zoned) {
      requireZones(kind, readZones);
      requireZones(kind, writeZones);
    }
    switch (kind) {
      case UNIFORM -> {}
      case ZIPF -> {
        if (!(parameter > 0) || parameter == 1.0) {
          throw new InvalidInputException(
              "zipf theta (" + parameter + ") must be positive and not 1.0");
        }
      }
      case PARETO -> {
        if (!(parameter > 0 && parameter < 1)) {
          throw new InvalidInputException(
              "pareto h (" + parameter + ") must be between 0 and 1, e.g. pareto:0.9");
        }
      }
      case NORMAL -> {
        if (!(parameter > 0 && parameter <= 100)) {
          throw new InvalidInputException(
              "normal sigma (" + parameter + ") must be a percentage in (0, 100]");
        }
      }
      case ZONED, ZONED_ABS -> {}
    }
    if (center != -1 && !(center >= 0 && center <= 1)) {
      throw new InvalidInputException("distribution center (" + center + ") must be in [0, 1]");
    }
  }

  /**
   * fio's {@code zoned}: per direction, zones of percentages of the region, each taking a share of
   * the accesses; an empty list draws that direction uniformly.
   *
   * <pre>{@code
   * // half the reads and writes in the first 5%, 30% in the next 15%, 20% in the last 80%
   * List<Zone> zones = List.of(new Zone(50, 5, Size.ZERO), new Zone(30, 15, Size.ZERO),
   *     new Zone(20, 80, Size.ZERO));
   * Distribution d = Distribution.zoned(zones, zones);
   * }</pre>
   */
  public static Distribution zoned(List<Zone> readZones, List<Zone> writeZones) {
    return new Distribution(Kind.ZONED, 0, -1, readZones, writeZones);
  }

  /** fio's {@code zoned_abs}: as {@link #zoned}, with zones of absolute sizes. */
  public static Distribution zonedAbsolute(List<Zone> readZones, List<Zone> writeZones) {
    return new Distribution(Kind.ZONED_ABS, 0, -1, readZones, writeZones);
  }

  /** Whether this is {@code zoned} or {@code zoned_abs}. */
  public boolean isZoned() {
    return kind == Kind.ZONED || kind == Kind.ZONED_ABS;
  }

  /** fio's checks: the accesses add up to 100%, the sizes of {@code zoned} to at most 100%. */
  private static void requireZones(Kind kind, List<Zone> zones) {
    if (zones.isEmpty()) {
      return;
    }
    int access = zones.stream().mapToInt(Zone::accessPercent).sum();
    int sizes = zones.stream().mapToInt(Zone::sizePercent).sum();
    if (access != 100) {
      throw new InvalidInputException(
          "random_distribution="
              + kind.name().toLowerCase(Locale.ROOT)
              + ": the access percentages add up to "
              + access
              + ", not 100; e.g. zoned:50/5:30/15:20/80");
    }
    if (kind == Kind.ZONED && sizes > 100) {
      throw new InvalidInputException(
          "random_distribution=zoned: the zones' sizes add up to "
              + sizes
              + "% of the region, more than 100%");
    }
  }

  private String kindName() {
    return kind.name().toLowerCase(Locale.ROOT);
  }

  public static Distribution zipf(double theta) {
    return new Distribution(Kind.ZIPF, theta, -1);
  }

  public static Distribution pareto(double h) {
    return new Distribution(Kind.PARETO, h, -1);
  }

  public static Distribution normal(double sigmaPercent) {
    return new Distribution(Kind.NORMAL, sigmaPercent, -1);
  }

  /**
   * Parses fio's syntax: {@code random}, {@code zoned:...}, {@code zipf:1.2}, {@code pareto:0.9},
   * {@code normal:5:0.5}.
   */
  public static Distribution parse(String text) {
    return parse(text, 1024);
  }

  /**
   * Parses fio's syntax as {@link #parse(String)}, and {@code zoned:50/5:30/15:20/,50/10:50/90} or
   * {@code zoned_abs:50/1g:50/3g} with sizes read in {@code kbBase} (fio's {@code kb_base}).
   */
  public static Distribution parse(String text, int kbBase) {
    String lower = text.strip().toLowerCase(Locale.ROOT);
    if (lower.startsWith("zoned")) {
      return ZoneSplits.parse(text, kbBase);
    }
    String[] parts = text.strip().toLowerCase(Locale.ROOT).split(":");
    try {
      Kind kind =
          switch (parts[0]) {
            case "random", "uniform" -> Kind.UNIFORM;
            case "zipf" -> Kind.ZIPF;
            case "pareto" -> Kind.PARETO;
            case "normal", "gauss" -> Kind.NORMAL;
            default ->
                throw new InvalidInputException(
                    "random_distribution ("
                        + text
                        + ") is not one of random, zipf:THETA, pareto:H, normal:SIGMA"
                        + ", zoned:A/S:..., zoned_abs:A/SIZE:... (sequence is not supported)");
          };
      if (kind == Kind.UNIFORM) {
        return UNIFORM;
      }
      if (parts.length < 2) {
        throw new InvalidInputException(
            "random_distribution (" + text + ") needs a parameter, e.g. zipf:1.2");
      }
      double center = parts.length > 2 ? Double.parseDouble(parts[2]) : -1;
      return new Distribution(kind, Double.parseDouble(parts[1]), center);
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "random_distribution (" + text + ") has a parameter that is not a number");
    }
  }

  @Override
  public String toString() {
    if (kind == Kind.UNIFORM) {
      return "random";
    }
    if (isZoned()) {
      return kindName() + ":" + zonesText(readZones) + "," + zonesText(writeZones);
    }
    String base = kind.name().toLowerCase(Locale.ROOT) + ":" + parameter;
    return center == -1 ? base : base + ":" + center;
  }

  private String zonesText(List<Zone> zones) {
    StringBuilder text = new StringBuilder();
    for (Zone zone : zones) {
      text.append(text.length() == 0 ? "" : ":").append(zone.accessPercent()).append('/');
      text.append(kind == Kind.ZONED ? String.valueOf(zone.sizePercent()) : zone.size().toString());
    }
    return text.toString();
  }
}
