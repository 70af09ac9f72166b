package io.fsbench.junit;

/**
 * An expectation on one measured number, in the unit its name says (IOPS, bytes/s, bytes...). Each
 * check returns the expectations it came from, to chain the next.
 *
 * <pre>{@code
 * Expect.that(run).write().iops().atLeast(50_000).bwBytes().atMost(4e9);
 * }</pre>
 *
 * @param <P> the expectations to go on with
 */
public final class NumberExpectation<P> {

  private final P parent;
  private final String what;
  private final double actual;
  private final String unit;
  private final RunExpectation run;

  NumberExpectation(P parent, String what, double actual, String unit, RunExpectation run) {
    this.parent = parent;
    this.what = what;
    this.actual = actual;
    this.unit = unit;
    this.run = run;
  }

  /** Passes when the value is at least {@code expected}. */
  public P atLeast(double expected) {
    check("expected", expected);
    if (!(actual >= expected)) {
      throw Failures.mismatch(what, "at least " + format(expected), format(actual), run);
    }
    return parent;
  }

  /** Passes when the value is at most {@code expected}. */
  public P atMost(double expected) {
    check("expected", expected);
    if (!(actual <= expected)) {
      throw Failures.mismatch(what, "at most " + format(expected), format(actual), run);
    }
    return parent;
  }

  /** Passes when the value is in {@code [low, high]}. */
  public P between(double low, double high) {
    check("low", low);
    check("high", high);
    if (low > high) {
      throw new IllegalArgumentException("low (" + low + ") must not be above high (" + high + ")");
    }
    if (!(actual >= low && actual <= high)) {
      throw Failures.mismatch(
          what, "between " + format(low) + " and " + format(high), format(actual), run);
    }
    return parent;
  }

  private String format(double value) {
    return Failures.number(value) + (unit.isEmpty() ? "" : " " + unit);
  }

  private static void check(String name, double value) {
    if (Double.isNaN(value)) {
      throw new IllegalArgumentException(name + " (NaN) must be a number");
    }
  }
}
