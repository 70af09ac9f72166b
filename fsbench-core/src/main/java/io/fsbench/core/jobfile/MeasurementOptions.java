package io.fsbench.core.jobfile;

import io.fsbench.api.Measurements;

/**
 * fio's measurement switches ({@code gtod_reduce}, {@code disable_*}, {@code *_percentiles}) for
 * {@link JobOptionParser}. As in fio, they apply in order: {@code gtod_reduce=1} switches the
 * others off, and a later line can switch one back on.
 */
final class MeasurementOptions {

  private boolean slat = true;
  private boolean clat = true;
  private boolean lat = true;
  private boolean bandwidth = true;
  private boolean clatPercentiles = true;
  private boolean latPercentiles;
  private boolean slatPercentiles;

  void apply(String key, String value) {
    boolean on = FioValues.bool(key, value);
    switch (key) {
      case "gtod_reduce" -> gtodReduce(on);
      case "disable_lat" -> lat = !on;
      case "disable_clat" -> clat = !on;
      case "disable_slat" -> slat = !on;
      case "disable_bw_measurement", "disable_bw" -> bandwidth = !on;
      case "clat_percentiles" -> clatPercentiles = on;
      case "lat_percentiles" -> latPercentiles = on;
      case "slat_percentiles" -> slatPercentiles = on;
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  /**
   * fio's {@code str_gtod_reduce_cb}: with 1, every measurement that needs a clock read goes off;
   * with 0 the others are left as they are.
   */
  private void gtodReduce(boolean on) {
    if (on) {
      slat = false;
      clat = false;
      lat = false;
      bandwidth = false;
      clatPercentiles = false;
      latPercentiles = false;
      slatPercentiles = false;
    }
  }

  /** As fio, a latency not measured has no percentiles either, whatever its flag says. */
  Measurements build() {
    return new Measurements(
        slat,
        clat,
        lat,
        bandwidth,
        clatPercentiles && clat,
        latPercentiles && lat,
        slatPercentiles && slat);
  }
}
