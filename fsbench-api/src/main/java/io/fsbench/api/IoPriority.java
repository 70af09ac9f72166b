package io.fsbench.api;

/**
 * fio's {@code prio} and {@code prioclass}: the I/O priority each job clone's thread runs with, set
 * with ioprio_set(2) before its I/O starts, as fio's {@code thread_main} does. Without a class fio
 * takes best-effort; without a level, 0.
 *
 * <pre>{@code
 * // best-effort, level 7 (the lowest): fio's prio=7
 * JobSpec job = JobSpec.randRead(Size.kib(4)).priority(IoPriority.of(IoPriority.BEST_EFFORT, 7))
 *     .build();
 * }</pre>
 *
 * @param ioClass 1 real-time, 2 best-effort, 3 idle, 0 for best-effort as fio takes it; -1 when
 *     neither option is given
 * @param level 0 (highest) to 7 (lowest)
 */
public record IoPriority(int ioClass, int level) {

  /** The real-time class (needs CAP_SYS_ADMIN). */
  public static final int REAL_TIME = 1;

  /** The best-effort class, the kernel's default. */
  public static final int BEST_EFFORT = 2;

  /** The idle class: I/O only when no other is waiting. */
  public static final int IDLE = 3;

  /** No priority set: the thread keeps the one it has. */
  public static final IoPriority NONE = new IoPriority(-1, 0);

  public IoPriority {
    if (ioClass < -1 || ioClass > 3) {
      throw new InvalidInputException(
          "prioclass (" + ioClass + ") must be 0 to 3: 1 real-time, 2 best-effort, 3 idle");
    }
    if (level < 0 || level > 7) {
      throw new InvalidInputException(
          "prio (" + level + ") must be 0 (highest) to 7 (lowest), e.g. prio=4");
    }
  }

  /** A class and a level. */
  public static IoPriority of(int ioClass, int level) {
    return new IoPriority(ioClass, level);
  }

  /** Whether a priority is set. */
  public boolean isSet() {
    return ioClass >= 0;
  }

  /**
   * The value ioprio_set(2) takes: the class (best-effort for 0) shifted by 13, or'ed with the
   * level.
   */
  public int value() {
    return ((ioClass <= 0 ? BEST_EFFORT : ioClass) << 13) | level;
  }
}
