package io.fsbench;

import io.fsbench.api.DirectionResult;
import io.fsbench.api.JobResult;
import io.fsbench.api.LatencyResult;
import io.fsbench.api.Metric;
import io.fsbench.api.RunResult;
import io.fsbench.api.Unit;
import io.fsbench.api.WorkloadResult;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/** Reads a {@link Measure} from a run: its value, or why the run does not have it. */
final class MeasureReader {

  /** A value, or (value NaN) the reason there is none. */
  record Reading(double value, String missing) {
    static Reading of(double value) {
      return new Reading(value, "");
    }

    static Reading none(String why) {
      return new Reading(Double.NaN, why);
    }

    boolean present() {
      return missing.isEmpty();
    }
  }

  private MeasureReader() {}

  static Reading read(Measure measure, RunResult run) {
    return switch (measure.quantity()) {
      case IOPS -> rate(measure, run, DirectionResult::iops);
      case BANDWIDTH -> rate(measure, run, d -> (double) d.bwBytes());
      case COMPLETION_LATENCY -> completion(measure, run);
      case SYNC_LATENCY -> sync(measure, run);
      case LATENCY ->
          run.jobs().stream().anyMatch(j -> j.sync().totalIos() > 0)
              ? sync(measure, run)
              : completion(measure, run);
      case FILES_PER_SEC -> byUnit(run, Unit.FILES_PER_SEC);
      case TRANSACTIONS_PER_SEC -> byUnit(run, Unit.TRANSACTIONS_PER_SEC);
    };
  }

  private interface Rate {
    double of(DirectionResult direction);
  }

  private static Reading rate(Measure measure, RunResult run, Rate rate) {
    double sum = 0;
    boolean any = false;
    for (JobResult job : run.jobs()) {
      for (DirectionResult d : directions(measure, job)) {
        sum += rate.of(d);
        any = true;
      }
    }
    return any ? Reading.of(sum) : Reading.none(noIo(measure, run));
  }

  private static Reading completion(Measure measure, RunResult run) {
    List<LatencyResult> latencies = new ArrayList<>();
    for (JobResult job : run.jobs()) {
      for (DirectionResult d : directions(measure, job)) {
        latencies.add(d.clat());
      }
    }
    if (latencies.isEmpty()) {
      return Reading.none(noIo(measure, run));
    }
    return worst(measure, latencies, "completion latency");
  }

  private static Reading sync(Measure measure, RunResult run) {
    List<LatencyResult> latencies = new ArrayList<>();
    for (JobResult job : run.jobs()) {
      if (job.sync().totalIos() > 0) {
        latencies.add(job.sync().lat());
      }
    }
    if (latencies.isEmpty()) {
      return Reading.none("the run made no fsync/fdatasync calls");
    }
    return worst(measure, latencies, "sync latency");
  }

  private static Reading worst(Measure measure, List<LatencyResult> latencies, String what) {
    long worst = -1;
    for (LatencyResult latency : latencies) {
      if (!latency.hasSamples()) {
        continue;
      }
      OptionalLong value = latency.percentile(measure.percentile());
      if (value.isEmpty()) {
        return Reading.none(
            "the run recorded no "
                + JobResult.percentileName(measure.percentile())
                + " of its "
                + what
                + ", only "
                + latency.percentiles().keySet());
      }
      worst = Math.max(worst, value.getAsLong());
    }
    return worst < 0 ? Reading.none("the run has no samples of its " + what) : Reading.of(worst);
  }

  private static List<DirectionResult> directions(Measure measure, JobResult job) {
    List<DirectionResult> list = new ArrayList<>();
    if (measure.direction() != Measure.Direction.WRITE && job.read().hasIo()) {
      list.add(job.read());
    }
    if (measure.direction() != Measure.Direction.READ && job.write().hasIo()) {
      list.add(job.write());
    }
    return list;
  }

  private static String noIo(Measure measure, RunResult run) {
    if (run.jobs().isEmpty()) {
      return run.workload() + " is not a block job, so it has no " + measure.name();
    }
    return "the run did no "
        + (measure.direction() == Measure.Direction.ALL
            ? "reads or writes"
            : measure.direction().name().toLowerCase(java.util.Locale.ROOT) + "s");
  }

  /** The headline when it has the unit, else the first metric with it. */
  private static Reading byUnit(RunResult run, Unit unit) {
    WorkloadResult result = run.result();
    if (result.headline().unit() == unit) {
      return Reading.of(result.headline().value());
    }
    return result.metrics().stream()
        .filter(m -> m.unit() == unit)
        .map(Metric::value)
        .findFirst()
        .map(Reading::of)
        .orElseGet(() -> Reading.none(run.workload() + " measures no " + unit.symbol() + " rate"));
  }
}
