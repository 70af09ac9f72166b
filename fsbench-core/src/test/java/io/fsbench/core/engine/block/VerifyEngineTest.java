package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.jobfile.JobFile;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Verify and buffer content as fio does them, on files in a scratch directory. */
class VerifyEngineTest {

  @TempDir Path dir;

  private List<JobResult> run(String jobFile) {
    JobFile file = JobFile.parse(jobFile, dir, Map.of());
    return new BlockEngine().run(file.jobs(), new DirectoryContext(dir));
  }

  private static JobSpec spec(String jobFile) {
    return JobFile.parse(jobFile, Path.of("."), Map.of()).jobs().get(0).spec();
  }

  @Test
  void countsTheVerifyReadsAsReadsAsFio() {
    JobResult r = run("[v]\nrw=write\nbs=4k\nsize=256k\nverify=crc32c\n").get(0);

    assertThat(r.write().totalIos()).isEqualTo(64);
    assertThat(r.read().totalIos()).isEqualTo(64);
    assertThat(r.read().ioBytes()).isEqualTo(256 * 1024);
  }

  @ParameterizedTest
  @ValueSource(strings = {"psync", "libaio"})
  void aSyncTakesTheNextFilesTurnSoEveryWriteLandsInTheFirstFile(String engine) {
    // fio picks an I/O's file before its direction: with fsync=1 over two files, the syncs take
    // every second turn of the round robin, so fio 3.33 writes 1024 times into the first file's
    // 171 holed blocks and verifies those 171 (fio-diff seed 2051 case 492)
    JobResult r =
        run("[s]\nrw=write:1024\nbs=512\nnrfiles=2\nfilesize=256k\nfsync=1\nverify=pattern\n"
                + "verify_pattern=0x0f\nioengine="
                + engine
                + (engine.equals("libaio") ? "\niodepth=4\n" : "\n"))
            .get(0);

    assertThat(r.write().totalIos()).isEqualTo(1024);
    assertThat(r.read().totalIos()).isEqualTo(171);
  }

  @Test
  void verifiesAfterEveryLoop() {
    JobResult r = run("[v]\nrw=randwrite\nbs=4k\nsize=256k\nloops=2\nverify=md5\n").get(0);

    assertThat(r.write().totalIos()).isEqualTo(128);
    assertThat(r.read().totalIos()).isEqualTo(128);
  }

  @Test
  void theVerifyReadsCountTowardsIoSizeAsInFio() {
    // fio 3.33 writes 1m and verifies it: its keep_running counts both directions
    JobResult r = run("[v]\nrw=write\nbs=4k\nsize=1m\nio_size=2m\nverify=crc32c\n").get(0);

    assertThat(r.write().ioBytes()).isEqualTo(1 << 20);
    assertThat(r.read().ioBytes()).isEqualTo(1 << 20);
  }

  @Test
  void aBacklogVerifiesWhileWritingAndEveryBlockOnce() {
    JobResult r =
        run("[v]\nrw=write\nbs=4k\nsize=256k\nverify=crc32c\nverify_backlog=5\n"
                + "verify_backlog_batch=2\n")
            .get(0);

    assertThat(r.write().totalIos()).isEqualTo(64);
    assertThat(r.read().totalIos()).isEqualTo(64);
  }

  @Test
  void doVerifyOffWritesHeadersAndReadsNothing() throws IOException {
    JobResult r =
        run("[v]\nrw=write\nbs=4k\nsize=64k\nverify=meta\ndo_verify=0\nfilename=fsbench-v\n")
            .get(0);

    assertThat(r.read().totalIos()).isZero();
    ByteBuffer file = ByteBuffer.wrap(Files.readAllBytes(dir.resolve("fsbench-v")));
    assertThat(file.order(ByteOrder.LITTLE_ENDIAN).getShort(4096) & 0xffff).isEqualTo(0xacca);
    assertThat(file.getLong(4096 + 16)).isEqualTo(4096);
  }

  @Test
  void theFileCarriesTheBufferPattern() throws IOException {
    run("[p]\nrw=write\nbs=4k\nsize=64k\nbuffer_pattern=0xdeadbeef\"ab\"\nfilename=fsbench-p\n");

    byte[] bytes = Files.readAllBytes(dir.resolve("fsbench-p"));
    byte[] unit = {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef, 'a', 'b'};
    assertThat(bytes).hasSize(65536);
    // each 4k buffer starts the pattern anew, as fio's cpy_pattern
    for (int i = 0; i < bytes.length; i++) {
      assertThat(bytes[i]).as("byte %d", i).isEqualTo(unit[(i % 4096) % unit.length]);
    }
  }

  @Test
  void aReadJobFindsACorruptedBlockWrittenWithMetaAndAPattern() throws IOException {
    String global =
        "[global]\nbs=64k\nsize=1m\nverify=meta\nverify_pattern=0xaa555aa5\n"
            + "verify_interval=512\nfilename=fsbench-scan\n";
    run(global + "[write-phase]\nrw=write\ndo_verify=0\n");
    assertThat(run(global + "[verify-phase]\nrw=read\n").get(0).read().totalIos()).isEqualTo(16);
    try (RandomAccessFile f = new RandomAccessFile(dir.resolve("fsbench-scan").toFile(), "rw")) {
      f.seek(131072 + 1024 + 100);
      f.write(0x11);
    }

    assertThatThrownBy(() -> run(global + "[verify-phase]\nrw=read\n"))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("verify failed for job 'verify-phase'")
        .hasMessageContaining("pattern: verify failed, got pattern '11', wanted 'aa'")
        .hasMessageContaining("offset " + (131072 + 1024))
        .hasMessageContaining("requested block: offset=131072, length=65536");
  }

  @Test
  void aVerifyDumpWritesWhatWasReadAndWhatWasExpected() throws IOException {
    String global = "[global]\nbs=4k\nsize=64k\nverify=crc32c\nfilename=fsbench-dump\n";
    run(global + "[w]\nrw=write\ndo_verify=0\n");
    try (RandomAccessFile f = new RandomAccessFile(dir.resolve("fsbench-dump").toFile(), "rw")) {
      f.seek(8192 + 2000);
      f.write(~f.read());
    }
    Path cwd = Path.of("").toAbsolutePath();
    try {
      assertThatThrownBy(() -> run(global + "[r]\nrw=read\nverify_dump=1\n"))
          .hasMessageContaining("crc32c: verify failed")
          .hasMessageContaining("received data dumped as");
      byte[] received = Files.readAllBytes(cwd.resolve("fsbench-dump.8192.received"));
      byte[] expected = Files.readAllBytes(cwd.resolve("fsbench-dump.8192.expected"));
      assertThat(received).hasSize(4096);
      int differing = 0;
      for (int i = 0; i < 4096; i++) {
        differing += received[i] != expected[i] ? 1 : 0;
      }
      assertThat(differing).isEqualTo(1);
    } finally {
      Files.deleteIfExists(cwd.resolve("fsbench-dump.8192.received"));
      Files.deleteIfExists(cwd.resolve("fsbench-dump.8192.expected"));
    }
  }

  @Test
  void aWriteJobCatchesABlockThatWasNotWhereItWasWritten() {
    assertThatThrownBy(
            () -> run("[v]\nrw=write\nbs=4k\nsize=64k\nverify=meta\nverify_offset=4090\n"))
        .hasMessageContaining("verify_offset (4090) plus the header (40 bytes)");
  }

  @Test
  void refusesAVerifyOffsetInsideTheHeaderWhichFioSwapsIntoItsOwnFailure() {
    assertThatThrownBy(
            () -> run("[v]\nrw=randwrite\nbs=8k\nsize=64k\nverify=sha256\nverify_offset=64\n"))
        .hasMessageContaining("verify_offset (64) lies inside the 104-byte verify=sha256 header")
        .hasMessageContaining("at least 104");
    assertThat(run("[v]\nrw=randwrite\nbs=8k\nsize=64k\nverify=sha256\nverify_offset=104\n"))
        .singleElement()
        .satisfies(r -> assertThat(r.read().totalIos()).isEqualTo(8));
  }

  @Test
  void aVerifyingReaderReadsItsFilesOnceWhateverLoopsAskAsFio() {
    // fio 3.33 reads 16 blocks for loops=2 (and loops=3, or io_size=128k), 32 without verify;
    // a fresh file's blocks carry no header, so each is a counted bad block (seed 2041 case 277)
    JobResult r =
        run("[r]\nrw=read\nbs=4k\nsize=64k\nloops=2\nverify=crc32c\ncontinue_on_error=all\n")
            .get(0);
    JobResult plain = run("[p]\nrw=read\nbs=4k\nsize=64k\nloops=2\n").get(0);

    assertThat(r.read().totalIos()).isEqualTo(16);
    assertThat(r.errors().total()).isEqualTo(16);
    assertThat(plain.read().totalIos()).isEqualTo(32);
  }

  @Test
  void refusesVerifyWithTimeBased() {
    assertThatThrownBy(
            () -> run("[v]\nrw=write\nbs=4k\nsize=64k\nverify=crc32c\ntime_based\nruntime=1\n"))
        .hasMessageContaining("verify with time_based is not supported");
  }

  /**
   * fio checks none of a mixed job's own reads (do_io verifies only reads of its verify list when
   * the job writes too, td_rw) and reads back every logged write: with the random map each write
   * once, so the reads are the mix's reads plus one per write, whatever the draw.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "rw=randrw",
        "rw=rw",
        "rw=readwrite\nrwmixread=30",
        "rw=randrw\nverify_backlog=4",
        "rw=randrw\nverify_backlog=3\nverify_backlog_batch=2",
        "rw=randrw\nverify_backlog=5\nverify_backlog_batch=9",
        "rw=randrw\nverify_backlog=4\niodepth=16",
        "rw=rw\nverify_backlog=8\niodepth=8\nioengine=libaio",
        "rw=randrw\nverify_backlog=8\niodepth=32\nioengine=io_uring",
        "rw=randrw\nloops=2"
      })
  void aMixedJobReadsBackEachOfItsWritesOnce(String options) {
    JobResult r = run("[v]\nbs=4k\nsize=256k\nverify=crc32c\n" + options + "\n").get(0);

    long loops = options.contains("loops=2") ? 2 : 1;
    assertThat(r.write().totalIos()).isPositive();
    // the mix's own reads and the writes are the job's 64 blocks a pass
    assertThat(r.read().totalIos()).as("the mix's reads plus one per write").isEqualTo(64 * loops);
    assertThat(r.error()).isZero();
  }

  @Test
  void aMixOnFilesItsOpenCreatesReadsWhatItsWritesMadeAndShortOfThatNothing() {
    // fio's create_on_open lays nothing out: a read past the end is an I/O of 0 bytes, and no
    // short one (io_completed requeues only a read that moved some bytes)
    JobResult r = run("[m]\nrw=randrw\nbs=4k\nsize=256k\ncreate_on_open=1\n").get(0);

    assertThat(r.read().totalIos() + r.write().totalIos()).isEqualTo(64);
    assertThat(r.read().ioBytes()).isLessThan(r.read().totalIos() * 4096);
    assertThat(r.read().shortIos()).isZero();
  }

  @Test
  void randomWritesLargerThanTheSmallestBlockReadBackTheNewestWriteOfEachBlock() {
    // the map counts in 16k (the reads' size) and a 64k write is aligned down to 64k, so some
    // blocks are written twice: the older write is not checked (fio-diff seed 4501 case 48)
    JobResult r =
        run("[v]\nrw=randwrite\nbs=16k,64k\nsize=1m\nverify=sha256\nverify_backlog=4\n").get(0);

    assertThat(r.error()).isZero();
    assertThat(r.read().totalIos()).isPositive().isLessThanOrEqualTo(r.write().totalIos());
  }

  @Test
  void aMixedJobWithoutDoVerifyReadsOnlyWhatItsMixDraws() {
    JobResult r = run("[v]\nrw=randrw\nbs=4k\nsize=256k\nverify=md5\ndo_verify=0\n").get(0);

    assertThat(r.read().totalIos() + r.write().totalIos()).isEqualTo(64);
  }

  @Test
  void continueOnErrorVerifyCountsEachBadBlockAndCarriesOn() throws IOException {
    String global = "[global]\nbs=4k\nsize=64k\nverify=crc32c\nfilename=fsbench-coe\n";
    run(global + "[w]\nrw=write\ndo_verify=0\n");
    corrupt("fsbench-coe", 8192 + 100, 40960 + 7);

    JobResult r = run(global + "[r]\nrw=read\ncontinue_on_error=verify\n").get(0);

    assertThat(r.read().totalIos()).isEqualTo(16); // every block read, the bad ones too
    assertThat(r.errors().total()).isEqualTo(2);
    assertThat(r.errors().verifyErrors()).isEqualTo(2);
    assertThat(r.errors().first()).isEqualTo(84);
    assertThat(r.errors().ended()).isFalse();
    assertThat(r.error()).isEqualTo(84); // fio's __show_run_stats reports the first skipped
  }

  @Test
  void verifyFatalEndsTheJobAtTheFirstBadBlockEvenWhenItIsSkipped() throws IOException {
    String global = "[global]\nbs=4k\nsize=64k\nverify=crc32c\nfilename=fsbench-fatal\n";
    run(global + "[w]\nrw=write\ndo_verify=0\n");
    corrupt("fsbench-fatal", 8192 + 100, 40960 + 7);

    JobResult r = run(global + "[r]\nrw=read\ncontinue_on_error=all\nverify_fatal=1\n").get(0);

    assertThat(r.read().totalIos()).isEqualTo(3);
    assertThat(r.errors().total()).isEqualTo(1);
    assertThat(r.error()).isEqualTo(84);
  }

  @Test
  void verifyFatalReadsOnAfterABadHeaderAsFiosVerifyIoUReturnsBeforeItsTerminate()
      throws IOException {
    JobResult r =
        run("[r]\nrw=read\nbs=4k\nsize=64k\nverify=md5\ncontinue_on_error=verify\n"
                + "verify_fatal=1\n")
            .get(0);

    // a fresh file holds no headers: every block is bad, and each is counted
    assertThat(r.read().totalIos()).isEqualTo(16);
    assertThat(r.errors().total()).isEqualTo(16);
    assertThat(r.errors().verifyErrors()).isEqualTo(16);
  }

  @Test
  void aVerifyErrorNotCoveredStillFailsTheRun() throws IOException {
    String global = "[global]\nbs=4k\nsize=64k\nverify=crc32c\nfilename=fsbench-nocoe\n";
    run(global + "[w]\nrw=write\ndo_verify=0\n");
    corrupt("fsbench-nocoe", 8192 + 100);

    assertThatThrownBy(() -> run(global + "[r]\nrw=read\ncontinue_on_error=read\n"))
        .hasMessageContaining("verify failed for job 'r'")
        .hasMessageContaining("offset 8192");
  }

  private void corrupt(String name, long... offsets) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(dir.resolve(name).toFile(), "rw")) {
      for (long at : offsets) {
        f.seek(at);
        int b = f.read();
        f.seek(at);
        f.write(~b);
      }
    }
  }

  @Test
  void dedupeRepeatsEarlierBlocksAtTheAskedShare() throws IOException {
    run("[d]\nrw=write\nbs=4k\nsize=4m\ndedupe_percentage=40\nfilename=fsbench-d\n");

    byte[] bytes = Files.readAllBytes(dir.resolve("fsbench-d"));
    java.util.Set<ByteBuffer> unique = new java.util.HashSet<>();
    for (int at = 0; at < bytes.length; at += 4096) {
      unique.add(ByteBuffer.wrap(bytes, at, 4096));
    }
    double copies = 1 - unique.size() / 1024.0;
    assertThat(copies).isBetween(0.34, 0.46);
  }

  @Test
  void parsesTheVerifyOptionsIntoTheSpec() {
    JobSpec s =
        spec(
            "[v]\nrw=write\nsize=1m\nverify_pattern=0xff%o\nverify_interval=1k\nverify_fatal=1\n"
                + "verify_backlog=8\nverify_backlog_batch=4\nverify_dump=1\n");

    assertThat(s.verify()).isEqualTo(io.fsbench.api.VerifyMethod.META);
    assertThat(s.verifySettings().pattern().hasOffset()).isTrue();
    assertThat(s.verifySettings().interval().bytes()).isEqualTo(1024);
    assertThat(s.verifySettings().fatal()).isTrue();
    assertThat(s.verifySettings().backlog()).isEqualTo(8);
    assertThat(s.verifySettings().backlogBatch()).isEqualTo(4);
    assertThat(s.verifySettings().dump()).isTrue();
  }
}
