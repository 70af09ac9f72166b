package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;

/**
 * A custom variable, {@code set $x = cvar(type=..., parameters=..., min=..., max=..., round=...)},
 * as {@code parser_gram.y: parser_var_assign_custom} defines it and {@code fb_cvar.c:
 * get_cvar_value} reads it: a draw from its {@link CvarType}, then, with {@code round}, the whole
 * part rounded to the nearer multiple of it (a tie goes down), then held between {@code min} and
 * {@code max}. Without {@code min} filebench's floor is {@code DBL_MIN}, the smallest positive
 * double, so a negative draw comes out as (almost) 0. Thread-safe: one lock per variable, as
 * filebench's {@code cvar_lock}.
 */
final class Cvar implements RandomVariable {

  private final String name;
  private final CvarType type;
  private final double[] parameters;
  private final double min;
  private final double max;
  private final long round;
  private final UniformSource own;
  private final UniformSource drand48;

  private Cvar(
      String name,
      CvarType type,
      double[] parameters,
      double min,
      double max,
      long round,
      UniformSource own,
      UniformSource drand48) {
    this.name = name;
    this.type = type;
    this.parameters = parameters;
    this.min = min;
    this.max = max;
    this.round = round;
    this.own = own;
    this.drand48 = drand48;
  }

  /**
   * A cvar of type {@code typeId} with its {@code parameters} text (null for none); {@code min},
   * {@code max}, {@code round} null when absent. {@code own} feeds the types that draw from their
   * own Mersenne Twister in filebench (seeded there from the clock, here by the caller); {@code
   * drand48} the process-wide generator cvar-gamma shares with the fileset tree.
   */
  static Cvar define(
      String name,
      String typeId,
      String parameters,
      Double min,
      Double max,
      Double round,
      UniformSource own,
      UniformSource drand48) {
    CvarType type = CvarType.of(typeId);
    double[] values = type.parameters(parameters);
    double low = min == null ? Double.MIN_NORMAL : min;
    double high = max == null ? Double.MAX_VALUE : max;
    if (low > high) {
      throw new InvalidInputException(
          "cvar $" + name + ": min (" + low + ") must not be above max (" + high + ")");
    }
    long step = round == null ? 0 : (long) round.doubleValue();
    if (step < 0) {
      throw new InvalidInputException("cvar $" + name + ": round (" + round + ") is negative");
    }
    return new Cvar(name, type, values, low, high, step, own, drand48);
  }

  @Override
  public synchronized double next() {
    double value = type.draw(parameters, own, drand48);
    if (round != 0) {
      long whole = value > 0 ? (long) value : 0;
      long lower = whole - whole % round;
      long upper = lower + round;
      value = whole - lower > upper - whole ? upper : lower;
    }
    return Math.max(min, Math.min(max, value));
  }

  CvarType type() {
    return type;
  }

  @Override
  public String describe() {
    return "cvar $" + name + " (" + type.id() + ")";
  }
}
