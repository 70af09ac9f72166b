package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.core.nativeio.IoMechanism;

/**
 * The checks that a block job can run as specified: before any file is made ({@link
 * #requireUsable}), and once its queue shows which mechanism does the I/O ({@link
 * #requirePriorities}).
 */
final class JobUsability {

  private JobUsability() {}

  /** Refuses a job whose files ({@code fileSize} bytes each) cannot hold its smallest block. */
  static void requireUsable(JobSpec spec, long fileSize) {
    // a file that holds the smallest block has I/O to do: a bssplit's larger sizes give way to
    // one that fits, as fio's get_next_buflen does (seed 2042 case 665: 6250-byte files of a
    // 4000/8000-byte bssplit, which fio runs)
    int min = BlockSizes.minBlockSize(spec);
    if (fileSize < min) {
      throw new InvalidInputException(
          "job '"
              + spec.name()
              + "': its files are "
              + fileSize
              + " bytes, smaller than its smallest block size ("
              + min
              + "); give a larger size or filesize");
    }
    VerifyChecks.requireUsable(spec);
  }

  /**
   * Refuses I/O priorities ({@code prio}, {@code prioclass}, or {@code cmdprio_*} when {@code
   * commandPriorities}) on a queue whose I/O a thread pool makes: its threads would not carry them.
   */
  static void requirePriorities(JobSpec spec, IoMechanism mechanism, boolean commandPriorities) {
    if (commandPriorities && mechanism == IoMechanism.THREAD_POOL) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "job '"
              + spec.name()
              + "': cmdprio_percentage/cmdprio_bssplit need io_uring or libaio, and neither"
              + " works here (a thread pool cannot give one I/O a priority)");
    }
    if (spec.priority().isSet() && mechanism == IoMechanism.THREAD_POOL) {
      // the pool's threads, not this one, would make the I/O, without its priority
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "job '"
              + spec.name()
              + "': prio/prioclass need io_uring or libaio for iodepth > 1, and neither works"
              + " here (fsbench would run the I/O on a thread pool without the priority); use"
              + " iodepth=1 or a kernel with io_uring");
    }
  }
}
