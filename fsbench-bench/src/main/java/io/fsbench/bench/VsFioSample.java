package io.fsbench.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

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
   * Whether the bandwidths of the two sides' runs are apart: {@code "<"} when every fsbench run was
   * slower than every fio run, {@code ">"} when faster, {@code "≈"} when they overlap.
   */
  static String apart(List<VsFioSample> fio, List<VsFioSample> own) {
    double fioMin = fio.stream().mapToDouble(VsFioSample::bw).min().orElseThrow();
    double fioMax = fio.stream().mapToDouble(VsFioSample::bw).max().orElseThrow();
    double ownMin = own.stream().mapToDouble(VsFioSample::bw).min().orElseThrow();
    double ownMax = own.stream().mapToDouble(VsFioSample::bw).max().orElseThrow();
    return ownMax < fioMin ? "<" : ownMin > fioMax ? ">" : "≈";
  }
}
