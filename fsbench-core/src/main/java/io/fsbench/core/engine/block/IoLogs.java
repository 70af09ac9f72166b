package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.LogFiles;
import io.fsbench.api.Measurements;
import io.fsbench.core.stats.Direction;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One clone's fio log files ({@code write_bw_log}, {@code write_iops_log}, {@code write_lat_log})
 * in fio's format: a line {@code time, value, ddir, bs, prio} per sample (with {@code log_offset}
 * {@code time, value, ddir, bs, offset, prio}, the offset 0 in a window's average, as fio's), time
 * in ms since measuring started, latencies in ns, bandwidth in KiB/s (per I/O: bytes * 10^6 / clat
 * ns, as fio's per-unit {@code add_bw_sample}). With {@code log_avg_msec} a latency log writes the
 * mean (or, with {@code log_max_value}, the largest) of each window per direction, and a last
 * partial window at the end (fio's {@code finalize_logs}); bandwidth and IOPS logs write the rate
 * of each whole window and no partial one. Samples are kept in memory and written when the clone
 * ends, as fio writes them at exit.
 */
final class IoLogs {

  private final List<Series> all = new ArrayList<>();
  private final Series bw;
  private final Series iops;
  private final Series slat;
  private final Series clat;
  private final Series lat;
  private final long averageMs;
  private final boolean maxValue;
  private final boolean withOffsets;
  private final boolean priorityAsValue;
  private final int ownPriority;
  private int priority; // of the I/O being logged
  private final Measurements measured;
  private long startNanos;
  private long rateWindowStartMs;
  private final long[] rateBytes = new long[2];
  private final long[] rateIos = new long[2];
  private final HistogramLogs histogram;

  /** A clone whose logs give no priority: fio's 0 when neither prio nor prioclass is set. */
  IoLogs(LogFiles files, Measurements measured, int threadNumber) {
    this(files, measured, threadNumber, 0);
  }

  /**
   * A latency switched off ({@code disable_clat} etc.) leaves its log empty, as in fio. {@code
   * priority} is the ioprio value every I/O of the clone carries: the last column holds it with
   * {@code log_prio} ({@code 0x%04x}), else 1 for the real-time class and 0 for any other.
   */
  IoLogs(LogFiles files, Measurements measured, int threadNumber, int priority) {
    this.priorityAsValue = files.prio();
    this.ownPriority = priority;
    this.priority = priority;
    this.measured = measured;
    this.averageMs = files.average().toMillis();
    this.maxValue = files.maxValue();
    this.withOffsets = files.offset();
    bw = series(files.bandwidthPrefix(), "bw", threadNumber, files.perJob(), "write_bw_log");
    iops = series(files.iopsPrefix(), "iops", threadNumber, files.perJob(), "write_iops_log");
    slat = series(files.latencyPrefix(), "slat", threadNumber, files.perJob(), "write_lat_log");
    clat = series(files.latencyPrefix(), "clat", threadNumber, files.perJob(), "write_lat_log");
    lat = series(files.latencyPrefix(), "lat", threadNumber, files.perJob(), "write_lat_log");
    histogram =
        files.histogram().any()
            ? new HistogramLogs(files.histogram(), files.perJob(), measured, threadNumber)
            : null;
  }

  /** fio's log file name: {@code <prefix>_<kind>.<thread>.log}, or without the thread. */
  static String fileName(String prefix, String kind, int threadNumber, boolean perJob) {
    return prefix + "_" + kind + (perJob ? "." + threadNumber : "") + ".log";
  }

  private Series series(String prefix, String kind, int thread, boolean perJob, String option) {
    if (prefix.isEmpty()) {
      return null;
    }
    // relative to the working directory, as fio writes its logs; nowhere but where it is named
    Path path = Path.of(fileName(prefix, kind, thread, perJob)).toAbsolutePath();
    Path parent = path.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new InvalidInputException(
          option
              + " ("
              + prefix
              + ") would write "
              + path
              + ", but its directory does not exist; create it or give another prefix");
    }
    Series s = new Series(path, perJob, withOffsets, priorityAsValue, ownPriority);
    all.add(s);
    return s;
  }

  /**
   * The priority the I/O logged next carried: a {@code cmdprio} share's ioprio value, or 0 for the
   * clone's own (fio logs each I/O's {@code io_u->ioprio}).
   */
  void priority(int value) {
    priority = value == 0 ? ownPriority : value;
  }

  boolean enabled() {
    return !all.isEmpty() || histogram != null;
  }

  /** Measuring starts (again, after ramp time): times count from here. */
  void start(long nowNanos) {
    startNanos = nowNanos;
    rateWindowStartMs = 0;
    Arrays.fill(rateBytes, 0);
    Arrays.fill(rateIos, 0);
    all.forEach(Series::clear);
    if (histogram != null) {
      histogram.start(nowNanos);
    }
  }

  void submitted(Direction d, long nowNanos, int bytes, long offset, long slatNs) {
    if (slat != null && measured.slat()) {
      latency(slat, d, ms(nowNanos), bytes, offset, slatNs);
    }
  }

  void completed(Direction d, long nowNanos, long bytes, long offset, long clatNs, long latNs) {
    long t = ms(nowNanos);
    if (histogram != null && measured.clat()) {
      histogram.completed(d, nowNanos, bytes, clatNs);
    }
    if (clat != null && measured.clat()) {
      latency(clat, d, t, bytes, offset, clatNs);
    }
    if (lat != null && measured.lat()) {
      latency(lat, d, t, bytes, offset, latNs);
    }
    if (bw == null && iops == null) {
      return;
    }
    if (averageMs == 0) {
      if (bw != null) {
        bw.add(t, clatNs > 0 ? bytes * 1_000_000L / clatNs : 0, d, bytes, offset, priority);
      }
      if (iops != null) {
        iops.add(t, 1, d, bytes, offset, priority);
      }
      return;
    }
    rateBytes[d.ordinal()] += bytes;
    rateIos[d.ordinal()]++;
    long spent = t - rateWindowStartMs;
    if (spent >= averageMs) {
      for (Direction dir : List.of(Direction.READ, Direction.WRITE)) {
        int i = dir.ordinal();
        if (rateIos[i] > 0) {
          if (bw != null) {
            bw.add(t, rateBytes[i] * 1000 / spent / 1024, dir, 0, 0, ownPriority);
          }
          if (iops != null) {
            iops.add(t, rateIos[i] * 1000 / spent, dir, 0, 0, ownPriority);
          }
        }
        rateBytes[i] = 0;
        rateIos[i] = 0;
      }
      rateWindowStartMs = t;
    }
  }

  private void latency(Series s, Direction d, long t, long bytes, long offset, long ns) {
    if (averageMs == 0) {
      s.add(t, ns, d, bytes, offset, priority);
      return;
    }
    s.window(d, ns);
    if (t - s.windowStartMs >= averageMs) {
      s.closeWindow(t, maxValue);
    }
  }

  /** The clone ended at {@code nowNanos}: latency logs close their last window, as fio's. */
  void finish(long nowNanos) {
    long t = ms(nowNanos);
    for (Series s : new Series[] {slat, clat, lat}) {
      if (s != null) { // a clone without a latency log has none of the three
        s.closeWindow(t, maxValue);
      }
    }
  }

  /** Writes every file; per-job files are replaced, shared ones appended to, as fio does. */
  void write() {
    if (histogram != null) {
      try {
        histogram.write();
      } catch (IOException e) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "writing the log " + histogram.path() + " failed: " + e.getMessage(),
            e);
      }
    }
    for (Series s : all) {
      try {
        s.write();
      } catch (IOException e) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "writing the log " + s.path + " failed: " + e.getMessage(),
            e);
      }
    }
  }

  private long ms(long nowNanos) {
    return Math.max(0, nowNanos - startNanos) / 1_000_000L;
  }

  /** One log file's samples. */
  private static final class Series {
    final Path path;
    final boolean replace;
    final boolean withOffsets;
    final boolean priorityAsValue;
    final int ownPriority;
    int[] priorities = new int[64];
    long[] times = new long[64];
    long[] offsets;
    long[] values = new long[64];
    byte[] dirs = new byte[64];
    long[] sizes = new long[64];
    int n;
    long windowStartMs;
    final double[] sum = new double[2];
    final long[] count = new long[2];
    final long[] max = new long[2];

    Series(
        Path path, boolean replace, boolean withOffsets, boolean priorityAsValue, int ownPriority) {
      this.priorityAsValue = priorityAsValue;
      this.ownPriority = ownPriority;
      this.path = path;
      this.replace = replace;
      this.withOffsets = withOffsets;
      this.offsets = new long[withOffsets ? 64 : 0];
    }

    void add(long time, long value, Direction d, long bs, long offset, int priority) {
      if (n == times.length) {
        if (withOffsets) {
          offsets = Arrays.copyOf(offsets, n * 2);
        }
        int size = n * 2;
        times = Arrays.copyOf(times, size);
        values = Arrays.copyOf(values, size);
        dirs = Arrays.copyOf(dirs, size);
        sizes = Arrays.copyOf(sizes, size);
        priorities = Arrays.copyOf(priorities, size);
      }
      priorities[n] = priority;
      times[n] = time;
      values[n] = value;
      dirs[n] = (byte) d.ordinal();
      sizes[n] = bs;
      if (withOffsets) {
        offsets[n] = offset;
      }
      n++;
    }

    void window(Direction d, long value) {
      int i = d.ordinal();
      sum[i] += value;
      count[i]++;
      max[i] = Math.max(max[i], value);
    }

    void closeWindow(long t, boolean useMax) {
      for (Direction d : List.of(Direction.READ, Direction.WRITE)) {
        int i = d.ordinal();
        if (count[i] > 0) {
          add(t, useMax ? max[i] : (long) (sum[i] / count[i] + 0.5), d, 0, 0, ownPriority);
        }
        sum[i] = 0;
        count[i] = 0;
        max[i] = 0;
      }
      windowStartMs = t;
    }

    void clear() {
      n = 0;
      windowStartMs = 0;
      Arrays.fill(sum, 0);
      Arrays.fill(count, 0);
      Arrays.fill(max, 0);
    }

    /** fio's prio column: with log_prio the value as 0x%04x, else 1 for real-time, 0 otherwise. */
    String column(int value) {
      return priorityAsValue
          ? String.format(java.util.Locale.ROOT, "0x%04x", value)
          : (value >> 13) == 1 ? "1" : "0";
    }

    void write() throws IOException {
      StandardOpenOption mode =
          replace ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND;
      try (BufferedWriter out =
          Files.newBufferedWriter(
              path,
              StandardCharsets.US_ASCII,
              StandardOpenOption.CREATE,
              mode,
              StandardOpenOption.WRITE)) {
        StringBuilder line = new StringBuilder(48);
        for (int i = 0; i < n; i++) {
          line.setLength(0);
          line.append(times[i]).append(", ").append(values[i]).append(", ").append(dirs[i]);
          line.append(", ").append(sizes[i]);
          if (withOffsets) {
            line.append(", ").append(offsets[i]);
          }
          line.append(", ").append(column(priorities[i])).append('\n');
          out.append(line);
        }
      }
    }
  }
}
