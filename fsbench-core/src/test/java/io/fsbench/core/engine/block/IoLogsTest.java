package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobResult;
import io.fsbench.api.LogFiles;
import io.fsbench.api.Measurements;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.core.stats.Direction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IoLogsTest {

  private static final long MS = 1_000_000L;

  @TempDir Path dir;

  private LogFiles logs(String prefix, Duration average, boolean max, boolean perJob) {
    String p = dir.resolve(prefix).toString();
    return new LogFiles(p, p, p, average, max, perJob);
  }

  @Test
  void namesFilesAsFio() {
    assertThat(IoLogs.fileName("out/x", "bw", 3, true)).isEqualTo("out/x_bw.3.log");
    assertThat(IoLogs.fileName("x", "clat", 3, false)).isEqualTo("x_clat.log");
  }

  @Test
  void logsEveryIoInFiosFormat() throws Exception {
    IoLogs log =
        new IoLogs(logs("fsbench-a", Duration.ZERO, false, true), Measurements.FIO_DEFAULTS, 2);
    log.start(1000 * MS);
    log.submitted(Direction.WRITE, 1002 * MS, 4096, 0, 1500);
    log.completed(Direction.WRITE, 1003 * MS, 4096, 0, 2_000_000, 2_001_500);
    log.completed(Direction.READ, 1010 * MS, 8192, 0, 4_096_000, 4_096_000);
    log.finish(1011 * MS);
    log.write();

    assertThat(lines("fsbench-a_bw.2.log"))
        .containsExactly("3, 2048, 1, 4096, 0", "10, 2000, 0, 8192, 0");
    assertThat(lines("fsbench-a_iops.2.log"))
        .containsExactly("3, 1, 1, 4096, 0", "10, 1, 0, 8192, 0");
    assertThat(lines("fsbench-a_slat.2.log")).containsExactly("2, 1500, 1, 4096, 0");
    assertThat(lines("fsbench-a_clat.2.log"))
        .containsExactly("3, 2000000, 1, 4096, 0", "10, 4096000, 0, 8192, 0");
    assertThat(lines("fsbench-a_lat.2.log"))
        .containsExactly("3, 2001500, 1, 4096, 0", "10, 4096000, 0, 8192, 0");
  }

  @Test
  void logOffsetAddsEachIosOffsetAfterItsSizeAndZeroForAWindow() throws Exception {
    String p = dir.resolve("fsbench-o").toString();
    IoLogs perIo =
        new IoLogs(
            new LogFiles(p, "", p, Duration.ZERO, false, true, true, false),
            Measurements.FIO_DEFAULTS,
            1);
    perIo.start(0);
    perIo.completed(Direction.WRITE, 3 * MS, 4096, 1_048_576, 2_000_000, 2_001_500);
    perIo.finish(4 * MS);
    perIo.write();
    assertThat(lines("fsbench-o_clat.1.log")).containsExactly("3, 2000000, 1, 4096, 1048576, 0");
    assertThat(lines("fsbench-o_bw.1.log")).containsExactly("3, 2048, 1, 4096, 1048576, 0");

    String q = dir.resolve("fsbench-w").toString();
    IoLogs averaged =
        new IoLogs(
            new LogFiles(q, "", "", Duration.ofMillis(100), false, true, true, false),
            Measurements.FIO_DEFAULTS,
            1);
    averaged.start(0);
    averaged.completed(Direction.READ, 100 * MS, 4096, 8192, 100, 100);
    averaged.finish(110 * MS);
    averaged.write();
    assertThat(lines("fsbench-w_bw.1.log")).containsExactly("100, 40, 0, 0, 0, 0");
  }

  @Test
  void logPrioGivesThePriorityValueAndWithoutItOneMarksTheRealTimeClass() throws Exception {
    String p = dir.resolve("fsbench-p").toString();
    IoLogs hex =
        new IoLogs(
            new LogFiles(p, "", "", Duration.ZERO, false, true, false, true),
            Measurements.FIO_DEFAULTS,
            1,
            (2 << 13) | 6);
    hex.start(0);
    hex.completed(Direction.READ, 2 * MS, 4096, 0, 1_000_000, 1_000_000);
    hex.write();
    assertThat(lines("fsbench-p_bw.1.log")).containsExactly("2, 4096, 0, 4096, 0x4006");

    String q = dir.resolve("fsbench-rt").toString();
    IoLogs realTime =
        new IoLogs(
            new LogFiles(q, "", "", Duration.ZERO, false, true),
            Measurements.FIO_DEFAULTS,
            1,
            1 << 13);
    realTime.start(0);
    realTime.completed(Direction.READ, 2 * MS, 4096, 0, 1_000_000, 1_000_000);
    realTime.write();
    assertThat(lines("fsbench-rt_bw.1.log")).containsExactly("2, 4096, 0, 4096, 1");
  }

  @Test
  void averagesLatencyPerWindowAndClosesTheLastAtTheEnd() throws Exception {
    IoLogs log =
        new IoLogs(
            logs("fsbench-b", Duration.ofMillis(100), false, true), Measurements.FIO_DEFAULTS, 1);
    log.start(0);
    log.completed(Direction.READ, 10 * MS, 4096, 0, 100, 100);
    log.completed(Direction.READ, 50 * MS, 4096, 0, 201, 201);
    log.completed(Direction.READ, 100 * MS, 4096, 0, 300, 300); // closes the window at 100 ms
    log.completed(Direction.READ, 150 * MS, 4096, 0, 1000, 1000);
    log.finish(160 * MS);
    log.write();

    assertThat(lines("fsbench-b_clat.1.log"))
        .containsExactly("100, 200, 0, 0, 0", "160, 1000, 0, 0, 0");
    // rates: 3 I/Os, 12 KiB in the first 100 ms; the partial window is not logged
    assertThat(lines("fsbench-b_iops.1.log")).containsExactly("100, 30, 0, 0, 0");
    assertThat(lines("fsbench-b_bw.1.log")).containsExactly("100, 120, 0, 0, 0");
  }

  @Test
  void logsTheLargestValueOfAWindowWithLogMaxValue() throws Exception {
    IoLogs log =
        new IoLogs(
            logs("fsbench-c", Duration.ofMillis(100), true, true), Measurements.FIO_DEFAULTS, 1);
    log.start(0);
    log.completed(Direction.WRITE, 10 * MS, 4096, 0, 100, 700);
    log.completed(Direction.WRITE, 100 * MS, 4096, 0, 300, 500);
    log.write();

    assertThat(lines("fsbench-c_lat.1.log")).containsExactly("100, 700, 1, 0, 0");
  }

  @Test
  void sharedLogsAppendAndPerJobLogsReplace() throws Exception {
    for (int run = 0; run < 2; run++) {
      for (boolean perJob : List.of(true, false)) {
        IoLogs log =
            new IoLogs(
                logs("fsbench-d", Duration.ZERO, false, perJob), Measurements.FIO_DEFAULTS, 1);
        log.start(0);
        log.completed(Direction.READ, MS, 4096, 0, 1000, 1000);
        log.write();
      }
    }

    assertThat(lines("fsbench-d_iops.1.log")).hasSize(1);
    assertThat(lines("fsbench-d_iops.log")).hasSize(2);
  }

  @Test
  void aSwitchedOffLatencyLeavesItsLogEmpty() throws Exception {
    Measurements noClat = new Measurements(true, false, true, true, true, false, false);
    IoLogs log = new IoLogs(logs("fsbench-e", Duration.ZERO, false, true), noClat, 1);
    log.start(0);
    log.completed(Direction.READ, MS, 4096, 0, 1000, 1000);
    log.write();

    assertThat(lines("fsbench-e_clat.1.log")).isEmpty();
    assertThat(lines("fsbench-e_lat.1.log")).hasSize(1);
  }

  @Test
  void finishesWithABandwidthLogAlone() throws Exception {
    IoLogs log =
        new IoLogs(
            LogFiles.NONE.bandwidth(dir.resolve("fsbench-f").toString()),
            Measurements.FIO_DEFAULTS,
            1);
    log.start(0);
    log.completed(Direction.READ, MS, 4096, 0, 1000, 1000);
    log.finish(2 * MS);
    log.write();

    assertThat(lines("fsbench-f_bw.1.log")).hasSize(1);
    assertThat(dir.resolve("fsbench-f_clat.1.log")).doesNotExist();
  }

  @Test
  void refusesAPrefixInADirectoryThatDoesNotExist() {
    String prefix = dir.resolve("missing/fsbench").toString();
    LogFiles files = LogFiles.NONE.bandwidth(prefix);

    assertThatThrownBy(() -> new IoLogs(files, Measurements.FIO_DEFAULTS, 1))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("write_bw_log (" + prefix + ")")
        .hasMessageContaining("directory does not exist");
  }

  @Test
  void aJobFileWritesOneLineAnIoPerClone() throws Exception {
    String prefix = dir.resolve("fsbench-job").toString();
    String text =
        "[fsbench-logged]\nrw=randread\nbs=4k\nsize=64k\nnumjobs=2\nwrite_iops_log="
            + prefix
            + "\nwrite_lat_log="
            + prefix
            + "\n";
    Path work = Files.createDirectory(dir.resolve("work"));
    List<JobResult> r =
        new BlockEngine()
            .run(JobFile.parse(text, work, Map.of()).jobs(), new DirectoryContext(work));

    assertThat(r).hasSize(2);
    assertThat(lines("fsbench-job_iops.1.log")).hasSize(16);
    assertThat(lines("fsbench-job_iops.2.log")).hasSize(16);
    assertThat(lines("fsbench-job_clat.2.log"))
        .hasSize(16)
        .allMatch(l -> l.matches("\\d+, \\d+, 0, 4096, 0"));
    assertThat(lines("fsbench-job_slat.1.log")).isEmpty(); // psync submits nothing to time
  }

  @Test
  void aQueueingEnginesVerifyReadsAreInItsSubmissionLogAsFios() throws Exception {
    // fio reads a verifying io_uring job's blocks back through its queue: each read has a slat
    // line as each write has (seed 2040 case 614: fio 32 lines, fsbench 16)
    String prefix = dir.resolve("fsbench-v").toString();
    String text =
        "[fsbench-v]\nrw=write\nioengine=io_uring\niodepth=4\nbs=4k\nsize=64k\nverify=crc32c\n"
            + "write_lat_log="
            + prefix
            + "\n";
    Path work = Files.createDirectory(dir.resolve("work"));
    new BlockEngine().run(JobFile.parse(text, work, Map.of()).jobs(), new DirectoryContext(work));

    List<String> slat = lines("fsbench-v_slat.1.log");
    assertThat(slat.stream().filter(l -> l.matches("\\d+, \\d+, 1, 4096, 0"))).hasSize(16);
    assertThat(slat.stream().filter(l -> l.matches("\\d+, \\d+, 0, 4096, 0"))).hasSize(16);
  }

  private List<String> lines(String name) throws Exception {
    return Files.readAllLines(dir.resolve(name));
  }
}
