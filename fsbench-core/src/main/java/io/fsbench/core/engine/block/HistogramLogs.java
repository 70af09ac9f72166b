package io.fsbench.core.engine.block;

import io.fsbench.api.HistogramLog;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Measurements;
import io.fsbench.core.stats.Direction;
import io.fsbench.core.stats.LatencyHistogram;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One clone's fio completion latency histogram log ({@code <prefix>_clat_hist.<N>.log}), as fio
 * 3.33's {@code add_clat_sample} and {@code flush_hist_samples} make it: per direction, at the
 * first completion {@code log_hist_msec} or more after the direction's last line, a line {@code
 * time, ddir, bs, bin...} where each bin is what the clone's clat histogram gained since that
 * direction's last line, summed over {@code 2^log_hist_coarseness} of fio's 1856 buckets. Time is
 * in ms since measuring started; a late line moves the next one earlier by what it was late, as
 * fio's. fio fills the histogram only with {@code clat_percentiles} (its default), so without them
 * every bin is 0, as there.
 */
final class HistogramLogs {

  private final HistogramLog log;
  private final Path path;
  private final boolean replace;
  private final boolean filled;
  private final long intervalMs;
  private final LatencyHistogram[] histograms = {new LatencyHistogram(), new LatencyHistogram()};
  private final long[][] logged = new long[2][LatencyHistogram.BUCKETS];
  private final long[] last = new long[2];
  private final StringBuilder lines = new StringBuilder();
  private long startNanos;

  HistogramLogs(HistogramLog log, boolean perJob, Measurements measured, int threadNumber) {
    this.log = log;
    this.replace = perJob;
    this.filled = measured.clat() && measured.clatPercentiles();
    this.intervalMs = log.interval().toMillis();
    this.path =
        Path.of(IoLogs.fileName(log.prefix(), "clat_hist", threadNumber, perJob)).toAbsolutePath();
    Path parent = path.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new InvalidInputException(
          "write_hist_log ("
              + log.prefix()
              + ") would write "
              + path
              + ", but its directory does not exist; create it or give another prefix");
    }
  }

  /** Measuring starts (again, after ramp time): times and histograms count from here. */
  void start(long nowNanos) {
    startNanos = nowNanos;
    lines.setLength(0);
    for (int i = 0; i < 2; i++) {
      histograms[i].reset();
      java.util.Arrays.fill(logged[i], 0);
      last[i] = 0;
    }
  }

  /** A completion of {@code bytes} in {@code direction} at {@code nowNanos}, its clat. */
  void completed(Direction direction, long nowNanos, long bytes, long clatNs) {
    if (intervalMs == 0) {
      return; // fio: the file stays empty without log_hist_msec
    }
    int i = direction.ordinal();
    if (filled) {
      histograms[i].record(clatNs);
    }
    long elapsed = Math.max(0, nowNanos - startNanos) / 1_000_000L;
    if (last[i] == 0) {
      last[i] = elapsed; // fio's "if (!hw->hist_last)", at 0 ms too
    }
    long window = elapsed - last[i];
    if (window >= intervalMs) {
      line(elapsed, i, bytes);
      last[i] = elapsed - (window - intervalMs);
    }
  }

  private void line(long elapsed, int direction, long bytes) {
    int stride = 1 << log.coarseness();
    lines.append(elapsed).append(", ").append(direction).append(", ").append(bytes);
    LatencyHistogram h = histograms[direction];
    long[] before = logged[direction];
    for (int j = 0; j < LatencyHistogram.BUCKETS; j += stride) {
      long sum = 0;
      for (int k = j; k < j + stride; k++) {
        long now = h.count(k);
        sum += now - before[k];
        before[k] = now;
      }
      lines.append(", ").append(sum);
    }
    lines.append('\n');
  }

  /** Writes the file; a per-job file is replaced, a shared one appended to, as fio does. */
  void write() throws IOException {
    StandardOpenOption mode =
        replace ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND;
    Files.writeString(
        path,
        lines,
        StandardCharsets.US_ASCII,
        StandardOpenOption.CREATE,
        mode,
        StandardOpenOption.WRITE);
  }

  Path path() {
    return path;
  }
}
