package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.FsBench;
import io.fsbench.Session;
import io.fsbench.api.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's zoned distributions, blockalign and I/O priorities on a real ext4 loop volume, read back
 * from the per-I/O completion-latency logs ({@code log_offset}, {@code log_prio}) that the run
 * writes: where each I/O landed, on which boundary, and with which priority.
 */
class PlacementAndPriorityIT {

  private static Session session;

  @TempDir Path dir;

  @BeforeAll
  static void openVolume() {
    assumeTrue(FsBenchProcess.isRoot(), "needs root for a loop volume");
    session = FsBench.on("ext4").open();
  }

  @AfterAll
  static void closeVolume() {
    if (session != null) {
      session.close();
    }
  }

  /** Runs {@code job} and returns its clat log's lines as {time, value, ddir, bs, offset, prio}. */
  private List<String[]> run(String job) throws IOException {
    Path jobFile = dir.resolve("fsbench-placement.fio");
    Files.writeString(jobFile, job.replace("@LOG@", dir.resolve("fsbench-it").toString()));
    RunResult result = session.fio(jobFile);
    assertThat(result.jobs()).hasSize(1);
    assertThat(result.jobs().get(0).error()).isZero();
    return Files.readAllLines(dir.resolve("fsbench-it_clat.1.log")).stream()
        .map(l -> l.split(",\\s*"))
        .toList();
  }

  private static double share(List<String[]> lines, long from, long to) {
    return lines.stream()
            .mapToLong(l -> Long.parseLong(l[4]))
            .filter(o -> o >= from && o < to)
            .count()
        / (double) lines.size();
  }

  @Test
  void zonedSendsEachZonesShareOfDirectReadsToItsPartOfTheFile() throws IOException {
    // fio's rand-zones example, on 16 MiB: 50% in the first 5%, 30% in the next 15%, the rest
    List<String[]> lines =
        run(
            "[zones]\nsize=16m\nio_size=48m\ndirect=1\nbs=4k\nrw=randread\nnorandommap\n"
                + "random_distribution=zoned:50/5:30/15:20/\n"
                + "write_lat_log=@LOG@\nlog_offset=1\n");
    long blocks = 16L * 1024 * 1024 / 4096;
    long five = blocks * 5 / 100 * 4096;
    long twenty = blocks * 20 / 100 * 4096;

    assertThat(lines).hasSize(12288);
    assertThat(share(lines, 0, five)).isCloseTo(0.50, within(0.03));
    assertThat(share(lines, five, twenty)).isCloseTo(0.30, within(0.03));
    assertThat(share(lines, twenty, 16L << 20)).isCloseTo(0.20, within(0.03));
  }

  @Test
  void zonedAbsAndBlockalignPutEveryWriteOfAMixOnItsBoundaryInItsZone() throws IOException {
    // jesd219's block sizes and alignment, with absolute zones
    List<String[]> lines =
        run(
            "[abs]\nsize=16m\nio_size=24m\ndirect=1\nioengine=libaio\niodepth=8\nrw=randwrite\n"
                + "bssplit=512/4:1536/1:4k/67:8k/10:16k/15:64k/3\nblockalign=4k\n"
                + "random_distribution=zoned_abs:70/2m:30/8m\n"
                + "write_lat_log=@LOG@\nlog_offset=1\n");

    assertThat(lines).allSatisfy(l -> assertThat(Long.parseLong(l[4]) % 4096).isZero());
    assertThat(lines).anySatisfy(l -> assertThat(l[3]).isEqualTo("512"));
    assertThat(share(lines, 0, 2L << 20)).isCloseTo(0.70, within(0.03));
    assertThat(share(lines, 2L << 20, 10L << 20)).isCloseTo(0.30, within(0.03));
    assertThat(share(lines, 10L << 20, 16L << 20)).isZero();
  }

  @Test
  void aJobsPriorityIsWhatItsIosCarryInTheLog() throws IOException {
    List<String[]> idle =
        run(
            "[idle]\nsize=4m\ndirect=1\nbs=64k\nrw=randread\nprioclass=3\n"
                + "write_lat_log=@LOG@\nlog_prio=1\n");
    assertThat(idle).isNotEmpty().allSatisfy(l -> assertThat(l[4]).isEqualTo("0x6000"));

    // without log_prio the column marks the real-time class, which root may set
    List<String[]> realTime =
        run(
            "[rt]\nsize=4m\ndirect=1\nbs=64k\nrw=randread\nioengine=io_uring\niodepth=4\n"
                + "prioclass=1\nprio=3\nwrite_lat_log=@LOG@\n");
    assertThat(realTime).isNotEmpty().allSatisfy(l -> assertThat(l[4]).isEqualTo("1"));
  }
}
