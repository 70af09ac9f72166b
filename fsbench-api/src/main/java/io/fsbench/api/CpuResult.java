package io.fsbench.api;

/**
 * CPU used by a job's I/O threads, from getrusage(2), as fio reports it.
 *
 * @param usrCpu user time as a percentage of one CPU over the job's wall time
 * @param sysCpu system time as a percentage of one CPU over the job's wall time
 * @param ctx context switches, voluntary and involuntary
 * @param majf major page faults
 * @param minf minor page faults
 */
public record CpuResult(double usrCpu, double sysCpu, long ctx, long majf, long minf) {

  public static final CpuResult NONE = new CpuResult(0, 0, 0, 0, 0);

  public CpuResult {
    if (!(usrCpu >= 0) || !(sysCpu >= 0) || Double.isInfinite(usrCpu + sysCpu)) {
      throw new IllegalArgumentException(
          "usr_cpu (" + usrCpu + ") and sys_cpu (" + sysCpu + ") must be finite and >= 0");
    }
    if (ctx < 0 || majf < 0 || minf < 0) {
      throw new IllegalArgumentException(
          "ctx (" + ctx + "), majf (" + majf + ") and minf (" + minf + ") must not be negative");
    }
  }
}
