package io.fsbench.core.report.compare;

import io.fsbench.api.Unit;

/**
 * How numbers of one unit are shown to people: a divisor and a symbol chosen once for a whole table
 * or chart, so that a column never mixes µs and ms. Bandwidth is always MiB/s (1 MiB = 2^20 bytes);
 * rates are plain; nanoseconds become ns, µs, ms or s and bytes KiB to TiB by magnitude.
 *
 * @param unit the unit of the raw values
 * @param divisor what raw values are divided by
 * @param symbol the symbol of the shown values, e.g. {@code MiB/s}
 */
public record Scale(Unit unit, double divisor, String symbol) {

  private static final double MIB = 1024.0 * 1024.0;

  /** The scale for values of this unit around this magnitude (the largest of a column). */
  public static Scale of(Unit unit, double magnitude) {
    double m = Math.abs(magnitude);
    return switch (unit) {
      case BYTES_PER_SEC -> new Scale(unit, MIB, "MiB/s");
      case NANOSECONDS -> time(unit, m);
      case BYTES -> bytes(unit, m);
      default -> new Scale(unit, 1, unit.symbol());
    };
  }

  private static Scale time(Unit unit, double ns) {
    if (ns >= 1e9) {
      return new Scale(unit, 1e9, "s");
    }
    if (ns >= 1e6) {
      return new Scale(unit, 1e6, "ms");
    }
    if (ns >= 1e3) {
      return new Scale(unit, 1e3, "µs");
    }
    return new Scale(unit, 1, "ns");
  }

  private static Scale bytes(Unit unit, double bytes) {
    String[] symbols = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int power = 0;
    while (power < symbols.length - 1 && bytes >= Math.pow(1024, power + 1)) {
      power++;
    }
    return new Scale(unit, Math.pow(1024, power), symbols[power]);
  }

  /** The value in this scale without the symbol: {@code 512}, {@code 45.7}, {@code 0.0123}. */
  public String number(double raw) {
    return HumanUnits.number(raw / divisor);
  }

  /** The value with the symbol: {@code 512 MiB/s}, {@code 12346 IOPS}, {@code 45.7%}. */
  public String format(double raw) {
    String n = number(raw);
    if (symbol.isEmpty()) {
      return n;
    }
    return symbol.equals("%") ? n + "%" : n + " " + symbol;
  }

  /** The unit heading of a column: {@code MiB/s}, or {@code count} for a unit without symbol. */
  public String heading() {
    return symbol.isEmpty() ? unit.key() : symbol;
  }
}
