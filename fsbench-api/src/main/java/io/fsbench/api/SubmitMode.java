package io.fsbench.api;

import java.util.Locale;

/**
 * fio's {@code io_submit_mode}: who issues a job's I/Os.
 *
 * <pre>{@code
 * // fio's fixed-rate-submission example: 1000 reads a second whatever the device does
 * JobSpec job = JobSpec.seqRead(Size.kib(4)).ioEngine(IoEngine.LIBAIO).ioDepth(32)
 *     .rate(new JobSpec.RateLimit(0, 0, 1000, 0)).submitMode(SubmitMode.OFFLOAD).build();
 * }</pre>
 */
public enum SubmitMode {
  /**
   * fio's default: the job's thread issues and reaps its I/Os itself; before it waits for its rate
   * it waits for every I/O in flight (fio's {@code io_u_quiesce} in {@code rate_ddir}).
   */
  INLINE,
  /**
   * A pool of {@code iodepth} threads issues the I/Os, each one at a time, while the job's thread
   * keeps to its rate whatever the completions do; the submission latency includes the wait for a
   * free thread.
   */
  OFFLOAD;

  /** fio's spelling, {@code inline} or {@code offload}. */
  public static SubmitMode parse(String value) {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "inline" -> INLINE;
      case "offload" -> OFFLOAD;
      default ->
          throw new InvalidInputException(
              "io_submit_mode (" + value + ") must be 'inline' (fio's default) or 'offload'");
    };
  }
}
