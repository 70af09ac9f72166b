package io.fsbench.filebench;

/**
 * A gamma-distributed number as filebench draws one ({@code gamma_dist.c: gamma_dist_knuth_src},
 * repeated in {@code cvars/cvar-gamma.c}): Knuth's algorithm G (TAOCP vol. 2, 3rd ed., pp. 586-587)
 * for a shape up to 1, algorithm A (p. 134) above it, scaled by {@code scale}. The uniform numbers
 * are taken in the same order as filebench takes them, so a source that matches filebench's gives
 * filebench's numbers.
 */
final class KnuthGamma {

  private KnuthGamma() {}

  /** One draw: mean {@code shape * scale}, variance {@code shape * scale * scale}. */
  static double sample(double shape, double scale, UniformSource source) {
    return scale * (shape <= 1.0 ? smallShape(shape, source) : largeShape(shape, source));
  }

  /** Algorithm G: rejection from a mixture of a power and an exponential density. */
  private static double smallShape(double a, UniformSource source) {
    double p = Math.E / (a + Math.E);
    while (true) {
      double u = source.nextDouble();
      double v;
      do {
        v = source.nextDouble();
      } while (v == 0);
      double x;
      double q;
      if (u < p) {
        x = Math.pow(v, 1 / a);
        q = Math.exp(-x);
      } else {
        x = 1 - Math.log(v);
        q = Math.pow(x, a - 1);
      }
      if (source.nextDouble() < q) {
        return x;
      }
    }
  }

  /** Algorithm A: rejection from a Cauchy-like density around {@code a - 1}. */
  private static double largeShape(double a, UniformSource source) {
    double root = Math.sqrt(2 * a - 1);
    while (true) {
      double y = Math.tan(Math.PI * source.nextDouble());
      double x = root * y + a - 1;
      if (x <= 0) {
        continue;
      }
      double v = source.nextDouble();
      if (v <= (1 + y * y) * Math.exp((a - 1) * Math.log(x / (a - 1)) - root * y)) {
        return x;
      }
    }
  }
}
