package io.fsbench.api;

import java.util.List;
import java.util.Objects;

/**
 * fio's per-I/O priorities of its libaio and io_uring engines ({@code cmdprio_percentage}, {@code
 * cmdprio_class}, {@code cmdprio}, {@code cmdprio_bssplit}): per direction, a list of shares, each
 * giving a percentage of the I/Os (of one block size, or of any) the priority it carries in its
 * request (the iocb's {@code aio_reqprio}, the SQE's {@code ioprio}). For each I/O one draw from 0
 * to 99 picks the share whose running total of percentages first exceeds it, or none, and then the
 * I/O keeps the job's own priority.
 *
 * <pre>{@code
 * // fio's cmdprio_percentage=20 cmdprio_class=1: a fifth of the I/Os real-time, level 0
 * CommandPriorities p = CommandPriorities.percentage(20, IoPriority.of(IoPriority.REAL_TIME, 0));
 * }</pre>
 *
 * @param read the shares of reads, in fio's order (by block size)
 * @param write the shares of writes
 */
public record CommandPriorities(List<Share> read, List<Share> write) {

  /** None: every I/O carries the job's priority. */
  public static final CommandPriorities NONE = new CommandPriorities(List.of(), List.of());

  /**
   * One share.
   *
   * @param blockSize the block size it applies to in bytes, 0 for every block size
   * @param percent the percentage of those I/Os, 1 to 100
   * @param priority the priority they carry
   */
  public record Share(long blockSize, int percent, IoPriority priority) {
    public Share {
      Objects.requireNonNull(priority, "priority");
      if (blockSize < 0) {
        throw new InvalidInputException(
            "cmdprio_bssplit block size (" + blockSize + ") must not be negative");
      }
      if (percent < 1 || percent > 100) {
        throw new InvalidInputException(
            "cmdprio percentage (" + percent + ") must be from 1 to 100");
      }
      if (!priority.isSet()) {
        throw new InvalidInputException("a cmdprio share needs a priority class and level");
      }
    }
  }

  public CommandPriorities {
    read = List.copyOf(read);
    write = List.copyOf(write);
    requireAtMost100(read);
    requireAtMost100(write);
  }

  /** fio's {@code cmdprio_percentage}: {@code percent} % of the I/Os of both directions. */
  public static CommandPriorities percentage(int percent, IoPriority priority) {
    List<Share> shares = List.of(new Share(0, percent, priority));
    return new CommandPriorities(shares, shares);
  }

  /** Whether any I/O may carry a priority of its own. */
  public boolean isSet() {
    return !read.isEmpty() || !write.isEmpty();
  }

  /** The shares of reads (index 0) or writes (1). */
  public List<Share> of(int direction) {
    return direction == 0 ? read : write;
  }

  /** fio's check per block size: the shares of one block size must not exceed 100 %. */
  private static void requireAtMost100(List<Share> shares) {
    for (Share share : shares) {
      int total = 0;
      for (Share other : shares) {
        if (other.blockSize() == share.blockSize()) {
          total += other.percent();
        }
      }
      if (total > 100) {
        throw new InvalidInputException(
            "cmdprio_bssplit total percentage for bs "
                + share.blockSize()
                + " is "
                + total
                + ", above 100; lower the percentages of that block size");
      }
    }
  }
}
