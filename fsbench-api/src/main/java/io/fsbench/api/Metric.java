package io.fsbench.api;

import java.util.Objects;

/**
 * One measured number with its name and unit, e.g. {@code write.bw = 5.2e8 bytes_per_sec} or {@code
 * create.files_per_sec}. Every workload result exposes its numbers as metrics, which is what
 * comparisons compute statistics over.
 *
 * @param name a dotted name, unique within a result, e.g. {@code write.clat.p99}
 * @param value the value in {@code unit}
 * @param unit its unit
 */
public record Metric(String name, double value, Unit unit) {

  public Metric {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(unit, "unit");
    if (!name.matches("[a-z0-9_.]+")) {
      throw new IllegalArgumentException(
          "metric name (" + name + ") must hold only a-z, 0-9, '_' and '.'");
    }
    if (Double.isNaN(value)) {
      throw new IllegalArgumentException("metric " + name + " is NaN; nothing was measured");
    }
  }

  public static Metric of(String name, double value, Unit unit) {
    return new Metric(name, value, unit);
  }

  public boolean higherIsBetter() {
    return unit.higherIsBetter();
  }
}
