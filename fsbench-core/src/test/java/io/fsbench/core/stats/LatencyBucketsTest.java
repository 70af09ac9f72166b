package io.fsbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LatencyBucketsTest {

  @ParameterizedTest(name = "{0} ns counts in latency_{1}[\"{2}\"]")
  @CsvSource({
    "0, ns, 2",
    "1, ns, 2",
    "2, ns, 4",
    "3, ns, 4",
    "9, ns, 10",
    "749, ns, 750",
    "750, ns, 1000",
    "999, ns, 1000",
    "1000, us, 2",
    "1999, us, 2",
    "2000, us, 4",
    "999999, us, 1000",
    "1000000, ms, 2",
    "999999999, ms, 1000",
    "1000000000, ms, 2000",
    "1999999999, ms, 2000",
    "2000000000, ms, >=2000",
    "3600000000000, ms, >=2000"
  })
  void bucketKeyIsTheExclusiveUpperBound(long ns, String scale, String key) {
    LatencyBuckets buckets = new LatencyBuckets();
    buckets.record(ns);

    var percentages =
        switch (scale) {
          case "ns" -> buckets.nanoseconds(1);
          case "us" -> buckets.microseconds(1);
          default -> buckets.milliseconds(1);
        };
    assertThat(percentages).containsEntry(key, 100.0);
    assertThat(percentages.values().stream().mapToDouble(Double::doubleValue).sum())
        .isEqualTo(100.0);
  }

  @Test
  void showsABucketUnderOneHundredthOfAPercentAsOneHundredth() {
    LatencyBuckets buckets = new LatencyBuckets();
    buckets.record(5_000_000); // one slow I/O
    for (int i = 0; i < 19_999; i++) {
      buckets.record(1500);
    }

    assertThat(buckets.milliseconds(20_000)).containsEntry("10", 0.01).containsEntry("4", 0.0);
    assertThat(buckets.microseconds(20_000).get("2")).isCloseTo(99.995, within(1e-9));
  }

  @Test
  void isAPercentageOfAllReadWriteAndTrimIos() {
    LatencyBuckets buckets = new LatencyBuckets();
    buckets.record(30_000);

    assertThat(buckets.microseconds(4)).containsEntry("50", 25.0);
    assertThat(buckets.microseconds(0)).containsEntry("50", 0.0);
  }

  @Test
  void addingSumsEveryBucket() {
    LatencyBuckets first = new LatencyBuckets();
    first.record(5);
    LatencyBuckets second = new LatencyBuckets();
    second.record(5);
    second.record(5_000);

    first.add(second);

    assertThat(first.nanoseconds(3).get("10")).isCloseTo(200.0 / 3, within(1e-9));
    assertThat(first.microseconds(3).get("10")).isCloseTo(100.0 / 3, within(1e-9));
  }
}
