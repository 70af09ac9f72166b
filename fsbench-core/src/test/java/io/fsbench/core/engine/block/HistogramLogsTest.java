package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.HistogramLog;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Measurements;
import io.fsbench.core.stats.Direction;
import io.fsbench.core.stats.LatencyHistogram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's clat histogram log: its lines, windows and coarsened bins, from synthetic completions. */
class HistogramLogsTest {

  private static final long MS = 1_000_000L;

  @TempDir Path dir;

  private HistogramLogs log(int coarseness, boolean perJob) {
    HistogramLog hist =
        HistogramLog.of(dir.resolve("fsbench").toString(), Duration.ofMillis(100), coarseness);
    return new HistogramLogs(hist, perJob, Measurements.FIO_DEFAULTS, 3);
  }

  private static long[] numbers(String line) {
    return Arrays.stream(line.split(", ")).mapToLong(Long::parseLong).toArray();
  }

  @Test
  void writesALinePerWindowWithTheCompletionsSinceTheLastOne() throws Exception {
    HistogramLogs log = log(0, true);
    log.start(0);
    // fio's hist_last is "unset" while 0: the window starts at the first completion after 0 ms
    for (long ms : new long[] {0, 50, 160, 240, 260}) {
      log.completed(Direction.WRITE, ms * MS, 4096, 1000);
    }
    log.write();

    List<String> lines = Files.readAllLines(dir.resolve("fsbench_clat_hist.3.log"));
    assertThat(lines).hasSize(2);
    long[] first = numbers(lines.get(0));
    long[] second = numbers(lines.get(1));
    assertThat(first).hasSize(3 + LatencyHistogram.BUCKETS);
    assertThat(Arrays.copyOf(first, 3)).containsExactly(160, 1, 4096);
    assertThat(first[3 + LatencyHistogram.index(1000)]).isEqualTo(3);
    assertThat(Arrays.stream(first).skip(3).sum()).isEqualTo(3);
    // the late first line (160 for 150) moves the next window's start back to 150
    assertThat(Arrays.copyOf(second, 3)).containsExactly(260, 1, 4096);
    assertThat(Arrays.stream(second).skip(3).sum()).isEqualTo(2);
  }

  @Test
  void coarsenessSumsTwoToItsPowerBucketsPerBin() throws Exception {
    HistogramLogs log = log(6, false);
    log.start(0);
    log.completed(Direction.READ, 10 * MS, 512, 100); // exact bucket 100
    log.completed(Direction.READ, 20 * MS, 512, 120);
    log.completed(Direction.READ, 130 * MS, 512, 5_000_000);
    log.write();

    List<String> lines = Files.readAllLines(dir.resolve("fsbench_clat_hist.log"));
    long[] line = numbers(lines.get(0));
    assertThat(line).hasSize(3 + LatencyHistogram.BUCKETS / 64);
    assertThat(Arrays.copyOf(line, 3)).containsExactly(130, 0, 512);
    assertThat(line[3 + 1]).as("100 and 120 ns: bucket 64-127").isEqualTo(2);
    assertThat(line[3 + LatencyHistogram.index(5_000_000) / 64]).isEqualTo(1);
  }

  @Test
  void leavesTheFileEmptyWithoutAnIntervalAsFio() throws Exception {
    HistogramLog hist = HistogramLog.of(dir.resolve("fsbench").toString(), Duration.ZERO, 0);
    HistogramLogs log = new HistogramLogs(hist, true, Measurements.FIO_DEFAULTS, 1);
    log.start(0);
    log.completed(Direction.READ, 500 * MS, 4096, 1000);
    log.write();

    assertThat(Files.readString(dir.resolve("fsbench_clat_hist.1.log"))).isEmpty();
  }

  @Test
  void refusesAPrefixInADirectoryThatDoesNotExist() {
    HistogramLog hist =
        HistogramLog.of(dir.resolve("missing/fsbench").toString(), Duration.ofMillis(10), 0);

    assertThatThrownBy(() -> new HistogramLogs(hist, true, Measurements.FIO_DEFAULTS, 1))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("write_hist_log")
        .hasMessageContaining("directory does not exist");
    assertThatThrownBy(() -> HistogramLog.of("x", Duration.ZERO, 7))
        .hasMessageContaining("log_hist_coarseness (7)");
  }
}
