package io.fsbench.api;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a job's preparation took. fio hides cache invalidation inside the measured runtime;
 * fsbench times it, and the file layout and page-cache drop, separately and never counts them as
 * I/O time.
 *
 * @param layout creating and preallocating the job's files ("Laying out IO file")
 * @param invalidate dropping the files' pages with posix_fadvise(DONTNEED)
 * @param dropCaches dropping the whole page cache ({@code /proc/sys/vm/drop_caches})
 */
public record SetupTimes(Duration layout, Duration invalidate, Duration dropCaches) {

  /** Nothing was prepared. */
  public static final SetupTimes NONE = new SetupTimes(Duration.ZERO, Duration.ZERO, Duration.ZERO);

  public SetupTimes {
    nonNegative("layout", layout);
    nonNegative("invalidate", invalidate);
    nonNegative("dropCaches", dropCaches);
  }

  /** Both preparations' times added, for jobs reported together. */
  public SetupTimes plus(SetupTimes other) {
    return new SetupTimes(
        layout.plus(other.layout),
        invalidate.plus(other.invalidate),
        dropCaches.plus(other.dropCaches));
  }

  private static void nonNegative(String name, Duration value) {
    Objects.requireNonNull(value, name);
    if (value.isNegative()) {
      throw new IllegalArgumentException(name + " time (" + value + ") must not be negative");
    }
  }
}
