package io.fsbench.api;

import java.util.Locale;

/**
 * How random offsets are drawn, fio's {@code random_distribution}. Any non-uniform distribution
 * disables the random map, as in fio.
 *
 * @param kind the distribution
 * @param parameter zipf θ, pareto h, or normal σ as a percentage of the range; 0 for uniform
 * @param center where the hot spot sits, 0..1 of the range (fio's optional second value); -1 for
 *     the distribution's default
 */
public record Distribution(Kind kind, double parameter, double center) {

  /** The distributions fio offers that fsbench implements. */
  public enum Kind {
    UNIFORM,
    ZIPF,
    PARETO,
    NORMAL
  }

  public static final Distribution UNIFORM = new Distribution(Kind.UNIFORM, 0, -1);

  public Distribution {
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
    }
    if (center != -1 && !(center >= 0 && center <= 1)) {
      throw new InvalidInputException("distribution center (" + center + ") must be in [0, 1]");
    }
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
   * Parses fio's syntax: {@code random}, {@code zipf:1.2}, {@code pareto:0.9}, {@code
   * normal:5:0.5}.
   */
  public static Distribution parse(String text) {
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
                        + " (zoned and sequence are not supported)");
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
    String base = kind.name().toLowerCase(Locale.ROOT) + ":" + parameter;
    return center == -1 ? base : base + ":" + center;
  }
}
