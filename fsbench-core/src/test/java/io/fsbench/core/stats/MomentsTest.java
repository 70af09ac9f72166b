package io.fsbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Random;
import java.util.stream.LongStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class MomentsTest {

  @Test
  void matchesATwoPassComputationOverManySamples() {
    long[] samples = new Random(1).longs(200_000, 10_000, 5_000_000).toArray();
    Moments moments = new Moments();
    LongStream.of(samples).forEach(moments::add);

    TwoPass exact = TwoPass.of(samples);
    assertThat(moments.count()).isEqualTo(samples.length);
    assertThat(moments.min()).isEqualTo(LongStream.of(samples).min().orElseThrow());
    assertThat(moments.max()).isEqualTo(LongStream.of(samples).max().orElseThrow());
    assertThat(moments.mean()).isCloseTo(exact.mean, relative(exact.mean));
    assertThat(moments.stddev()).isCloseTo(exact.stddev, relative(exact.stddev));
  }

  @Test
  void stddevDividesByNMinusOneAsFio() {
    Moments moments = new Moments();
    moments.add(2);
    moments.add(4);

    assertThat(moments.mean()).isEqualTo(3.0);
    assertThat(moments.stddev()).isCloseTo(Math.sqrt(2), within(1e-15));
  }

  @Test
  void isAllZeroWithoutSamplesAndHasNoSpreadWithOne() {
    Moments moments = new Moments();
    assertThat(moments.min()).isZero();
    assertThat(moments.max()).isZero();
    assertThat(moments.mean()).isZero();

    moments.add(7);
    assertThat(moments.min()).isEqualTo(7);
    assertThat(moments.stddev()).isZero();
  }

  @Test
  void mergingEqualsAddingEverythingToOne() {
    Random random = new Random(2);
    Moments all = new Moments();
    Moments[] parts = {new Moments(), new Moments(), new Moments()};
    for (int i = 0; i < 100_000; i++) {
      long value = (long) (random.nextGaussian() * 1000 + 50_000) + (i % 3) * 20_000L;
      all.add(value);
      parts[i % 3].add(value);
    }
    Moments merged = new Moments();
    for (Moments part : parts) {
      merged.merge(part);
    }

    assertThat(merged.count()).isEqualTo(all.count());
    assertThat(merged.min()).isEqualTo(all.min());
    assertThat(merged.max()).isEqualTo(all.max());
    assertThat(merged.mean()).isCloseTo(all.mean(), relative(all.mean()));
    assertThat(merged.stddev()).isCloseTo(all.stddev(), relative(all.stddev()));
  }

  @Test
  void mergingNothingChangesNothing() {
    Moments moments = new Moments();
    moments.add(5);
    moments.merge(new Moments());

    assertThat(moments.count()).isEqualTo(1);
    assertThat(moments.min()).isEqualTo(5);
  }

  @Test
  void pureSumAddsMinimaMaximaAndMeansAsFioDoesForBandwidth() {
    Moments first = new Moments();
    first.add(100);
    first.add(300);
    Moments second = new Moments();
    second.add(1000);
    second.add(1000);
    second.add(4000);

    Moments group = new Moments();
    group.pureSum(first);
    group.pureSum(second);

    assertThat(group.min()).isEqualTo(1100);
    assertThat(group.max()).isEqualTo(4300);
    assertThat(group.mean()).isEqualTo(200 + 2000);
    assertThat(group.count()).isEqualTo(5);
    assertThat(group.sumSquares()).isEqualTo(first.sumSquares() + second.sumSquares());
  }

  private static Offset<Double> relative(double expected) {
    return within(Math.abs(expected) * 1e-12);
  }

  private record TwoPass(double mean, double stddev) {
    static TwoPass of(long[] samples) {
      MathContext mc = MathContext.DECIMAL128;
      BigDecimal sum = BigDecimal.ZERO;
      for (long s : samples) {
        sum = sum.add(BigDecimal.valueOf(s));
      }
      BigDecimal mean = sum.divide(BigDecimal.valueOf(samples.length), mc);
      BigDecimal squares = BigDecimal.ZERO;
      for (long s : samples) {
        BigDecimal d = BigDecimal.valueOf(s).subtract(mean);
        squares = squares.add(d.multiply(d));
      }
      BigDecimal variance = squares.divide(BigDecimal.valueOf(samples.length - 1L), mc);
      return new TwoPass(mean.doubleValue(), variance.sqrt(mc).doubleValue());
    }
  }
}
