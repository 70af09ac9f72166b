package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.fsbench.api.InvalidInputException;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * filebench's random variables: the generators against glibc's numbers, and every distribution's
 * mean and variance against its formula, within statistical bounds, for a fixed seed.
 */
class RandomVariableTest {

  private static final int DRAWS = 400_000;

  /** Mean and variance of {@code DRAWS} draws. */
  private record Moments(double mean, double variance) {

    static Moments of(DoubleSupplier draw) {
      double sum = 0;
      double squares = 0;
      for (int i = 0; i < DRAWS; i++) {
        double x = draw.getAsDouble();
        sum += x;
        squares += x * x;
      }
      double mean = sum / DRAWS;
      return new Moments(mean, squares / DRAWS - mean * mean);
    }

    /** The mean within 5 standard errors, the variance within {@code relative} of the formula. */
    void matches(double mean, double variance, double relative) {
      assertThat(this.mean).isCloseTo(mean, within(5 * Math.sqrt(variance / DRAWS)));
      assertThat(this.variance).isCloseTo(variance, within(relative * variance));
    }
  }

  private static final UniformSource NO_DRAND48 =
      () -> {
        throw new AssertionError("this variable must not draw from the shared drand48");
      };

  private static Cvar cvar(String type, String parameters) {
    return Cvar.define(
        "x", type, parameters, null, null, null, UniformSource.seeded(7), Rand48.srand48(7));
  }

  @Test
  void rand48GivesGlibcsNumbers() {
    // printed by a C program calling glibc's drand48 unseeded, erand48 and srand48(42)
    Rand48 unseeded = Rand48.unseeded();
    assertThat(unseeded.nextDouble()).isEqualTo(3.907985046680551e-14);
    assertThat(unseeded.nextDouble()).isEqualTo(0.00098539467465030839);
    assertThat(unseeded.nextDouble()).isEqualTo(0.041631001594613082);
    assertThat(Rand48.fromRandvarSeed(0x9abc56781234L).nextDouble()).isEqualTo(0.286599243634722);
    assertThat(Rand48.srand48(42).nextDouble()).isEqualTo(0.74452500006100664);
  }

  @Test
  void knuthGammaOnTheUnseededDrand48GivesFilebenchsNumbers() {
    // printed by a C program linking filebench's gamma_dist.c, drawing as the tree of 10000 files
    // of dirwidth 20 draws: a depth, then a width, per directory; then one of shape 0.5
    double[] filebench = {
      1.0248290491206773, 9.1469806377378404, 7.4233067840592781, 12.292803830628726,
      0.39343847359533185, 9.7037309038598831, 1.1972776676232835, 32.313245772774827
    };
    Rand48 drand48 = Rand48.unseeded();
    double meanDepth = Math.log(10000) / Math.log(20);
    for (int i = 0; i < filebench.length; i += 2) {
      assertThat(KnuthGamma.sample(1.5, meanDepth / 1.5, drand48))
          .isCloseTo(filebench[i], within(1e-12 * filebench[i]));
      assertThat(KnuthGamma.sample(1.5, 20 / 1.5, drand48))
          .isCloseTo(filebench[i + 1], within(1e-12 * filebench[i + 1]));
    }
    assertThat(KnuthGamma.sample(0.5, 2.0, drand48)).isCloseTo(0.071004381552481066, within(1e-12));
  }

  @Test
  void seededSourceRepeatsForTheSameSeed() {
    UniformSource a = UniformSource.seeded(99);
    UniformSource b = UniformSource.seeded(99);
    for (int i = 0; i < 100; i++) {
      assertThat(a.nextDouble()).isEqualTo(b.nextDouble());
    }
  }

  @Test
  void knuthGammaHasShapeTimesScaleMeanForLargeAndSmallShapes() {
    Rand48 source = Rand48.srand48(1);
    double scale = 16384 / 1.5;
    Moments.of(() -> KnuthGamma.sample(1.5, scale, source))
        .matches(16384, 1.5 * scale * scale, 0.03);
    Moments.of(() -> KnuthGamma.sample(0.5, 10, source)).matches(5, 0.5 * 100, 0.04);
  }

  @Test
  void cvarGammaTakesMeanAndGammaAndDrawsFromTheSharedDrand48() {
    Rand48 shared = Rand48.srand48(3);
    Cvar gamma =
        Cvar.define(
            "s", "cvar-gamma", "mean:16384;gamma:1.5", null, null, null, NO_DRAND48, shared);
    Moments.of(gamma::next).matches(16384, 16384.0 * 16384 / 1.5, 0.03);

    Cvar defaults = Cvar.define("d", "cvar-gamma", null, null, null, null, NO_DRAND48, shared);
    Moments.of(defaults::next).matches(4096, 4096.0 * 4096 / 1.5, 0.03);
  }

  @Test
  void everyCvarTypeHasItsFormulasMeanAndVariance() {
    Moments.of(cvar("cvar-normal", "mean:1000;sigma:100")::next).matches(1000, 10_000, 0.03);
    double mu = 1;
    double sigma = 0.5;
    Moments.of(cvar("cvar-lognormal", "shape:0.5;scale:1")::next)
        .matches(
            Math.exp(mu + sigma * sigma / 2),
            (Math.exp(sigma * sigma) - 1) * Math.exp(2 * mu + sigma * sigma),
            0.04);
    Moments.of(cvar("cvar-exponential", "mean:50")::next).matches(50, 2500, 0.03);
    // cvar-erlang's "rate" is the distribution's mean
    Moments.of(cvar("cvar-erlang", "shape:3;rate:30")::next).matches(30, 300, 0.03);
    Moments.of(cvar("cvar-triangular", "lower:0;upper:10;mode:2")::next)
        .matches(4, 84.0 / 18, 0.03);
    Moments.of(cvar("cvar-uniform", "lower:4096;upper:8192")::next)
        .matches(6144, 4096.0 * 4096 / 12, 0.03);
    double gammaOneAndHalf = Math.sqrt(Math.PI) / 2;
    Moments.of(cvar("cvar-weibull", "shape:2;scale:10")::next)
        .matches(10 * gammaOneAndHalf, 100 * (1 - gammaOneAndHalf * gammaOneAndHalf), 0.03);
  }

  @Test
  void cvarDefaultsAreTheLibrariesDefaults() {
    Moments.of(cvar("cvar-uniform", null)::next).matches(0.5, 1.0 / 12, 0.03);
    Moments.of(cvar("cvar-exponential", "")::next).matches(1, 1, 0.03);
    Moments.of(cvar("cvar-triangular", ";")::next).matches(0.5, 0.75 / 18, 0.03);
  }

  @Test
  void cvarRoundsThenClampsAndNeverGoesBelowTheSmallestPositiveDouble() {
    Cvar rounded =
        Cvar.define(
            "r",
            "cvar-uniform",
            "lower:0;upper:100000",
            5000.0,
            60000.0,
            1024.0,
            UniformSource.seeded(1),
            NO_DRAND48);
    for (int i = 0; i < 10_000; i++) {
      double v = rounded.next();
      assertThat(v).isBetween(5000.0, 60000.0);
      assertThat(v == 5000.0 || v == 60000.0 || v % 1024 == 0).as("%s", v).isTrue();
    }
    Cvar negative = cvar("cvar-normal", "mean:-1000;sigma:1");
    assertThat(negative.next()).isEqualTo(Double.MIN_NORMAL);
    assertThat(negative.nextInteger()).isZero();
  }

  @Test
  void cvarRefusesUnknownTypesAndParametersByName() {
    assertThatThrownBy(() -> cvar("cvar-pareto", "mean:1"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("cvar-pareto")
        .hasMessageContaining("cvar-gamma, cvar-lognormal");
    assertThatThrownBy(() -> cvar("cvar-gamma", "mean:1;shape:2"))
        .hasMessageContaining("cvar-gamma has no parameter 'shape'")
        .hasMessageContaining("mean, gamma");
    assertThatThrownBy(() -> cvar("cvar-gamma", "mean"))
        .hasMessageContaining("'mean' has no value");
    assertThatThrownBy(() -> cvar("cvar-gamma", "mean:1;mean:2")).hasMessageContaining("twice");
    assertThatThrownBy(() -> cvar("cvar-gamma", "mean:16k"))
        .hasMessageContaining("mean (16k) is not a number");
    assertThatThrownBy(() -> cvar("cvar-gamma", "gamma:0")).hasMessageContaining("gamma (0.0)");
    assertThatThrownBy(() -> cvar("cvar-triangular", "lower:0;upper:1;mode:2"))
        .hasMessageContaining("mode (2.0)");
  }

  @Test
  void uniformRandvarSpansMinToTwiceTheMeanLessMin() {
    Randvar uniform =
        Randvar.define(
            "u", Randvar.Type.UNIFORM, 1000, 0, 1500, 3000L, List.of(), Rand48.fromRandvarSeed(0));
    Moments moments = Moments.of(uniform::next);
    moments.matches(3000, 4000.0 * 4000 / 12, 0.03);
  }

  @Test
  void gammaRandvarAddsMinAndScalesTheRestToTheMean() {
    Randvar gamma =
        Randvar.define(
            "g", Randvar.Type.GAMMA, 1024, 0, 1500, 5632L, List.of(), Rand48.fromRandvarSeed(5));
    double rest = 5632 - 1024;
    Moments.of(gamma::next).matches(5632, rest * rest / 1.5, 0.03);
  }

  @Test
  void gammaRandvarWithoutMeanTakesTheShapeAsItsMeanAsFilebenchDoes() {
    Randvar odd =
        Randvar.define(
            "i", Randvar.Type.GAMMA, 0, 0, 100, null, List.of(), Rand48.fromRandvarSeed(0));
    assertThat(odd.mean()).isEqualTo(0.1);
    Moments.of(odd::next).matches(0.1, 0.1 * 0.1 / 0.1, 0.05);
  }

  @Test
  void tabularRandvarDrawsWithinItsRowsAndRounds() {
    List<Randvar.TableRow> table =
        List.of(new Randvar.TableRow(50, 1024, 1024), new Randvar.TableRow(50, 4096, 8192));
    Randvar tab =
        Randvar.define(
            "t", Randvar.Type.UNIFORM, 1024, 512, 1500, null, table, Rand48.fromRandvarSeed(1));
    assertThat(tab.type()).isEqualTo(Randvar.Type.TABLE);
    assertThat(tab.mean()).isEqualTo((1024 * 50 + 6144 * 50) / 100.0);
    int low = 0;
    for (int i = 0; i < 100_000; i++) {
      double v = tab.next();
      assertThat(v % 512).isZero();
      if (v == 1024) {
        low++;
      } else {
        assertThat(v).isBetween(4096.0, 8192.0);
      }
    }
    assertThat(low).isBetween(50_000 - 5 * 158, 50_000 + 5 * 158);
  }

  @Test
  void unseededRandvarsRepeatEachOther() {
    Randvar a =
        Randvar.define(
            "a",
            Randvar.Type.GAMMA,
            0,
            0,
            1500,
            100L,
            List.of(),
            Randvar.sourceFor("rand48", 0, null));
    Randvar b =
        Randvar.define(
            "b",
            Randvar.Type.GAMMA,
            0,
            0,
            1500,
            100L,
            List.of(),
            Randvar.sourceFor("rand48", 0, null));
    for (int i = 0; i < 100; i++) {
      assertThat(a.next()).isEqualTo(b.next());
    }
  }

  @Test
  void randvarRefusesTablesThatDoNotAddUpAndTabularWithoutTable() {
    assertThatThrownBy(
            () ->
                Randvar.define(
                    "t",
                    Randvar.Type.TABLE,
                    0,
                    0,
                    1500,
                    null,
                    List.of(new Randvar.TableRow(60, 1, 2)),
                    UniformSource.seeded(1)))
        .hasMessageContaining("add up to 60");
    assertThatThrownBy(
            () ->
                Randvar.define(
                    "t", Randvar.Type.TABLE, 0, 0, 1500, null, List.of(), UniformSource.seeded(1)))
        .hasMessageContaining("type=tabular needs a randtable");
    assertThatThrownBy(() -> Randvar.sourceFor("dev-random", 0, null))
        .hasMessageContaining("randsrc 'dev-random'");
  }
}
