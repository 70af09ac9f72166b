package io.fsbench.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link BonnieSpec} run measured: each of bonnie++'s twelve tests with its time, CPU and
 * longest single operation in nanoseconds, the I/O it did, and bonnie++'s own report of it: the
 * text table ({@link #table}) and the CSV line of format 1.98 ({@link #csv}) that bon_csv2txt and
 * bon_csv2html read.
 *
 * <pre>{@code
 * BonnieResult r = (BonnieResult) FsBench.on("xfs").run(spec).result();
 * double blockWrite = r.test(BonnieResult.Test.PUT_BLOCK).orElseThrow().rate(); // KiB/s
 * System.out.print(r.csv());
 * }</pre>
 *
 * <p>As in bonnie++, a rate is the test's nominal amount (KiB, seeks or files) over its elapsed
 * time, %CPU is the process's user and system time over it (summed over the seeker threads for the
 * seeks), and a test shorter than half a second prints {@code +++++} in bonnie++'s table and CSV;
 * fsbench's metrics and {@link #report} give the measured figure for it all the same.
 *
 * @param spec the spec that ran
 * @param fileSize the file's size as run: the spec's, or bonnie++'s default from the RAM; zero when
 *     the file tests did not run
 * @param perCharSize the bytes the per-char tests wrote and read (the spec's, at most the file)
 * @param ram the RAM assumed (the spec's {@code -r}, or the machine's), zero for none
 * @param seed the random stream's seed, bonnie++'s CSV field 4
 * @param machine the name in the report
 * @param tests the tests that ran, in bonnie++'s order
 * @param seekUpdates seeks whose block was rewritten (a ticket divisible by 10)
 * @param directories directories each create test made (besides the test's own)
 * @param notes what fsbench chose for the run that bonnie++ would have printed or decided
 */
public record BonnieResult(
    BonnieSpec spec,
    Size fileSize,
    Size perCharSize,
    Size ram,
    long seed,
    String machine,
    List<TestResult> tests,
    long seekUpdates,
    int directories,
    List<String> notes)
    implements WorkloadResult {

  /** bonnie++'s {@code MinTime}: a shorter test prints {@code +++++}. */
  public static final Duration MIN_TIME = Duration.ofMillis(500);

  /** bonnie++'s tests, in its order, each with its CSV name and the unit of its rate. */
  public enum Test {
    PUTC("putc", "Per Chr output"),
    PUT_BLOCK("put_block", "Block output"),
    REWRITE("rewrite", "Rewrite"),
    GETC("getc", "Per Chr input"),
    GET_BLOCK("get_block", "Block input"),
    SEEKS("seeks", "Random seeks"),
    SEQ_CREATE("seq_create", "Sequential create"),
    SEQ_STAT("seq_stat", "Sequential stat"),
    SEQ_DEL("seq_del", "Sequential delete"),
    RAN_CREATE("ran_create", "Random create"),
    RAN_STAT("ran_stat", "Random stat"),
    RAN_DEL("ran_del", "Random delete");

    private final String key;
    private final String title;

    Test(String key, String title) {
      this.key = key;
      this.title = title;
    }

    /** bonnie++'s CSV header name, e.g. {@code put_block}. */
    public String key() {
      return key;
    }

    public String title() {
      return title;
    }

    /** Whether the rate is KiB/s (the five tests on the file's bytes). */
    public boolean bytes() {
      return ordinal() < SEEKS.ordinal();
    }

    /** Whether it is a file test (files/s). */
    public boolean files() {
      return ordinal() > SEEKS.ordinal();
    }

    /** The rate's unit as fsbench's metrics give it. */
    public Unit unit() {
      return bytes() ? Unit.BYTES_PER_SEC : files() ? Unit.FILES_PER_SEC : Unit.IOPS;
    }
  }

  /**
   * One test as it ran.
   *
   * @param test which
   * @param amount bonnie++'s nominal amount: KiB for the byte tests, seeks, or files
   * @param elapsed its time, as bonnie++ times it (the final fsync, close or sync inside)
   * @param cpu the process's user plus system time over it (per seeker thread, summed)
   * @param maxLatency the longest single operation (bonnie++ 2.00a's latency)
   * @param operations what was done: bytes for per-char, chunks for block tests, seeks, files
   * @param bytesRead bytes read by read(2)
   * @param bytesWritten bytes written by write(2)
   * @param fsyncs fsync(2) calls, files and directories
   */
  public record TestResult(
      Test test,
      long amount,
      Duration elapsed,
      Duration cpu,
      Duration maxLatency,
      long operations,
      long bytesRead,
      long bytesWritten,
      long fsyncs) {

    public TestResult {
      Objects.requireNonNull(test, "test");
      Objects.requireNonNull(elapsed, "elapsed");
      Objects.requireNonNull(cpu, "cpu");
      Objects.requireNonNull(maxLatency, "maxLatency");
    }

    public double seconds() {
      return Math.max(elapsed.toNanos(), 1) / 1e9;
    }

    /** bonnie++'s rate: KiB/s, seeks/s or files/s. */
    public double rate() {
      return amount / seconds();
    }

    /** bonnie++'s %CPU: CPU over elapsed, × 100 (over 100 with several threads). */
    public double cpuPercent() {
      return cpu.toNanos() / 1e9 / seconds() * 100;
    }

    /** Whether bonnie++ prints {@code +++++} for it: shorter than {@link #MIN_TIME}. */
    public boolean suppressed() {
      return elapsed.compareTo(MIN_TIME) < 0;
    }
  }

  public BonnieResult {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(fileSize, "fileSize");
    Objects.requireNonNull(perCharSize, "perCharSize");
    Objects.requireNonNull(ram, "ram");
    Objects.requireNonNull(machine, "machine");
    tests = List.copyOf(tests);
    notes = List.copyOf(notes);
    if (tests.isEmpty()) {
      throw new IllegalArgumentException("a bonnie result needs at least one test");
    }
  }

  @Override
  public String workload() {
    return spec.name();
  }

  /** A test's result, if it ran. */
  public Optional<TestResult> test(Test test) {
    return tests.stream().filter(t -> t.test() == test).findFirst();
  }

  /**
   * Per test: {@code <test>.<rate unit>} (bytes/s for the byte tests, as every fsbench bandwidth),
   * {@code .cpu}, {@code .latency} (the longest operation), {@code .seconds}, and the I/O done:
   * {@code .ops}, {@code .bytes_read}, {@code .bytes_written}, {@code .fsyncs}.
   */
  @Override
  public List<Metric> metrics() {
    List<Metric> metrics = new ArrayList<>();
    for (TestResult t : tests) {
      String k = t.test().key();
      double rate = t.test().bytes() ? t.rate() * 1024 : t.rate();
      metrics.add(Metric.of(k + "." + t.test().unit().key(), rate, t.test().unit()));
      metrics.add(Metric.of(k + ".cpu", t.cpuPercent(), Unit.PERCENT));
      metrics.add(Metric.of(k + ".latency", t.maxLatency().toNanos(), Unit.NANOSECONDS));
      metrics.add(Metric.of(k + ".seconds", t.elapsed().toNanos() / 1e9, Unit.SECONDS));
      metrics.add(Metric.of(k + ".ops", t.operations(), Unit.COUNT));
      metrics.add(Metric.of(k + ".bytes_read", t.bytesRead(), Unit.BYTES));
      metrics.add(Metric.of(k + ".bytes_written", t.bytesWritten(), Unit.BYTES));
      metrics.add(Metric.of(k + ".fsyncs", t.fsyncs(), Unit.COUNT));
    }
    if (test(Test.SEEKS).isPresent()) {
      metrics.add(Metric.of("seeks.updates", seekUpdates, Unit.COUNT));
    }
    metrics.add(Metric.of("file_size", fileSize.bytes(), Unit.BYTES));
    return List.copyOf(metrics);
  }

  /** Block output when it ran, else the first file test. */
  @Override
  public Metric headline() {
    return headlines().get(0);
  }

  /** The rates of the tests that ran, in bonnie++'s order: the classic table's bonnie++ rows. */
  @Override
  public List<Metric> headlines() {
    List<Metric> rows = new ArrayList<>();
    for (Test t : List.of(Test.PUT_BLOCK, Test.REWRITE, Test.GET_BLOCK, Test.SEEKS)) {
      metric(t.key() + "." + t.unit().key()).ifPresent(rows::add);
    }
    for (Test t : List.of(Test.PUTC, Test.GETC)) {
      metric(t.key() + "." + t.unit().key()).ifPresent(rows::add);
    }
    for (Test t : List.of(Test.SEQ_CREATE, Test.SEQ_DEL, Test.RAN_CREATE, Test.RAN_DEL)) {
      metric(t.key() + "." + t.unit().key()).ifPresent(rows::add);
    }
    for (Test t : List.of(Test.SEQ_STAT, Test.RAN_STAT)) {
      metric(t.key() + "." + t.unit().key()).ifPresent(rows::add);
    }
    return List.copyOf(rows);
  }

  /** bonnie++'s CSV line, format 1.98, as bonnie++ 2.00a prints it, with its newline. */
  public String csv() {
    return BonnieFormat.csv(this);
  }

  /** bonnie++'s text table, as bonnie++ 2.00a prints it before the CSV line. */
  public String table() {
    return BonnieFormat.table(this);
  }

  /**
   * bonnie++'s table, then fsbench's notes and every test's measured figures in full, including
   * those the table shows as {@code +++++}.
   */
  public String report() {
    StringBuilder s = new StringBuilder(table());
    for (String note : notes) {
      s.append("note: ").append(note).append('\n');
    }
    s.append(
        String.format(
            Locale.ROOT,
            "%-18s %14s %-7s %7s %12s %12s%n",
            "test",
            "rate",
            "",
            "%CPU",
            "latency us",
            "seconds"));
    for (TestResult t : tests) {
      s.append(
          String.format(
              Locale.ROOT,
              "%-18s %14.1f %-7s %7.1f %12.1f %12.6f%s%n",
              t.test().title(),
              t.rate(),
              t.test().bytes() ? "KiB/s" : t.test().files() ? "files/s" : "seeks/s",
              t.cpuPercent(),
              t.maxLatency().toNanos() / 1e3,
              t.elapsed().toNanos() / 1e9,
              t.suppressed() ? "  (+++++ in bonnie++: under 0.5 s)" : ""));
    }
    return s.toString();
  }

  /** bonnie++'s table and CSV line are this result's own report. */
  @Override
  public Optional<String> toolText() {
    return Optional.of(report());
  }

  @Override
  public Optional<String> toolCsv() {
    return Optional.of(csv());
  }
}
