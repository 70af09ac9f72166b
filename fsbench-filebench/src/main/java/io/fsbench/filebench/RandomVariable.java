package io.fsbench.filebench;

/**
 * A value that filebench reads afresh each time it is used: a constant, a built-in {@link Randvar}
 * or a {@link Cvar}. Implementations are thread-safe, as filebench's are (a lock per cvar, one
 * process-wide {@code drand48}).
 */
interface RandomVariable {

  /** The next value, as {@code vars.c: avd_get_dbl} reads it. */
  double next();

  /**
   * The next value as {@code vars.c: avd_get_int} reads it: truncated towards zero. filebench casts
   * a negative value to {@code uint64_t}, which C leaves undefined; fsbench gives 0 instead.
   */
  default long nextInteger() {
    double value = next();
    if (!(value > 0)) {
      return 0;
    }
    return value >= 0x1p63 ? Long.MAX_VALUE : (long) value;
  }

  /** How errors and reports show this variable. */
  String describe();

  static RandomVariable constant(long value) {
    return new Constant(value);
  }

  /** A number written as it is: the same each time. */
  record Constant(long value) implements RandomVariable {

    @Override
    public double next() {
      return value;
    }

    @Override
    public long nextInteger() {
      return value;
    }

    @Override
    public String describe() {
      return Long.toString(value);
    }
  }
}
