package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fsbench.api.IozoneSpec;
import io.fsbench.api.IozoneSpec.Test;
import io.fsbench.api.Size;
import io.fsbench.workloads.iozone.IozoneRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * IOzone cannot be installed here, so each of its tests is checked against the fio jobs that do the
 * same I/O — the same record size, offset order where fio can say it (sequential; backwards as
 * {@code rw=read:-2R}; strided as {@code rw=read:(stride−1)R}; the same record again as {@code
 * rw=write:-R}; every record once as {@code randread}/{@code randwrite} with fio's random map), the
 * same O_DIRECT flag, an fsync after each writing pass as IOzone makes ({@link
 * IozoneVsFio#fioCommand}) — on one fresh ext4 loop volume. Random cases from a fixed seed (file
 * and record size, the test, -I, -e) each run fsbench's iozone with tests 0 and T, then fio's
 * equivalent jobs, and compare: fsbench's read and write system calls (from /proc/self/io) with
 * IOzone's count for the test, fio's I/Os (its JSON) with the same count less IOzone's priming
 * reads, and what the loop device did for each side (bytes read and written, and for direct I/O the
 * number of reads).
 */
class IozoneFioPatternIT {

  private static final long SEED = 7;
  private static final int CASES = 10;
  private static final List<Size> FILES = List.of(Size.mib(2), Size.mib(4), Size.mib(8));
  private static final List<Size> RECORDS =
      List.of(Size.kib(4), Size.kib(16), Size.kib(64), Size.kib(128));
  private static final List<Test> TESTS =
      List.of(
          Test.READ,
          Test.RANDOM,
          Test.BACKWARDS,
          Test.RECORD_REWRITE,
          Test.STRIDE,
          Test.FWRITE,
          Test.FREAD,
          Test.PWRITE,
          Test.PREAD);

  @RegisterExtension
  static final ScratchVolume SCRATCH = new ScratchVolume(Size.mib(256), FioSides::fioMissing);

  /** One generated case and the I/O IOzone makes for it: reads, writes, and priming reads. */
  record Case(Size file, Size record, Test test, boolean direct, boolean fsync) {
    long n() {
      return file.bytes() / record.bytes();
    }

    /** IOzone's read(2) and write(2) calls for tests 0 and T, the priming reads included. */
    long[] iozoneCalls() {
      long n = n();
      long writes = 2 * n;
      long reads = 0;
      switch (test) {
        case READ -> reads = 2 * n + 2;
        case RANDOM -> {
          reads = n;
          writes += n;
        }
        case BACKWARDS, FREAD, PREAD -> reads = 2 * n;
        case RECORD_REWRITE -> writes += n;
        case STRIDE -> reads = n;
        case FWRITE, PWRITE -> writes += 2 * n;
        default -> throw new IllegalStateException("no case for " + test);
      }
      return new long[] {reads, writes};
    }

    /** What fio's jobs do: IOzone's calls without the one priming read per read pass. */
    long[] fioIos() {
      long[] calls = iozoneCalls();
      return new long[] {calls[0] - (test == Test.READ ? 2 : 0), calls[1]};
    }

    IozoneSpec spec() {
      return IozoneSpec.builder()
          .fileSizes(file)
          .recordSizes(record)
          .tests(Test.WRITE, test)
          .direct(direct)
          .includeFsync(fsync)
          .build();
    }
  }

  @BeforeAll
  static void warmUp() throws Exception {
    BenchVolume volume = SCRATCH.get();
    // Loads the classes and libraries every test uses, whose reads would otherwise count as the
    // first case's system calls.
    Path warm = volume.freshDirectory("iozone-warm-up");
    new IozoneRunner()
        .run(
            new Case(Size.kib(64), Size.kib(4), Test.FREAD, false, false).spec(),
            volume.context(warm));
    volume.remove(warm);
  }

  static List<Case> cases(long seed, int count) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Case> cases = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Test test = TESTS.get(i % TESTS.size()); // every test at least once
      cases.add(
          new Case(
              FILES.get(random.nextInt(FILES.size())),
              RECORDS.get(random.nextInt(RECORDS.size())),
              test,
              random.nextBoolean(),
              random.nextBoolean()));
    }
    return cases;
  }

  @org.junit.jupiter.api.Test
  void eachTestDoesTheIoOfItsFioJobs() throws Exception {
    List<String> failures = new ArrayList<>();
    for (Case c : cases(SEED, CASES)) {
      try {
        check(c);
      } catch (AssertionError e) {
        failures.add(c + ": " + e.getMessage());
      }
    }
    assertThat(failures).isEmpty();
  }

  private static void check(Case c) throws Exception {
    Path dir = SCRATCH.get().freshDirectory("iozone");
    SCRATCH.get().settle();
    long[] before = stat();
    long[] callsBefore = syscalls();
    new IozoneRunner().run(c.spec(), SCRATCH.get().context(dir));
    long[] callsAfter = syscalls();
    SCRATCH.get().syncfs();
    long[] after = stat();
    SCRATCH.get().remove(dir);

    Path fioDir = SCRATCH.get().freshDirectory("fio");
    SCRATCH.get().settle();
    long[] fioBefore = stat();
    JsonNode fio = fio(c, fioDir);
    SCRATCH.get().syncfs();
    long[] fioAfter = stat();
    SCRATCH.get().remove(fioDir);

    long[] want = c.iozoneCalls();
    // The JVM's other threads make a few read and write calls meanwhile.
    assertThat(callsAfter[0] - callsBefore[0])
        .as("fsbench reads")
        .isBetween(want[0], want[0] + 100);
    assertThat(callsAfter[1] - callsBefore[1])
        .as("fsbench writes")
        .isBetween(want[1], want[1] + 100);
    long[] fioWant = c.fioIos();
    assertThat(sum(fio, "read")).as("fio reads").isEqualTo(fioWant[0]);
    assertThat(sum(fio, "write")).as("fio writes").isEqualTo(fioWant[1]);

    long readBytes = (after[2] - before[2]) * 512;
    long fioReadBytes = (fioAfter[2] - fioBefore[2]) * 512;
    long writeBytes = (after[6] - before[6]) * 512;
    long fioWriteBytes = (fioAfter[6] - fioBefore[6]) * 512;
    assertClose("device bytes read", readBytes, fioReadBytes, 1 << 20, 0.05);
    assertClose("device bytes written", writeBytes, fioWriteBytes, 4 << 20, 0.10);
    // Every write pass is fsync'd, so at least the file reaches the device each time (once
    // for the record rewrite, which writes one record over and over).
    assertThat(writeBytes).as("fsbench device writes").isGreaterThanOrEqualTo(c.file().bytes());
    if (c.direct()) {
      long appReads = c.test() == Test.FREAD ? 0 : want[0];
      long reads = after[0] - before[0];
      long fioReads = fioAfter[0] - fioBefore[0];
      assertThat(reads).as("fsbench device reads (O_DIRECT)").isGreaterThanOrEqualTo(appReads);
      assertClose("device reads", reads, fioReads, 16, 0.02);
      assertThat(readBytes).isGreaterThanOrEqualTo(appReads * c.record().bytes());
    }
  }

  private static void assertClose(String what, long a, long b, long slack, double share) {
    long bound = slack + (long) (share * Math.max(a, b));
    assertThat(Math.abs(a - b))
        .as(what + ": fsbench " + a + ", fio " + b)
        .isLessThanOrEqualTo(bound);
  }

  private static long sum(JsonNode fio, String direction) {
    long total = 0;
    for (JsonNode job : fio.get("jobs")) {
      total += job.at("/" + direction + "/total_ios").asLong();
    }
    return total;
  }

  private static JsonNode fio(Case c, Path dir) {
    return IozoneVsFio.runFio(
        IozoneVsFio.fioCommand(
            c.test(), c.file(), c.record(), c.direct(), dir.resolve("fsbench-fio.dat")),
        dir);
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

  /** This process's read and write system calls so far, from /proc/self/io. */
  private static long[] syscalls() throws Exception {
    long[] counts = new long[2];
    for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
      if (line.startsWith("syscr:")) {
        counts[0] = Long.parseLong(line.substring(6).strip());
      } else if (line.startsWith("syscw:")) {
        counts[1] = Long.parseLong(line.substring(6).strip());
      }
    }
    return counts;
  }
}
