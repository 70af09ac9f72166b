package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.BlockSize;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.Size;
import io.fsbench.api.VerifySettings;
import io.fsbench.core.stats.Direction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IoGeneratorTest {

  private static List<IoPlan> plans(JobSpec spec, long fileSize, long seed) {
    List<IoFile> files = List.of(new IoFile(Path.of("f"), fileSize));
    IoGenerator generator = new IoGenerator(spec, files, seed, f -> {});
    List<IoPlan> out = new ArrayList<>();
    IoPlan plan = new IoPlan();
    while (generator.next(plan)) {
      IoPlan copy = new IoPlan();
      copy.direction = plan.direction;
      copy.offset = plan.offset;
      copy.length = plan.length;
      out.add(copy);
    }
    return out;
  }

  /** The I/Os of a job whose every I/O fails and is skipped (continue_on_error), as its loops. */
  private static int failingIos(JobSpec spec, long fileSize) {
    IoGenerator generator =
        new IoGenerator(spec, List.of(new IoFile(Path.of("f"), fileSize)), 5, f -> {});
    IoPlan plan = new IoPlan();
    int ios = 0;
    while (generator.next(plan)) {
      generator.failed(plan.length);
      ios++;
    }
    return ios;
  }

  private static JobSpec.Builder trims() {
    return JobSpec.builder(ReadWrite.TRIM, Size.kib(4)).name("t").size(Size.kib(96));
  }

  @Test
  void failedIosDoNotCountTowardsNumberIos() {
    // fio's number_ios counts io_blocks, which only an I/O that completed without error adds to
    // (seed 2033 case 659: all 24 trims issued under number_ios=23)
    assertThat(failingIos(trims().numberIos(23).build(), 96 * 1024)).isEqualTo(24);
  }

  @Test
  void aPassWhoseEveryIoFailedEndsTheJob() {
    // fio's thread_main marks the job terminated after a do_io that completed no bytes: the
    // second loop, or a pass io_size would add, never starts (seed 2033 cases 187 and 295)
    assertThat(failingIos(trims().loops(2).build(), 96 * 1024)).isEqualTo(24);
    assertThat(failingIos(trims().ioSize(Size.kib(384)).build(), 96 * 1024)).isEqualTo(24);
  }

  @Test
  void withoutARandomMapFailedTrimsRunOnUntilTheBytesOfEveryLoopAreIssued() {
    // norandommap: the pass ends only at size * loops issued (fio's io_issue_bytes_exceeded
    // counts failed I/Os as issued), then ends the job (seed 2033 case 192)
    JobSpec spec =
        JobSpec.builder(ReadWrite.RANDTRIM, Size.kib(4))
            .name("t")
            .size(Size.kib(96))
            .randomMap(false)
            .loops(2)
            .numberIos(10)
            .build();

    assertThat(failingIos(spec, 96 * 1024)).isEqualTo(48);
  }

  @Test
  void libaioTrimsInTheCallSoItsPassHasNoBudget() {
    // fio's do_io counts bytes_issued only for I/Os the engine queued; libaio trims synchronously
    JobSpec spec =
        JobSpec.builder(ReadWrite.RANDTRIM, Size.kib(4))
            .name("t")
            .ioEngine(IoEngine.LIBAIO)
            .size(Size.kib(96))
            .randomMap(false)
            .loops(2)
            .build();

    assertThat(PassRules.queues(spec)).isFalse();
    assertThat(failingIos(spec, 96 * 1024)).isEqualTo(48);
  }

  @Test
  void aPassWithSomeBytesDoneStillLoops() {
    IoGenerator generator =
        new IoGenerator(
            trims().loops(2).build(), List.of(new IoFile(Path.of("f"), 96 * 1024)), 5, f -> {});
    IoPlan plan = new IoPlan();
    int ios = 0;
    while (generator.next(plan)) {
      if (ios++ % 2 == 0) {
        generator.failed(plan.length);
      }
    }

    assertThat(ios).isEqualTo(48);
  }

  private static List<Long> offsets(List<IoPlan> plans) {
    return plans.stream().map(p -> p.offset).toList();
  }

  @Test
  void eachCloneAndEachJobDrawsItsOwnOffsets() {
    // numjobs=4 on one shared file must not replay one offset sequence four times
    JobSpec spec = JobSpec.randRead(Size.kib(4)).name("r").size(Size.mib(1)).build();
    List<Long> first = offsets(plans(spec, 1 << 20, JobClone.seed(spec, 1)));
    List<Long> second = offsets(plans(spec, 1 << 20, JobClone.seed(spec, 2)));
    List<Long> again = offsets(plans(spec, 1 << 20, JobClone.seed(spec, 1)));

    assertThat(first).hasSize(256).doesNotHaveDuplicates();
    assertThat(second).isNotEqualTo(first).containsExactlyInAnyOrderElementsOf(first);
    assertThat(again).isEqualTo(first);
  }

  @Test
  void aPassThatIoSizeAddsRunsOnlyWhereFioCountsTheFilesDoneAfresh() {
    // fio's reset_io_counters zeroes nr_done_files only with do_verify (its default), several
    // loops or time_based: without them the added pass finds every file done (seed 2030 case 116)
    long byDefault = bytes(plans(regionOnce().build(), 48 * 1024, 5));
    long noVerify = bytes(plans(regionOnce().verifySettings(NO_VERIFY).build(), 48 * 1024, 5));
    long twoLoops =
        bytes(plans(regionOnce().verifySettings(NO_VERIFY).loops(2).build(), 48 * 1024, 5));

    assertThat(byDefault).isEqualTo(64 * 1024);
    assertThat(noVerify).isEqualTo(48 * 1024);
    assertThat(twoLoops)
        .as("each loop once over the region, then io_size is reached")
        .isEqualTo(96 * 1024);
  }

  private static final VerifySettings NO_VERIFY = VerifySettings.DEFAULT.doVerify(false);

  private static JobSpec.Builder regionOnce() {
    return JobSpec.randWrite(Size.kib(4)).name("w").size(Size.kib(48)).ioSize(Size.kib(64));
  }

  private static long bytes(List<IoPlan> plans) {
    return plans.stream().mapToLong(p -> p.length).sum();
  }

  @Test
  void oneBlockSizeCoversTrimsSoRandomWritesTakeWholeBlocksEachOnce() {
    // fio's td_min_bs counts the trim size too: a 4 KiB trim default under a 16 KiB write would
    // make random offsets 4 KiB apart, and writes overlap (BlockEngineIT's verify saw it)
    JobSpec spec = JobSpec.randWrite(Size.kib(16)).name("w").size(Size.mib(1)).build();
    List<Long> offsets = offsets(plans(spec, 1 << 20, 7));

    assertThat(BlockSizes.minBlockSize(spec)).isEqualTo(16384);
    assertThat(offsets).hasSize(64).doesNotHaveDuplicates().allMatch(o -> o % 16384 == 0);
  }

  @Test
  void aRandomWriterWithSmallerReadsStillWritesEachBlockOncePerPass() {
    // fio draws a write's block among the writes' own blocks (last_block over ba[WRITE]), so
    // bs=512,4k writes 16 distinct 4k blocks of 64k; drawn in 512-byte units, fsbench wrote some
    // twice and its verify failed its own data (seed 2040 case 397)
    JobSpec spec =
        JobSpec.randWrite(Size.kib(4))
            .name("w")
            .size(Size.kib(64))
            .readBlockSize(BlockSize.of(Size.bytes(512)))
            .build();
    List<Long> offsets = offsets(plans(spec, 64 * 1024, 11));

    assertThat(offsets).hasSize(16).doesNotHaveDuplicates().allMatch(o -> o % 4096 == 0);
  }

  @Test
  void aBssplitSizeIsAlignedDownToTheSmallestAsFioDrawsIt() {
    // seed 2041 case 87: bssplit=1k/64:512/36 under kb_base=1000; fio masks 1000 down to 512
    JobSpec spec =
        JobSpec.seqRead(Size.kib(4))
            .name("r")
            .size(Size.bytes(256000))
            .readBlockSize(BlockSize.parse("1000/64:512/36"))
            .build();

    assertThat(plans(spec, 256000, 3)).hasSize(500).allMatch(p -> p.length == 512);
    assertThat(BlockSizes.aligned(new int[] {1000, 1536, 3000}, 1000))
        .containsExactly(1000, 1000, 3000);
  }

  @Test
  void aBssplitNeverRunsPastTheEndOfItsFile() {
    JobSpec spec =
        JobSpec.seqWrite(Size.kib(4))
            .name("w")
            .size(Size.kib(100))
            .writeBlockSize(BlockSize.parse("4k/50:64k/50"))
            .build();
    List<IoPlan> plans = plans(spec, 100 * 1024, 9);

    assertThat(plans).allSatisfy(p -> assertThat(p.offset + p.length).isLessThanOrEqualTo(102400));
    assertThat(plans.stream().mapToLong(p -> p.length).sum()).isEqualTo(102400);
  }

  @Test
  void randomOffsetsAreMultiplesOfTheirDirectionsBlockSizeAndFit() {
    JobSpec spec =
        JobSpec.builder(ReadWrite.RANDRW, Size.kib(1))
            .name("m")
            .size(Size.kib(100))
            .writeBlockSize(BlockSize.of(Size.kib(8)))
            .build();
    List<IoPlan> writes =
        plans(spec, 100 * 1024, 3).stream().filter(p -> p.direction == Direction.WRITE).toList();

    assertThat(writes).isNotEmpty();
    assertThat(writes)
        .allSatisfy(
            p -> {
              assertThat(p.offset % 8192).isZero();
              assertThat(p.offset + p.length).isLessThanOrEqualTo(102400);
            });
  }

  private static String sequence(List<IoPlan> plans) {
    StringBuilder out = new StringBuilder();
    for (IoPlan p : plans) {
      out.append(out.length() == 0 ? "" : " ")
          .append(p.direction == Direction.TRIM ? 'T' : 'W')
          .append(p.offset / 1024)
          .append('+')
          .append(p.length / 1024);
    }
    return out.toString();
  }

  @Test
  void trimwriteTrimsThenWritesEachBlockInTurn() {
    JobSpec spec = JobSpec.builder(ReadWrite.TRIMWRITE, Size.kib(4)).name("tw").build();

    assertThat(sequence(plans(spec, 16 * 1024, 1)))
        .isEqualTo("T0+4 W0+4 T4+4 W4+4 T8+4 W8+4 T12+4 W12+4");
  }

  @Test
  void trimwriteKeepsEachDirectionsOwnSizeAndPositionAsFiosSetRwDdir() {
    // fio's set_rw_ddir trims only where the last trim and the last write started together:
    // 8k trims and 4k writes (bs=4k,4k,8k) give T0 W0 T8 W4 W8 T16 ..., the bytes of the job in
    // writes (observed with fio 3.33: 15 writes and 8 trims for size=64k)
    JobSpec spec =
        JobSpec.builder(ReadWrite.TRIMWRITE, Size.kib(4))
            .name("tw")
            .trimBlockSize(BlockSize.of(Size.kib(8)))
            .build();

    List<IoPlan> plans = plans(spec, 64 * 1024, 1);

    assertThat(sequence(plans.subList(0, 7))).isEqualTo("T0+8 W0+4 T8+8 W4+4 W8+4 T16+8 W12+4");
    assertThat(plans.stream().filter(p -> p.direction == Direction.WRITE).count()).isEqualTo(15);
    assertThat(plans.stream().filter(p -> p.direction == Direction.TRIM).count()).isEqualTo(8);
  }

  @Test
  void randtrimwriteWritesTheBlockItJustTrimmedAndCountsTheWritesAgainstSize() {
    JobSpec spec = JobSpec.builder(ReadWrite.RANDTRIMWRITE, Size.kib(4)).name("rtw").build();

    List<IoPlan> plans = plans(spec, 64 * 1024, 7);

    assertThat(plans).hasSize(32);
    java.util.Set<Long> trimmed = new java.util.HashSet<>();
    for (int i = 0; i < plans.size(); i += 2) {
      assertThat(plans.get(i).direction).isEqualTo(Direction.TRIM);
      assertThat(plans.get(i + 1).direction).isEqualTo(Direction.WRITE);
      assertThat(plans.get(i + 1).offset).isEqualTo(plans.get(i).offset);
      assertThat(plans.get(i + 1).length).isEqualTo(plans.get(i).length);
      trimmed.add(plans.get(i).offset);
    }
    assertThat(trimmed).hasSize(16); // the random map: each block trimmed once
  }

  @Test
  void trimwriteDoublesNumberIosAsFio() {
    JobSpec spec =
        JobSpec.builder(ReadWrite.TRIMWRITE, Size.kib(4)).name("tw").numberIos(5).build();

    assertThat(plans(spec, 64 * 1024, 1)).hasSize(10); // fio 3.33: 5 trims and 5 writes
  }

  @Test
  void refusesRandtrimwriteOnARegionThatDoesNotStartTheFile() {
    JobSpec spec = JobSpec.builder(ReadWrite.RANDTRIMWRITE, Size.kib(4)).name("rtw").build();

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                new IoGenerator(
                    spec, List.of(new IoFile(Path.of("f"), 64 * 1024, 8192, 65536)), 1, f -> {}))
        .isInstanceOf(io.fsbench.api.InvalidInputException.class)
        .hasMessageContaining("region starting at 8192");
  }

  @Test
  void aPassThatIsVerifiedLeavesNoFileDoneSoHoledWritesWrapIntoAnother() {
    // fio's thread_main verifies each pass after clear_io_state undid the files' done flags, so
    // keep_running adds passes until the bytes (writes and verify reads) reach size: 2 passes of
    // 2 writes at 0 and 48k; without verify one pass (seed 2042 case 758)
    JobSpec.Builder holed =
        JobSpec.builder(ReadWrite.WRITE, Size.kib(16))
            .name("h")
            .size(Size.kib(100))
            .offsetModifier(io.fsbench.api.OffsetModifier.adding(32768));
    assertThat(writesVerifiedAfterEachPass(holed.build())).isEqualTo(2);
    assertThat(
            writesVerifiedAfterEachPass(holed.verify(io.fsbench.api.VerifyMethod.CRC32C).build()))
        .isEqualTo(4);
  }

  /** The writes of a job whose passes are each followed by reading back what they wrote. */
  private static int writesVerifiedAfterEachPass(JobSpec spec) {
    IoGenerator generator =
        new IoGenerator(spec, List.of(new IoFile(Path.of("f"), 100 * 1024)), 1, f -> {});
    long[] written = {0, 0}; // written this pass, verified so far
    generator.verifyBetweenPasses(
        () -> spec.verify() == io.fsbench.api.VerifyMethod.NONE ? 0 : written[0],
        () -> {
          written[1] += written[0];
          written[0] = 0;
        });
    IoPlan plan = new IoPlan();
    int writes = 0;
    while (generator.next(plan)) {
      written[0] += plan.length;
      writes++;
    }
    return writes;
  }

  @Test
  void aPercentageOffsetOfAFileCreatedBySetupFitsItsSizesAgainstTheWholeFile() {
    // fio's io_u_fits takes get_start_offset anew, of the file's size after setup: filecreate's
    // offset=10% is one block's 10% (aligned up to 4k) at setup but 69905 bytes (73728) there, so a
    // drawn size past the file's end is not drawn again but ends the file (seed 2042 case 149)
    JobSpec spec =
        JobSpec.builder(ReadWrite.WRITE, Size.kib(4))
            .name("fc")
            .ioEngine(IoEngine.FILECREATE)
            .bsSplit("4k/12:512/59:8k/29")
            .offsets(io.fsbench.api.Offsets.atPercent(10).align(Size.kib(4)))
            .build();
    long size = 699050;
    int ended = 0;
    for (long seed = 1; seed <= 20; seed++) {
      IoGenerator generator =
          new IoGenerator(spec, List.of(new IoFile(Path.of("f"), size, 4096, size)), seed, f -> {});
      IoPlan plan = new IoPlan();
      long end = 0;
      while (generator.next(plan)) {
        end = plan.offset + plan.length;
      }
      assertThat(end).isLessThanOrEqualTo(size);
      if (size - end >= 512) {
        ended++; // the drawn size did not fit: the file ended with room for a smaller one
      }
    }
    assertThat(ended).isGreaterThan(10); // 8k fits last in 170 bytes or fewer 29% of the time
  }

  @Test
  void aSkewedDistributionDrawsRangesOfTheSmallerSizeAndPlacesThemByEachDirectionsAlignment() {
    // fio's __init_rand_distribution: ranges of min(read bs, write bs) over the region; the drawn
    // range times the direction's blockalign is the offset, and one at or past the region ends
    // the file: bs=1k,64k normal:20 writes at most once or twice (seed 2042 case 883)
    JobSpec mixed =
        JobSpec.builder(ReadWrite.RANDRW, Size.kib(1))
            .name("n")
            .writeBlockSize(BlockSize.of(Size.kib(64)))
            .rwMixRead(50)
            .distribution(io.fsbench.api.Distribution.normal(20))
            .build();
    List<IoPlan> plans = plans(mixed, 3 << 20, 3);
    assertThat(plans.stream().filter(p -> p.direction == Direction.WRITE).count())
        .isLessThanOrEqualTo(2);
    assertThat(plans.size()).isLessThan(200); // of 3 MiB of I/O asked for
    // a region that is not a whole number of ranges: drawing the partial last one ends the file
    JobSpec partial =
        JobSpec.builder(ReadWrite.RANDREAD, Size.kib(4))
            .name("p")
            .distribution(io.fsbench.api.Distribution.zipf(1.1))
            .build();
    int cutShort = 0;
    for (long seed = 1; seed <= 20; seed++) {
      List<IoPlan> reads = plans(partial, 10 * 1024, seed);
      assertThat(reads).allSatisfy(p -> assertThat(p.offset).isIn(0L, 4096L));
      cutShort += reads.size() < 2 ? 1 : 0;
    }
    assertThat(cutShort).isPositive();
  }
}
