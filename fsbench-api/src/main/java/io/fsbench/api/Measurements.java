package io.fsbench.api;

/**
 * Which of fio's measurements a job takes: its {@code disable_*} switches and which latencies get
 * percentiles. fio's {@code gtod_reduce} is {@link #REDUCED}. A measurement switched off is
 * reported as fio reports it: a zero latency object, no bandwidth or IOPS samples.
 *
 * <pre>{@code
 * JobSpec job = JobSpec.randRead(Size.kib(4)).measurements(Measurements.FIO_DEFAULTS
 *     .percentiles(true, true, false)).build();
 * }</pre>
 *
 * @param slat measure submission latency ({@code disable_slat=0})
 * @param clat measure completion latency ({@code disable_clat=0}); the {@code latency_*} buckets
 *     come from it, so they stay empty without it, as in fio
 * @param lat measure total latency ({@code disable_lat=0})
 * @param bandwidth sample bandwidth and IOPS ({@code disable_bw_measurement=0})
 * @param clatPercentiles {@code clat_percentiles}
 * @param latPercentiles {@code lat_percentiles}
 * @param slatPercentiles {@code slat_percentiles}
 */
public record Measurements(
    boolean slat,
    boolean clat,
    boolean lat,
    boolean bandwidth,
    boolean clatPercentiles,
    boolean latPercentiles,
    boolean slatPercentiles) {

  /** fio's defaults: everything measured, percentiles of clat only. */
  public static final Measurements FIO_DEFAULTS =
      new Measurements(true, true, true, true, true, false, false);

  /** fio's {@code gtod_reduce=1}: no latency, no bandwidth samples, no percentiles. */
  public static final Measurements REDUCED =
      new Measurements(false, false, false, false, false, false, false);

  /** A copy with these percentile switches. */
  public Measurements percentiles(boolean clat, boolean lat, boolean slat) {
    return new Measurements(this.slat, this.clat, this.lat, bandwidth, clat, lat, slat);
  }
}
