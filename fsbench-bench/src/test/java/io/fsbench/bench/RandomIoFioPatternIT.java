package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.api.RandomIoResult;
import io.fsbench.api.RandomIoSpec;
import io.fsbench.api.Size;
import io.fsbench.workloads.randomio.RandomIoRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * randomio has no Debian package, so its I/O is checked against the fio job that does the same I/O
 * — {@code rw=randrw rwmixwrite=25 bs=2048 direct=1}, four threads, on a file fio lays out — on one
 * fresh ext4 loop volume, as the loop device sees each side's I/O: every read reaches the device
 * (O_DIRECT, no page cache) as one read of exactly 2048 bytes, the write share is randomio's within
 * binomial noise on both sides, and fsbench's file is fully allocated before the I/O starts.
 */
class RandomIoFioPatternIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int IO_SIZE = 2048;
  private static final long FILE_SIZE = 64L << 20;

  @RegisterExtension
  static final ScratchVolume SCRATCH = new ScratchVolume(Size.mib(512), FioSides::fioMissing);

  @Test
  void doesTheIoOfTheEquivalentFioJob() throws Exception {
    RandomIoSpec spec =
        RandomIoSpec.builder()
            .fileSize(Size.bytes(FILE_SIZE))
            .threads(4)
            .ioSize(Size.bytes(IO_SIZE))
            .sampleTime(Duration.ofSeconds(2))
            .build();

    Path fsbenchDir = SCRATCH.get().freshDirectory("randomio");
    long[] before = stat();
    RandomIoResult fsbench = new RandomIoRunner().run(spec, SCRATCH.get().context(fsbenchDir));
    long[] after = stat();
    long allocated = allocatedBytes(fsbenchDir.resolve("fsbench-randomio.dat"));
    SCRATCH.get().remove(fsbenchDir);

    Path fioDir = SCRATCH.get().freshDirectory("fio");
    long[] fioBefore = stat();
    JsonNode fio = fio(fioDir);
    long[] fioAfter = stat();
    SCRATCH.get().remove(fioDir);

    long reads = fsbench.total().read().count();
    long writes = fsbench.total().write().count();
    long fioReads = fio.at("/read/total_ios").asLong();
    long fioWrites = fio.at("/write/total_ios").asLong();
    assumeThat(reads + writes).as("I/Os in 2 s (a stalled machine)").isGreaterThan(400);

    assertThat(allocated).as("fsbench's file, allocated").isGreaterThanOrEqualTo(FILE_SIZE);
    assertDirectReadsOfOneSize("fsbench", reads, before, after);
    assertDirectReadsOfOneSize("fio", fioReads, fioBefore, fioAfter);
    double share = writes / (double) (reads + writes);
    double fioShare = fioWrites / (double) (fioReads + fioWrites);
    assertThat(share).isCloseTo(0.25, Offset.offset(tolerance(0.25, reads + writes)));
    assertThat(fioShare).isCloseTo(0.25, Offset.offset(tolerance(0.25, fioReads + fioWrites)));
    assertThat(fio.at("/read/io_bytes").asLong()).isEqualTo(fioReads * IO_SIZE);
    assertThat(fsbench.fsyncs() / (double) writes)
        .isCloseTo(0.01, Offset.offset(tolerance(0.01, writes)));
  }

  /** Each read reached the device (none from a cache), and as one request of the I/O size. */
  private static void assertDirectReadsOfOneSize(
      String side, long appReads, long[] before, long[] after) {
    long deviceReads = after[0] - before[0];
    long deviceBytes = (after[2] - before[2]) * 512;
    assertThat(deviceReads)
        .as(side + ": device reads")
        .isBetween(appReads * 95 / 100, appReads + 64);
    assertThat(deviceBytes / (double) deviceReads)
        .as(side + ": bytes per device read")
        .isCloseTo(IO_SIZE, Offset.offset(IO_SIZE * 0.05));
  }

  private static JsonNode fio(Path dir) throws Exception {
    String out =
        CTools.run(
            List.of(
                "fio",
                "--name=fsbench-randomio",
                "--filename=" + dir.resolve("fsbench-fio.dat"),
                "--size=" + FILE_SIZE,
                "--rw=randrw",
                "--rwmixwrite=25",
                "--bs=" + IO_SIZE,
                "--direct=1",
                "--numjobs=4",
                "--thread",
                "--group_reporting",
                "--time_based",
                "--runtime=2",
                "--fsync=100",
                "--output-format=json"),
            dir);
    return JSON.readTree(out.substring(out.indexOf('{'))).at("/jobs/0");
  }

  private static long allocatedBytes(Path file) {
    String blocks = CTools.run(List.of("stat", "-c", "%b %B", file.toString()), file.getParent());
    String[] parts = blocks.strip().split(" ");
    return Long.parseLong(parts[0]) * Long.parseLong(parts[1]);
  }

  private static long[] stat() throws Exception {
    String[] fields =
        Files.readString(
                Path.of("/sys/block", SCRATCH.get().device().getFileName().toString(), "stat"))
            .strip()
            .split("\\s+");
    long[] values = new long[fields.length];
    for (int i = 0; i < fields.length; i++) {
      values[i] = Long.parseLong(fields[i]);
    }
    return values;
  }

  private static double tolerance(double p, long n) {
    return 5 * Math.sqrt(p * (1 - p) / n);
  }
}
