package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import java.util.List;
import java.util.Locale;

/**
 * filebench's built-in random variable, {@code set $x = randvar(type=..., ...)} or {@code define
 * randvar name=$x, ...}, as {@code parser_gram.y: parser_var_assign_random} defines it and {@code
 * fb_random.c} draws from it:
 *
 * <ul>
 *   <li>{@code type}: {@code gamma} (the default), {@code uniform}, or {@code tabular}; a {@code
 *       randtable} makes it tabular whatever the type says, as filebench's bit-or of the type codes
 *       does.
 *   <li>{@code min} (default 0) and {@code round} (default 0, no rounding): every value is at least
 *       about {@code min} and, with {@code round}, rounded half away from zero to a multiple of it.
 *   <li>{@code gamma} (default 1500) is the gamma shape times 1000.
 *   <li>{@code mean}: when absent, 0 for uniform and tabular (tabular then takes its table's mean)
 *       and, oddly, the shape ({@code gamma/1000}) for gamma, as {@code randdist_init} does.
 *   <li>{@code randsrc}: {@code rand48} (the default) draws from {@code erand48} seeded by {@code
 *       seed} (default 0), so every unseeded randvar gives filebench's same numbers; {@code
 *       urandom} draws from filebench's shared Mersenne Twister, for which fsbench takes a seeded
 *       source.
 * </ul>
 *
 * <p>Uniform values are {@code min + u * 2 * (mean - min)}; gamma values {@code min} plus a gamma
 * of shape {@code gamma/1000} and scale {@code (mean - min) / shape}; tabular values pick one of
 * 100 percent slots and a point inside its range, scaled so that the table's mean maps to {@code
 * mean} and 0 to {@code min}.
 */
final class Randvar implements RandomVariable {

  private static final int SLOTS = 100;

  enum Type {
    UNIFORM,
    GAMMA,
    TABLE
  }

  /** One {@code {percent, min, max}} row of a randtable. */
  record TableRow(long percent, long min, long max) {}

  private final String name;
  private final Type type;
  private final double min;
  private final double round;
  private final double shape;
  private final UniformSource source;
  private final double[] slotBase;
  private final double[] slotRange;
  private double mean;

  private Randvar(
      String name,
      Type type,
      long min,
      long round,
      double shape,
      double mean,
      UniformSource source,
      double[] slotBase,
      double[] slotRange) {
    this.name = name;
    this.type = type;
    this.min = min;
    this.round = round;
    this.shape = shape;
    this.mean = mean;
    this.source = source;
    this.slotBase = slotBase;
    this.slotRange = slotRange;
  }

  /**
   * A randvar from its attributes; {@code mean} null when absent, {@code table} empty when there is
   * none, {@code source} the uniform numbers it draws from (see {@link #sourceFor}).
   */
  static Randvar define(
      String name,
      Type type,
      long min,
      long round,
      long gamma,
      Long mean,
      List<TableRow> table,
      UniformSource source) {
    Type effective = table.isEmpty() ? type : Type.TABLE;
    if (effective == Type.TABLE && table.isEmpty()) {
      throw new InvalidInputException(
          "randvar " + name + ": type=tabular needs a randtable = {{percent, min, max}, ...}");
    }
    double shape = gamma / 1000.0;
    if (effective == Type.GAMMA && !(shape > 0)) {
      throw new InvalidInputException(
          "randvar " + name + ": gamma (" + gamma + ") must be positive: it is the shape x 1000");
    }
    double mean0 = mean != null ? mean.doubleValue() : (effective == Type.GAMMA ? shape : 0.0);
    double[] base = new double[SLOTS];
    double[] range = new double[SLOTS];
    if (effective == Type.TABLE) {
      mean0 = fillTable(name, table, mean0, base, range);
    }
    return new Randvar(name, effective, min, round, shape, mean0, source, base, range);
  }

  /** Fills the 100 slots, normalised to minimum 0 and mean 1; returns the mean to scale to. */
  private static double fillTable(
      String name, List<TableRow> table, double mean, double[] base, double[] range) {
    long total = 0;
    for (TableRow row : table) {
      if (row.percent() < 0) {
        throw new InvalidInputException(
            "randvar "
                + name
                + ": the randtable row {"
                + row.percent()
                + ", "
                + row.min()
                + ", "
                + row.max()
                + "} needs a percent of 0 or more");
      }
      total += row.percent();
    }
    if (total != SLOTS) {
      // filebench logs "Prob table only totals N%" and runs on with empty (or overrun) slots
      throw new InvalidInputException(
          "randvar "
              + name
              + ": the randtable's percentages add up to "
              + total
              + "; they must add up to 100");
    }
    double tableMin = Double.MAX_VALUE;
    double weighted = 0;
    int slot = 0;
    for (TableRow row : table) {
      tableMin = Math.min(tableMin, row.min());
      weighted += (row.min() + row.max()) / 2.0 * row.percent();
      for (long i = 0; i < row.percent(); i++, slot++) {
        base[slot] = row.min();
        range[slot] = row.max() - row.min();
      }
    }
    double scaleTo = mean == 0.0 ? weighted / SLOTS : mean;
    double normal = weighted / SLOTS - tableMin;
    for (int i = 0; i < SLOTS; i++) {
      base[i] = normal == 0.0 ? 0.0 : (base[i] - tableMin) / normal;
      range[i] = normal == 0.0 ? 0.0 : range[i] / normal;
    }
    return scaleTo;
  }

  /**
   * The uniform numbers a randvar draws: {@code erand48} from its seed for {@code rand48}, or
   * {@code shared} (fsbench's stand-in for filebench's Mersenne Twister) for {@code urandom}.
   */
  static UniformSource sourceFor(String randsrc, long seed, UniformSource shared) {
    return switch (randsrc) {
      case "rand48" -> Rand48.fromRandvarSeed(seed);
      case "urandom" -> shared;
      default ->
          throw new InvalidInputException(
              "randsrc '" + randsrc + "' is not one filebench knows: use rand48 or urandom");
    };
  }

  @Override
  public synchronized double next() {
    double value =
        switch (type) {
          case UNIFORM -> source.nextDouble() * (2.0 * (mean - min)) + min;
          case GAMMA -> KnuthGamma.sample(shape, (mean - min) / shape, source) + min;
          case TABLE -> fromTable(source.nextDouble());
        };
    return round == 0.0 ? value : roundHalfAway(value / round) * round;
  }

  private double fromTable(double u) {
    double position = u * SLOTS;
    int slot = Math.min((int) position, SLOTS - 1);
    double normalised = slotBase[slot] + slotRange[slot] * (position - slot);
    return normalised * (mean - min) + min;
  }

  /** C's {@code round}: halves go away from zero. */
  private static double roundHalfAway(double x) {
    double whole = Math.floor(Math.abs(x));
    if (Math.abs(x) - whole >= 0.5) {
      whole += 1;
    }
    return Math.copySign(whole, x);
  }

  /** The mean it scales to ({@code rnd_dbl_mean}). */
  synchronized double mean() {
    return mean;
  }

  /**
   * Sets the mean, as {@code fileset.c: fileset_populate} sets a {@code dirdepthrv}'s mean to the
   * fileset's mean depth. filebench changes the variable itself, for every other user of it too; so
   * does fsbench.
   */
  synchronized void overrideMean(double newMean) {
    this.mean = newMean;
  }

  Type type() {
    return type;
  }

  @Override
  public String describe() {
    return "randvar $" + name + " (" + type.name().toLowerCase(Locale.ROOT) + ")";
  }
}
