package io.fsbench;

import io.fsbench.api.JobSpec;
import io.fsbench.api.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Fits a check's block jobs into its share of a qualification's time: a time-based job's runtime is
 * shortened to the share, and a job that ends when its size is done is capped at it (as fio's
 * {@code runtime} caps one), so that it stops at the deadline. Other workloads cannot be sized; the
 * deadline stops them.
 */
final class BudgetSizing {

  /** Below this a check measures too little to be worth running. */
  static final Duration MIN_SHARE = Duration.ofMillis(500);

  /**
   * The workloads as they will run.
   *
   * @param capMillis per job, the runtime cap this sizing set on a job that ends by its size (where
   *     reaching it means the deadline cut the job short); 0 where none was set
   * @param notes what was changed, for the check's parameters
   */
  record Sized(List<Workload> workloads, List<Long> capMillis, List<String> notes) {
    Sized {
      workloads = List.copyOf(workloads);
      capMillis = List.copyOf(capMillis);
      notes = List.copyOf(notes);
    }
  }

  private BudgetSizing() {}

  /**
   * Sizes the check's jobs to share its time equally; with {@code share} null (no budget) they run
   * as given.
   */
  static Sized size(List<Workload> workloads, Duration share) {
    List<Workload> sized = new ArrayList<>();
    List<Long> caps = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Duration perJob = share == null ? null : share.dividedBy(workloads.size());
    for (Workload workload : workloads) {
      if (perJob == null || !(workload.spec() instanceof JobSpec job)) {
        sized.add(workload);
        caps.add(0L);
        continue;
      }
      Duration runtime = job.runtime();
      boolean untimed = runtime.isZero();
      if (!untimed && runtime.compareTo(perJob) <= 0) {
        sized.add(workload);
        caps.add(job.timeBased() ? 0L : runtime.toMillis());
        continue;
      }
      // whole milliseconds: a job's runtime is counted in them
      Duration fitted = Duration.ofMillis(Math.max(1, perJob.toMillis()));
      sized.add(job.toBuilder().runtime(fitted).build());
      caps.add(job.timeBased() ? 0L : fitted.toMillis());
      notes.add(
          job.name()
              + (untimed
                  ? ": capped at " + seconds(fitted) + " to fit the budget"
                  : ": runtime "
                      + seconds(runtime)
                      + " shortened to "
                      + seconds(fitted)
                      + " to fit the budget"));
    }
    return new Sized(sized, caps, notes);
  }

  /**
   * The time the next check gets: what is left, less a reserve for making and releasing volumes,
   * shared equally among the checks still to run; the last gets all that is left.
   */
  static Duration share(Duration left, int checksLeft) {
    Duration reserve = min(Duration.ofSeconds(3), left.multipliedBy(15).dividedBy(100));
    Duration usable = left.minus(reserve);
    return usable.isNegative() ? Duration.ZERO : usable.dividedBy(Math.max(1, checksLeft));
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  static String seconds(Duration d) {
    return Quantities.number(d.toMillis() / 1000.0) + " s";
  }
}
