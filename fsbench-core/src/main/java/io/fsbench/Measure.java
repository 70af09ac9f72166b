package io.fsbench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Unit;
import io.fsbench.api.Workload;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One number a {@link Qualification} reads from a run, named as {@code fsbench check --expect}
 * names it:
 *
 * <ul>
 *   <li>{@code iops}, {@code read.iops}, {@code write.iops}: I/Os per second over the runtime;
 *   <li>{@code bw}, {@code read.bw}, {@code write.bw}: bandwidth in bytes per second;
 *   <li>{@code clat.p99}, {@code read.clat.p99}, {@code write.clat.p99}: a completion-latency
 *       percentile (any of fio's, e.g. {@code p99.9}), in ns;
 *   <li>{@code sync.p99} ({@code fdatasync.p99}, {@code fsync.p99}): a percentile of the
 *       fsync/fdatasync calls' latency;
 *   <li>{@code p99}: the check's latency: its syncs' when its jobs sync, else its completions';
 *   <li>{@code files/s}, {@code transactions/s}: the rate of a file workload (fs_mark, PostMark).
 * </ul>
 *
 * <p>Without a direction, rates add up what every direction and job did, and latencies take the
 * worst (highest) of the directions and jobs that have one.
 *
 * <pre>{@code
 * Expectation fast = Measure.parse("write.iops").atLeast(50_000);
 * Expectation etcd = Measure.syncPercentile(99).atMost(Duration.ofMillis(10));
 * }</pre>
 *
 * @param quantity what is measured
 * @param direction which direction's I/O; {@link Direction#ALL} for the whole run
 * @param percentile the percentile of a latency, e.g. {@code 99.0}; 0 for rates
 */
public record Measure(Quantity quantity, Direction direction, double percentile) {

  /** What a measure reads. */
  public enum Quantity {
    IOPS("iops", Unit.IOPS),
    BANDWIDTH("bw", Unit.BYTES_PER_SEC),
    COMPLETION_LATENCY("clat", Unit.NANOSECONDS),
    SYNC_LATENCY("sync", Unit.NANOSECONDS),
    /** The syncs' latency when the jobs sync, else the completions'. */
    LATENCY("", Unit.NANOSECONDS),
    FILES_PER_SEC("files/s", Unit.FILES_PER_SEC),
    TRANSACTIONS_PER_SEC("transactions/s", Unit.TRANSACTIONS_PER_SEC);

    private final String key;
    private final Unit unit;

    Quantity(String key, Unit unit) {
      this.key = key;
      this.unit = unit;
    }

    public Unit unit() {
      return unit;
    }

    boolean isLatency() {
      return unit == Unit.NANOSECONDS;
    }

    boolean isBlock() {
      return this != FILES_PER_SEC && this != TRANSACTIONS_PER_SEC;
    }
  }

  /** Which I/O direction a block measure reads. */
  public enum Direction {
    ALL,
    READ,
    WRITE
  }

  private static final Pattern PERCENTILE = Pattern.compile("p(\\d{1,2}(?:\\.\\d+)?|100)");

  /** The names {@link #parse} knows, for messages. */
  static final String KNOWN =
      "iops, bw, p99, clat.p99, sync.p99 (or fdatasync.p99), files/s, transactions/s; iops, bw,"
          + " clat.pN and pN also as read.X or write.X";

  public Measure {
    Objects.requireNonNull(quantity, "quantity");
    Objects.requireNonNull(direction, "direction");
    if (quantity.isLatency()) {
      if (!(percentile > 0 && percentile <= 100)) {
        throw new InvalidInputException(
            "percentile (" + percentile + ") must be above 0 and at most 100, e.g. 99 or 99.9");
      }
    } else if (percentile != 0) {
      throw new InvalidInputException(
          quantity.key + " is a rate and takes no percentile (" + percentile + ")");
    }
    if (direction != Direction.ALL && !(quantity.isBlock() && quantity != Quantity.SYNC_LATENCY)) {
      throw new InvalidInputException(
          (quantity == Quantity.SYNC_LATENCY ? "sync" : quantity.key)
              + " has no direction ("
              + direction.name().toLowerCase(Locale.ROOT)
              + "); drop it");
    }
  }

  /**
   * A measure by its name, e.g. {@code write.iops}, {@code fdatasync.p99}, {@code files/s}.
   *
   * @throws InvalidInputException naming the text and listing the known names
   */
  public static Measure parse(String name) {
    if (name == null || name.isBlank()) {
      throw new InvalidInputException("metric is empty; give one of " + KNOWN);
    }
    String text = name.strip().toLowerCase(Locale.ROOT);
    if (text.equals("files/s")) {
      return new Measure(Quantity.FILES_PER_SEC, Direction.ALL, 0);
    }
    if (text.equals("transactions/s")) {
      return new Measure(Quantity.TRANSACTIONS_PER_SEC, Direction.ALL, 0);
    }
    List<String> parts = List.of(text.split("\\.(?=[a-z])"));
    Direction direction = Direction.ALL;
    int at = 0;
    if (parts.size() > 1 && (parts.get(0).equals("read") || parts.get(0).equals("write"))) {
      direction = parts.get(0).equals("read") ? Direction.READ : Direction.WRITE;
      at = 1;
    }
    List<String> rest = parts.subList(at, parts.size());
    Measure measure = null;
    if (rest.size() == 1) {
      measure =
          switch (rest.get(0)) {
            case "iops" -> new Measure(Quantity.IOPS, direction, 0);
            case "bw" -> new Measure(Quantity.BANDWIDTH, direction, 0);
            default -> latency(Quantity.LATENCY, direction, rest.get(0));
          };
      if (measure != null && measure.quantity == Quantity.LATENCY && direction != Direction.ALL) {
        measure = new Measure(Quantity.COMPLETION_LATENCY, direction, measure.percentile);
      }
    } else if (rest.size() == 2) {
      measure =
          switch (rest.get(0)) {
            case "clat" -> latency(Quantity.COMPLETION_LATENCY, direction, rest.get(1));
            case "sync", "fdatasync", "fsync" ->
                direction == Direction.ALL
                    ? latency(Quantity.SYNC_LATENCY, direction, rest.get(1))
                    : null;
            default -> null;
          };
    }
    if (measure == null) {
      throw new InvalidInputException("unknown metric '" + name + "'; give one of " + KNOWN);
    }
    return measure;
  }

  private static Measure latency(Quantity quantity, Direction direction, String text) {
    Matcher m = PERCENTILE.matcher(text);
    return m.matches() ? new Measure(quantity, direction, Double.parseDouble(m.group(1))) : null;
  }

  public static Measure iops() {
    return new Measure(Quantity.IOPS, Direction.ALL, 0);
  }

  public static Measure iops(Direction direction) {
    return new Measure(Quantity.IOPS, direction, 0);
  }

  /** Bandwidth in bytes per second. */
  public static Measure bw(Direction direction) {
    return new Measure(Quantity.BANDWIDTH, direction, 0);
  }

  public static Measure clatPercentile(Direction direction, double percent) {
    return new Measure(Quantity.COMPLETION_LATENCY, direction, percent);
  }

  /** A percentile of the fsync/fdatasync calls' latency. */
  public static Measure syncPercentile(double percent) {
    return new Measure(Quantity.SYNC_LATENCY, Direction.ALL, percent);
  }

  /** A percentile of the check's latency: its syncs' when it syncs, else its completions'. */
  public static Measure latencyPercentile(double percent) {
    return new Measure(Quantity.LATENCY, Direction.ALL, percent);
  }

  public static Measure filesPerSec() {
    return new Measure(Quantity.FILES_PER_SEC, Direction.ALL, 0);
  }

  public static Measure transactionsPerSec() {
    return new Measure(Quantity.TRANSACTIONS_PER_SEC, Direction.ALL, 0);
  }

  /** The name {@link #parse} reads back, e.g. {@code write.clat.p99}. */
  public String name() {
    String p = "p" + BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString();
    String dir = direction == Direction.ALL ? "" : direction.name().toLowerCase(Locale.ROOT) + ".";
    return switch (quantity) {
      case IOPS, BANDWIDTH -> dir + quantity.key;
      case COMPLETION_LATENCY -> dir + "clat." + p;
      case SYNC_LATENCY -> "sync." + p;
      case LATENCY -> p;
      case FILES_PER_SEC, TRANSACTIONS_PER_SEC -> quantity.key;
    };
  }

  public Unit unit() {
    return quantity.unit();
  }

  /** Passes when the value is at least {@code expected}, in {@link #unit()}. */
  public Expectation atLeast(double expected) {
    return Expectation.requirement(this, Expectation.Comparator.AT_LEAST, expected, Double.NaN);
  }

  /** Passes when the value is at most {@code expected}, in {@link #unit()}. */
  public Expectation atMost(double expected) {
    return Expectation.requirement(this, Expectation.Comparator.AT_MOST, expected, Double.NaN);
  }

  /** Passes when a latency is at least {@code expected}. */
  public Expectation atLeast(Duration expected) {
    return atLeast((double) latencyNanos("atLeast", expected));
  }

  /** Passes when a latency is at most {@code expected}. */
  public Expectation atMost(Duration expected) {
    return atMost((double) latencyNanos("atMost", expected));
  }

  /**
   * A value outside {@code [low, high]} is not believed: the check is {@link
   * Verdict.Outcome#INCONCLUSIVE}, with the reason, rather than passed or failed on it (Ceph's
   * bands: 50 to 500 IOPS for a disk, 1 000 to 80 000 for an SSD).
   */
  public Expectation plausibleBetween(double low, double high) {
    return Expectation.plausibility(this, low, high);
  }

  /** {@link #plausibleBetween(double, double)} for a latency. */
  public Expectation plausibleBetween(Duration low, Duration high) {
    return plausibleBetween(
        (double) latencyNanos("plausibleBetween", low),
        (double) latencyNanos("plausibleBetween", high));
  }

  private long latencyNanos(String verb, Duration value) {
    Objects.requireNonNull(value, verb);
    if (!quantity.isLatency()) {
      throw new InvalidInputException(
          name() + " is in " + unit().symbol() + ", not a time; give " + verb + " a number");
    }
    if (value.isNegative()) {
      throw new InvalidInputException(verb + " (" + value + ") must not be negative");
    }
    return value.toNanos();
  }

  /**
   * Refuses a measure the check's workloads cannot give, before anything runs: a block measure of a
   * file workload, a direction no job does, syncs of jobs that never sync.
   */
  void requireIn(String check, List<Workload> workloads) {
    boolean allBlock = workloads.stream().allMatch(w -> w.spec() instanceof JobSpec);
    if (quantity.isBlock() != allBlock) {
      throw new InvalidInputException(
          "check "
              + check
              + ": "
              + name()
              + (quantity.isBlock()
                  ? " is measured on block jobs, and " + names(workloads) + " is not one"
                  : " is measured on file workloads (fs_mark, PostMark), and "
                      + names(workloads)
                      + " is a block job")
              + "; expect another metric or run another workload");
    }
    if (!allBlock) {
      return;
    }
    List<JobSpec> jobs = workloads.stream().map(w -> (JobSpec) w.spec()).toList();
    if (direction == Direction.READ && jobs.stream().noneMatch(j -> j.rw().reads())
        || direction == Direction.WRITE && jobs.stream().noneMatch(j -> j.rw().writes())) {
      throw new InvalidInputException(
          "check "
              + check
              + ": "
              + name()
              + " measures "
              + direction.name().toLowerCase(Locale.ROOT)
              + "s, and "
              + names(workloads)
              + " does none; expect the direction it does");
    }
    if (quantity == Quantity.SYNC_LATENCY && jobs.stream().noneMatch(Measure::syncs)) {
      throw new InvalidInputException(
          "check "
              + check
              + ": "
              + name()
              + " reads fsync/fdatasync calls, and "
              + names(workloads)
              + " makes none; give its job fdatasync=1 (or fsync), or expect clat");
    }
  }

  static boolean syncs(JobSpec job) {
    return job.fsync() > 0 || job.fdatasync() > 0;
  }

  /**
   * This measure's value in a run, in {@link #unit()}: what a {@link Qualification} judges, and
   * what {@code fsbench-junit}'s {@code Expect.that(run).measure(...)} asserts on.
   *
   * @throws InvalidInputException saying why the run does not have it (no reads, no syncs, a
   *     percentile it did not record)
   */
  public double valueIn(io.fsbench.api.RunResult run) {
    MeasureReader.Reading reading = MeasureReader.read(this, Objects.requireNonNull(run, "run"));
    if (!reading.present()) {
      throw new InvalidInputException(
          name() + " is not in the run of " + run.workload() + ": " + reading.missing());
    }
    return reading.value();
  }

  /** A value in this measure's unit as people read it: {@code 10 ms}, {@code 200 MiB/s}. */
  public String format(double value) {
    return Quantities.format(this, value);
  }

  /** Whether a job result did I/O in this measure's direction(s). */
  boolean covers(JobResult job) {
    return switch (direction) {
      case READ -> job.read().hasIo();
      case WRITE -> job.write().hasIo();
      case ALL -> job.read().hasIo() || job.write().hasIo();
    };
  }

  private static String names(List<Workload> workloads) {
    return String.join(", ", workloads.stream().map(Workload::name).toList());
  }

  @Override
  public String toString() {
    return name();
  }
}
