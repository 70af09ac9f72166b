package io.fsbench.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an {@link IozoneSpec} run measured: per file size, record size and column of IOzone's table
 * (write, rewrite, read, ...), the bytes moved, the I/Os and the time in nanoseconds, and IOzone's
 * figure from them, KB/s with KB = 1024 ({@link Measurement#kbPerSec}). In throughput mode, per
 * column, each thread's figures and the parent's time. {@link #report} prints IOzone's own output:
 * its table, or its throughput lines, then the Excel-style report ({@code -R}).
 *
 * <pre>{@code
 * IozoneResult r = (IozoneResult) session.run(spec).result();
 * long writeKbPerSec = r.cells().get(0).measurement("write").orElseThrow().kbPerSec();
 * }</pre>
 *
 * @param spec the spec that ran
 * @param cells single-stream results, one per file and record size that ran, in order
 * @param throughput throughput-mode results, one per column, in order
 * @param notes what the run changed from what was asked and why (a matrix capped to the volume)
 */
public record IozoneResult(
    IozoneSpec spec, List<Cell> cells, List<Throughput> throughput, List<String> notes)
    implements WorkloadResult {

  public IozoneResult {
    Objects.requireNonNull(spec, "spec");
    cells = List.copyOf(cells);
    throughput = List.copyOf(throughput);
    notes = List.copyOf(notes);
    if (cells.isEmpty() && throughput.isEmpty()) {
      throw new IllegalArgumentException("an iozone result needs at least one measurement");
    }
  }

  /**
   * One column of one row: one timed pass over the file.
   *
   * @param column IOzone's column name, e.g. {@code random-read}
   * @param bytes bytes moved
   * @param ios read or write calls made, as the test makes them (a stdio test counts its fwrite or
   *     fread calls)
   * @param nanos the pass's time, as IOzone times it
   */
  public record Measurement(String column, long bytes, long ios, long nanos) {
    public Measurement {
      Objects.requireNonNull(column, "column");
    }

    public double seconds() {
      // A pass shorter than a tick of the clock still took time; never divide by zero.
      return Math.max(nanos, 1) / 1e9;
    }

    /** Bytes per second, unrounded. */
    public double bytesPerSec() {
      return bytes / seconds();
    }

    /** IOzone's figure: {@code (unsigned long long)(bytes / seconds) >> 10}. */
    public long kbPerSec() {
      return ((long) bytesPerSec()) >> 10;
    }
  }

  /**
   * One row of IOzone's table: a file size and record size, with the columns that ran.
   *
   * @param size the file and record size
   * @param measurements one per column that ran, in IOzone's order
   */
  public record Cell(IozoneSpec.Case size, List<Measurement> measurements) {
    public Cell {
      Objects.requireNonNull(size, "size");
      measurements = List.copyOf(measurements);
    }

    public Optional<Measurement> measurement(String column) {
      return measurements.stream().filter(m -> m.column().equals(column)).findFirst();
    }
  }

  /**
   * One thread of a throughput test.
   *
   * @param bytes bytes it had moved when its figures were taken (the stonewall, or its end)
   * @param nanos its time then
   * @param totalBytes bytes it moved in all (a writer finishes its file after the stonewall)
   */
  public record Child(long bytes, long nanos, long totalBytes) {
    /** Its throughput in KB/s, IOzone's {@code child_stat->throughput}. */
    public double kbPerSec() {
      return bytes / 1024.0 / (Math.max(nanos, 1) / 1e9);
    }
  }

  /**
   * One column in throughput mode: every thread did it at once, each on its own file.
   *
   * @param column the column, e.g. {@code write} (IOzone's "initial writers")
   * @param recordSize the record size
   * @param children each thread's figures
   * @param parentNanos the parent's time, from starting the threads until all finished
   */
  public record Throughput(String column, Size recordSize, List<Child> children, long parentNanos) {
    public Throughput {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(recordSize, "recordSize");
      children = List.copyOf(children);
    }

    /** "Children see throughput": the sum of each thread's KB/s. */
    public double childrenKbPerSec() {
      return children.stream().mapToDouble(Child::kbPerSec).sum();
    }

    /** "Parent sees throughput": the KB the threads had moved over the parent's time. */
    public double parentKbPerSec() {
      long bytes = children.stream().mapToLong(Child::bytes).sum();
      return bytes / 1024.0 / (Math.max(parentNanos, 1) / 1e9);
    }
  }

  @Override
  public String workload() {
    return spec.name();
  }

  @Override
  public List<Metric> metrics() {
    List<Metric> metrics = new ArrayList<>();
    boolean several = cells.size() > 1 || spec.auto();
    for (Cell cell : cells) {
      String prefix =
          several ? "f" + cell.size().fileSize() + ".r" + cell.size().recordSize() + "." : "";
      for (Measurement m : cell.measurements()) {
        String name = prefix + key(m.column());
        metrics.add(Metric.of(name, m.bytesPerSec(), Unit.BYTES_PER_SEC));
        metrics.add(Metric.of(name + ".ns", m.nanos(), Unit.NANOSECONDS));
        metrics.add(Metric.of(name + ".bytes", m.bytes(), Unit.BYTES));
        metrics.add(Metric.of(name + ".ios", m.ios(), Unit.COUNT));
      }
    }
    for (Throughput t : throughput) {
      String name = "throughput." + key(t.column());
      metrics.add(Metric.of(name + ".children", t.childrenKbPerSec() * 1024, Unit.BYTES_PER_SEC));
      metrics.add(Metric.of(name + ".parent", t.parentKbPerSec() * 1024, Unit.BYTES_PER_SEC));
      metrics.add(Metric.of(name + ".parent_ns", t.parentNanos(), Unit.NANOSECONDS));
    }
    return List.copyOf(metrics);
  }

  private static String key(String column) {
    return column.replace('-', '_');
  }

  @Override
  public Metric headline() {
    return metrics().get(0);
  }

  /** Every column's rate (in throughput mode, the children's and the parent's), a row each. */
  @Override
  public List<Metric> headlines() {
    return metrics().stream().filter(m -> m.unit() == Unit.BYTES_PER_SEC).toList();
  }

  /** IOzone's output: the notes, then its table or throughput lines, then the Excel report. */
  @Override
  public Optional<String> toolText() {
    return Optional.of(IozoneReport.text(this));
  }

  /** The Excel report ({@code -R}/{@code -b}) as CSV: one block per column. */
  @Override
  public Optional<String> toolCsv() {
    return Optional.of(IozoneReport.csv(this));
  }

  /** IOzone's output, as {@link #toolText}. */
  public String report() {
    return IozoneReport.text(this);
  }
}
