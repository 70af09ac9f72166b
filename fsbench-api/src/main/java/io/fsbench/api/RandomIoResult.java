package io.fsbench.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a {@link RandomIoSpec} run measured: the file's creation, and randomio's samples, each with
 * its total, read and write IOPS and the read and write latencies' min, mean, max and standard
 * deviation, timed in nanoseconds (randomio uses gettimeofday, microseconds). Metrics are in
 * nanoseconds, as every fsbench latency; {@link #report} prints randomio's table in milliseconds.
 *
 * @param spec the spec that ran
 * @param createTime writing and syncing the file before the random I/O
 * @param createBytes the file's size
 * @param samples randomio's samples, in order
 * @param fsyncs fsyncs made after writes, over all samples
 */
public record RandomIoResult(
    RandomIoSpec spec, Duration createTime, long createBytes, List<Sample> samples, long fsyncs)
    implements WorkloadResult {

  public RandomIoResult {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(createTime, "createTime");
    samples = List.copyOf(samples);
    if (samples.isEmpty()) {
      throw new IllegalArgumentException("a randomio result needs at least one sample");
    }
  }

  /**
   * One direction's latencies over a sample, kept as randomio keeps them.
   *
   * @param count I/Os completed
   * @param sumNanos their latencies' sum
   * @param sumSquares the sum of their squares, in ns²
   * @param minNanos the shortest (0 without I/O)
   * @param maxNanos the longest
   */
  public record Latencies(
      long count, double sumNanos, double sumSquares, long minNanos, long maxNanos) {

    public double meanNanos() {
      return sumNanos / count;
    }

    /** randomio's sdev: √((Σx² − (Σx)²/n)/(n−1)); NaN below two I/Os, as randomio prints nan. */
    public double stdevNanos() {
      return Math.sqrt(Math.max(0, sumSquares - sumNanos * sumNanos / count) / (count - 1));
    }

    /** Both sets together, for a whole run's figures. */
    public Latencies plus(Latencies other) {
      if (count == 0) {
        return other;
      }
      if (other.count == 0) {
        return this;
      }
      return new Latencies(
          count + other.count,
          sumNanos + other.sumNanos,
          sumSquares + other.sumSquares,
          Math.min(minNanos, other.minNanos),
          Math.max(maxNanos, other.maxNanos));
    }
  }

  /**
   * One sample: from the previous sample's clock reading (or the threads' start) to this one's.
   *
   * @param length the time the rates are over
   * @param read reads
   * @param write writes (their latency includes the fsync that followed some)
   */
  public record Sample(Duration length, Latencies read, Latencies write) {
    public Sample {
      Objects.requireNonNull(length, "length");
      Objects.requireNonNull(read, "read");
      Objects.requireNonNull(write, "write");
    }

    double seconds() {
      return Math.max(length.toNanos(), 1) / 1e9;
    }

    public double iops() {
      return (read.count() + write.count()) / seconds();
    }

    public double readIops() {
      return read.count() / seconds();
    }

    public double writeIops() {
      return write.count() / seconds();
    }
  }

  @Override
  public String workload() {
    return spec.name();
  }

  /** The create phase's rate: the file's bytes over the time to write and sync them. */
  public double createBytesPerSec() {
    return createBytes / (Math.max(createTime.toNanos(), 1) / 1e9);
  }

  /** Every sample as one: the total time and all I/Os. */
  public Sample total() {
    Duration length = Duration.ZERO;
    Latencies read = new Latencies(0, 0, 0, 0, 0);
    Latencies write = read;
    for (Sample s : samples) {
      length = length.plus(s.length());
      read = read.plus(s.read());
      write = write.plus(s.write());
    }
    return new Sample(length, read, write);
  }

  @Override
  public List<Metric> metrics() {
    List<Metric> metrics = new ArrayList<>();
    metrics.add(Metric.of("iops", total().iops(), Unit.IOPS));
    metrics.add(Metric.of("create.bytes_per_sec", createBytesPerSec(), Unit.BYTES_PER_SEC));
    metrics.add(Metric.of("create.seconds", createTime.toNanos() / 1e9, Unit.SECONDS));
    add(metrics, "", total());
    metrics.add(Metric.of("fsyncs", fsyncs, Unit.COUNT));
    if (samples.size() > 1) {
      for (int i = 0; i < samples.size(); i++) {
        metrics.add(Metric.of("sample" + (i + 1) + ".iops", samples.get(i).iops(), Unit.IOPS));
        add(metrics, "sample" + (i + 1) + ".", samples.get(i));
      }
    }
    return List.copyOf(metrics);
  }

  /** Rates and latencies of one sample; a latency that needs more I/Os than it had is left out. */
  private static void add(List<Metric> metrics, String prefix, Sample sample) {
    metrics.add(Metric.of(prefix + "read.iops", sample.readIops(), Unit.IOPS));
    metrics.add(Metric.of(prefix + "write.iops", sample.writeIops(), Unit.IOPS));
    metrics.add(Metric.of(prefix + "seconds", sample.seconds(), Unit.SECONDS));
    latencies(metrics, prefix + "read.", sample.read());
    latencies(metrics, prefix + "write.", sample.write());
  }

  private static void latencies(List<Metric> metrics, String prefix, Latencies l) {
    metrics.add(Metric.of(prefix + "ios", l.count(), Unit.COUNT));
    if (l.count() > 0) {
      metrics.add(Metric.of(prefix + "lat_min", l.minNanos(), Unit.NANOSECONDS));
      metrics.add(Metric.of(prefix + "lat_mean", l.meanNanos(), Unit.NANOSECONDS));
      metrics.add(Metric.of(prefix + "lat_max", l.maxNanos(), Unit.NANOSECONDS));
    }
    if (l.count() > 1) {
      metrics.add(Metric.of(prefix + "lat_stdev", l.stdevNanos(), Unit.NANOSECONDS));
    }
  }

  @Override
  public Metric headline() {
    return Metric.of("iops", total().iops(), Unit.IOPS);
  }

  /**
   * The classic table's randomio rows: create MB/s, random IOPS, and the read and write latencies'
   * mean and standard deviation, where there were I/Os to measure them.
   */
  @Override
  public List<Metric> headlines() {
    List<Metric> rows = new ArrayList<>();
    for (String name :
        List.of(
            "iops",
            "create.bytes_per_sec",
            "read.lat_mean",
            "read.lat_stdev",
            "write.lat_mean",
            "write.lat_stdev")) {
      metric(name).ifPresent(rows::add);
    }
    return List.copyOf(rows);
  }

  /** randomio's table, one line per sample, latencies in milliseconds. */
  public String report() {
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(
            Locale.ROOT,
            "create: %d bytes in %.3f s, %.1f MB/s%n",
            createBytes,
            createTime.toNanos() / 1e9,
            createBytesPerSec() / 1e6));
    s.append("  total |  read:         latency (ms)       |  write:        latency (ms)\n");
    s.append("   iops |   iops   min    avg    max   sdev |   iops   min    avg    max   sdev\n");
    s.append("--------+-----------------------------------+----------------------------------\n");
    for (Sample sample : samples) {
      s.append(String.format(Locale.ROOT, "%7.1f", sample.iops()));
      s.append(direction(sample.readIops(), sample.read()));
      s.append(direction(sample.writeIops(), sample.write()));
      s.append('\n');
    }
    return s.toString();
  }

  private static String direction(double iops, Latencies l) {
    return String.format(
        Locale.ROOT,
        " |%7.1f %5.1f %6.1f %6.1f %6.1f",
        iops,
        l.minNanos() / 1e6,
        l.meanNanos() / 1e6,
        l.maxNanos() / 1e6,
        l.stdevNanos() / 1e6);
  }
}
