package io.fsbench.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * One run of a {@link VsFio} row: its bandwidth (bytes/s), IOPS and p99 completion latency (ns).
 */
record VsFioSample(double bw, double iops, double p99) {

  static VsFioSample median(List<VsFioSample> samples) {
    return new VsFioSample(
        med(samples.stream().mapToDouble(VsFioSample::bw).toArray()),
        med(samples.stream().mapToDouble(VsFioSample::iops).toArray()),
        med(samples.stream().mapToDouble(VsFioSample::p99).toArray()));
  }

  private static double med(double[] values) {
    Arrays.sort(values);
    int n = values.length;
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT, "%.1f MiB/s, %.0f iops, p99 %.1f us", bw / 1048576, iops, p99 / 1000);
  }

  /**
   * Whether the two sides' runs are apart on bandwidth: {@code "<"} when every fsbench run was
   * slower than every fio run, {@code ">"} when faster, {@code "≈"} when they overlap.
   */
  static String apart(List<VsFioSample> fio, List<VsFioSample> own) {
    return apart(fio, own, VsFioSample::bw, true);
  }

  /**
   * Whether the two sides' p99 latencies are apart: {@code "<"} when every fsbench run's p99 was
   * above every fio run's (fsbench worse), {@code ">"} when below, {@code "≈"} when they overlap.
   */
  static String p99Apart(List<VsFioSample> fio, List<VsFioSample> own) {
    return apart(fio, own, VsFioSample::p99, false);
  }

  private static String apart(
      List<VsFioSample> fio,
      List<VsFioSample> own,
      ToDoubleFunction<VsFioSample> metric,
      boolean higherIsBetter) {
    double fioMin = fio.stream().mapToDouble(metric).min().orElseThrow();
    double fioMax = fio.stream().mapToDouble(metric).max().orElseThrow();
    double ownMin = own.stream().mapToDouble(metric).min().orElseThrow();
    double ownMax = own.stream().mapToDouble(metric).max().orElseThrow();
    boolean below = ownMax < fioMin;
    boolean above = ownMin > fioMax;
    if (!below && !above) {
      return "≈";
    }
    return below == higherIsBetter ? "<" : ">";
  }
}
