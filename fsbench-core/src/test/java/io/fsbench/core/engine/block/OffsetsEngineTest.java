package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Size;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.jobfile.JobFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** offset, offset_increment and number_ios, checked against what fio 3.33 does for each job. */
class OffsetsEngineTest {

  @TempDir Path dir;

  private List<JobResult> runFile(String text) {
    JobFile file = JobFile.parse(text, dir, Map.of());
    return new BlockEngine().run(file.jobs(), new DirectoryContext(dir));
  }

  private static List<Long> offsets(JobSpec spec, IoFile file) {
    IoGenerator generator = new IoGenerator(spec, List.of(file), 5, f -> {});
    List<Long> out = new ArrayList<>();
    IoPlan plan = new IoPlan();
    while (generator.next(plan)) {
      out.add(plan.offset);
    }
    return out;
  }

  @Test
  void aSequentialJobRunsFromItsOffsetToTheEndOfItsRegion() {
    JobSpec spec = JobSpec.seqWrite(Size.kib(4)).name("a").fileSize(Size.kib(32)).build();
    // fio's iolog for offset=8k filesize=32k: 8k, 12k, ... 28k
    List<Long> offsets = offsets(spec, new IoFile(Path.of("a"), 32768, 8192, 32768));

    assertThat(offsets).containsExactly(8192L, 12288L, 16384L, 20480L, 24576L, 28672L);
  }

  @Test
  void aRandomJobVisitsEveryBlockOfItsRegionAndNothingBeforeIt() {
    JobSpec spec = JobSpec.randRead(Size.kib(4)).name("r").size(Size.kib(64)).build();
    List<Long> offsets = offsets(spec, new IoFile(Path.of("r"), 69632, 4096, 69632));

    assertThat(offsets)
        .containsExactlyInAnyOrderElementsOf(
            LongStream.range(1, 17).map(b -> b * 4096).boxed().toList());
  }

  @Test
  void anOffsetTakesFromAFilesizeButAddsToASize() throws Exception {
    List<JobResult> r =
        runFile(
            "[a]\nrw=write\nbs=4k\nfilesize=32k\noffset=8k\n[b]\nrw=write\nbs=4k\nsize=16k\noffset=8k\n");

    assertThat(r.get(0).write().totalIos()).isEqualTo(6); // fio: 24576 bytes in 6 I/Os
    assertThat(Files.size(dir.resolve("a.0.0"))).isEqualTo(32768);
    assertThat(r.get(1).write().totalIos()).isEqualTo(4);
    assertThat(Files.size(dir.resolve("b.0.0"))).isEqualTo(24576);
  }

  @Test
  void eachCloneStartsAPercentageOfTheSharedFileAsAnEarlierCloneMadeIt() throws Exception {
    // fio: clone 0 sees no file (0% of 0 is 0) and makes it 64k; clone 1 sees 64k and starts at
    // 50% + 1 x 25% = 48k, growing the file to 112k. Each reads 64k.
    List<JobResult> r =
        runFile(
            "[d]\nrw=read\nbs=4k\nsize=64k\nfilename=s\nnumjobs=2\noffset=50%\n"
                + "offset_increment=25%\n");

    assertThat(r).allSatisfy(j -> assertThat(j.read().ioBytes()).isEqualTo(65536));
    assertThat(Files.size(dir.resolve("s"))).isEqualTo(114688);
  }

  @Test
  void clonesAreSetUpInFiosOrderTheFirstThenTheLastToTheSecond() throws Exception {
    // fio makes clones last first: subjob 0 makes the file 64k, subjob 2 starts at 32k + 2 x 16k
    // (of 64k) and makes it 128k, subjob 1 starts at 64k + 32k (of 128k): 160k in all
    List<JobResult> r =
        runFile(
            "[d]\nrw=read\nbs=4k\nsize=64k\nfilename=s\nnumjobs=3\noffset=50%\n"
                + "offset_increment=25%\n");

    assertThat(r).hasSize(3).allSatisfy(j -> assertThat(j.read().ioBytes()).isEqualTo(65536));
    assertThat(Files.size(dir.resolve("s"))).isEqualTo(163840);
  }

  @Test
  void eachClonesOwnFilesAreNamedByItsSubjobNumberAsFioNamesThem() {
    // fio's second thread of numjobs=3 is subjob 2: it works on d.2.0 from 2 x 8k
    List<JobResult> r =
        runFile("[d]\nrw=write\nbs=4k\nfilesize=32k\nnumjobs=3\noffset_increment=8k\n");

    assertThat(r.stream().map(j -> j.write().ioBytes())).containsExactly(32768L, 16384L, 24576L);
  }

  @Test
  void eachLoopAfterTheFirstTakesAPercentageOffsetOfTheFileAsSetUp() {
    // fio 3.33: offset=50% of a fresh 64k file starts at 0; clear_io_state starts later loops at
    // 32k, which end at the file's end: 128 + 64 (+ 64) I/Os of 512
    List<JobResult> r =
        runFile(
            "[a]\nrw=read\nbs=512\nfilesize=64k\noffset=50%\nloops=2\n"
                + "[b]\nrw=read\nbs=512\nfilesize=64k\noffset=50%\nloops=3\n");

    assertThat(r.get(0).read().totalIos()).isEqualTo(192);
    assertThat(r.get(1).read().totalIos()).isEqualTo(256);
  }

  @Test
  void aLoopThatEndedByBytesGoesOnFromTheSameStartAsFiosSinglePassDoes() {
    // fio 3.33: randwrite norandommap filesize=100k offset=25% loops=2 writes 50 blocks, all from
    // the first loop's start (its files never end, so it never takes the start anew)
    List<JobResult> r =
        runFile(
            "[a]\nrw=randwrite\nnorandommap\nbs=4k\nfilesize=100k\noffset=25%\nloops=2\n"
                + "[b]\nrw=write\nbs=4k\nfilesize=100k\noffset=25%\nloops=2\n");

    assertThat(r.get(0).write().totalIos()).isEqualTo(50);
    assertThat(r.get(1).write().totalIos()).isEqualTo(43); // fio: 25 + 18 from 28k
  }

  @Test
  void percentageRandomMixesSequentialIosAsFioDoesAndIsRefusedWhereItCannotBe() {
    JobSpec spec = spec("rw=randread", "percentage_random=0", "norandommap", "bs=4k", "size=64k");
    JobSpec split = spec("rw=randrw", "percentage_random=50,20", "norandommap", "size=64k");

    // with 0% random every I/O follows the one before, from the start
    assertThat(kib(offsets(spec, new IoFile(Path.of("j"), 65536))))
        .containsExactly(
            0L, 4L, 8L, 12L, 16L, 20L, 24L, 28L, 32L, 36L, 40L, 44L, 48L, 52L, 56L, 60L);
    assertThat(split.offsetModifier().readPercentRandom()).isEqualTo(50);
    assertThat(split.offsetModifier().writePercentRandom()).isEqualTo(20);
    assertThatThrownBy(() -> spec("rw=randread", "percentage_random=50", "size=64k"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("percentage_random below 100 needs norandommap");
    assertThatThrownBy(() -> spec("rw=read", "percentage_random=50", "size=64k"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("no effect with rw=read");
    assertThatThrownBy(() -> spec("rw=randread", "percentage_random=101", "size=64k"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("percentage_random (101)");
  }

  @Test
  void numberIosCapsTheWholeJobAtItsCountTimesLoops() {
    List<JobResult> r =
        runFile(
            "[b]\nrw=write\nbs=4k\nsize=16k\nnumber_ios=3\nloops=2\n"
                + "[e]\nrw=read\nbs=4k\nsize=64k\nnumber_ios=100\nloops=2\n");

    assertThat(r.get(0).write().totalIos()).isEqualTo(6); // fio 3.33: 6
    assertThat(r.get(1).read().totalIos()).isEqualTo(32); // fio: the files end first
  }

  @Test
  void refusesACloneThatWouldStartPastTheEndOfItsFile() {
    assertThatThrownBy(
            () -> runFile("[x]\nrw=write\nbs=4k\nfilesize=16k\nnumjobs=2\noffset_increment=20k\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("clone 1")
        .hasMessageContaining("20480");
  }

  private static JobSpec spec(String... options) {
    return io.fsbench.core.jobfile.JobOptionParser.parse(
            "j",
            java.util.Arrays.stream(options)
                .map(o -> io.fsbench.core.jobfile.FioOption.parse(o, "test"))
                .toList())
        .spec();
  }

  private static List<Long> kib(List<Long> offsets) {
    return offsets.stream().map(o -> o / 1024).toList();
  }

  @Test
  void readsBackwardsAsFioDoesWrappingToTheEndOfTheFile() {
    // fio 3.33's iolog of rw=read:-8k bs=4k size=64k: block 0 twice, never block 60k
    JobSpec spec = spec("rw=read:-8k", "bs=4k", "size=64k");

    assertThat(kib(offsets(spec, new IoFile(Path.of("j"), 65536))))
        .containsExactly(
            0L, 56L, 52L, 48L, 44L, 40L, 36L, 32L, 28L, 24L, 20L, 16L, 12L, 8L, 4L, 0L);
  }

  @Test
  void readsBackwardsFromTheEndOfARegionThatStartsAtAnOffset() {
    // fio: rw=read:-8k offset=16k size=32k reads 24k 20k 16k, then wraps to 40k
    JobSpec spec = spec("rw=read:-8k", "bs=4k", "size=32k", "offset=16k");

    assertThat(kib(offsets(spec, new IoFile(Path.of("j"), 49152, 16384, 49152))))
        .containsExactly(24L, 20L, 16L, 40L, 36L, 32L, 28L, 24L);
  }

  @Test
  void leavesHolesAndWrapsToTheStartOrEndsAtTheRegionAsFioDoes() {
    JobSpec holes = spec("rw=write:4k", "bs=4k", "size=64k");
    JobSpec inFile = spec("rw=write:8k", "bs=4k", "filesize=64k", "offset=8k");

    assertThat(kib(offsets(holes, new IoFile(Path.of("j"), 65536))))
        .containsExactly(
            0L, 8L, 16L, 24L, 32L, 40L, 48L, 56L, 0L, 8L, 16L, 24L, 32L, 40L, 48L, 56L);
    assertThat(kib(offsets(inFile, new IoFile(Path.of("j"), 65536, 8192, 65536))))
        .containsExactly(8L, 20L, 32L, 44L, 56L);
  }

  @Test
  void aForwardStepPastTheFilesEndRestartsAtTheStartTakenAsRelativeAsFioDoes() {
    // fio 3.33: rw=write:16k bs=4k size=32k offset=8k writes 8k 28k, wraps to 2 x 8k, then 36k
    // ends at the file's end (40k)
    JobSpec spec = spec("rw=write:16k", "bs=4k", "size=32k", "offset=8k");

    assertThat(kib(offsets(spec, new IoFile(Path.of("j"), 40960, 8192, 40960))))
        .containsExactly(8L, 28L, 16L, 36L);
  }

  @Test
  void aRandomJobWithAnIdenticalSequencerRepeatsEachRandomOffset() {
    JobSpec spec = spec("rw=randread:4", "rw_sequencer=identical", "bs=4k", "size=64k");
    List<Long> offsets = offsets(spec, new IoFile(Path.of("j"), 65536));

    assertThat(offsets).hasSize(16);
    for (int i = 0; i < 16; i += 4) {
      assertThat(offsets.subList(i, i + 4)).containsOnly(offsets.get(i));
    }
    assertThat(offsets.stream().distinct()).hasSize(4);
  }

  @Test
  void aRandomJobWithASequentialSequencerFollowsEachRandomOffset() {
    JobSpec spec = spec("rw=randread:4", "norandommap", "bs=4k", "size=64k");
    List<Long> offsets = offsets(spec, new IoFile(Path.of("j"), 65536));

    assertThat(offsets).hasSize(16);
    for (int i = 1; i < 16; i++) {
      // between new random offsets each follows the last, unless that ended the file
      if (i % 4 != 0 && offsets.get(i - 1) != 61440) {
        assertThat(offsets.get(i)).isEqualTo(offsets.get(i - 1) + 4096);
      }
    }
  }

  @Test
  void refusesWhatItCannotDoAsFioNamingTheValue() {
    assertThatThrownBy(() -> spec("rw=randread:4", "size=64k"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("randread:4")
        .hasMessageContaining("norandommap");
    assertThatThrownBy(() -> spec("rw=randread:0", "size=64k"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("randread:0");
    assertThatThrownBy(() -> spec("rw=read:1000", "direct=1", "size=64k"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("(1000)");
    assertThatThrownBy(() -> spec("rw_sequencer=backwards", "size=64k"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("rw_sequencer (backwards)");
  }

  @Test
  void aJobsOwnRwWithoutModifierDropsTheOneOfItsGlobalSection() {
    assertThat(spec("rw=read:-8k", "rw=read", "size=64k").offsetModifier())
        .isEqualTo(io.fsbench.api.OffsetModifier.NONE);
  }

  @Test
  void theLfsrVisitsEveryBlockOnceAlsoWithoutTheRandomMap() {
    // fio 3.33 with random_generator=lfsr norandommap: 16 I/Os on 16 distinct blocks
    JobSpec spec = spec("rw=randread", "random_generator=lfsr", "norandommap", "bs=4k", "size=64k");

    assertThat(offsets(spec, new IoFile(Path.of("j"), 65536)))
        .containsExactlyInAnyOrderElementsOf(
            LongStream.range(0, 16).map(b -> b * 4096).boxed().toList());
  }

  @Test
  void theLfsrSpansTheSmallestSizeSoALargerReadEndsThePassAtTheFirstBlockPastTheRegion() {
    // fio's init_random_map sizes the LFSR in rw_min_bs (16k here: 64 blocks of 1m) and
    // get_next_block multiplies the block by the read's 64k, so 48 of the 64 lie past the region
    // and the first of them ends the pass (seed 2053 case 206: fio 1 read, then a second pass)
    JobSpec spec = spec("rw=randread", "random_generator=lfsr", "bs=64k,16k", "size=1m");

    List<Long> offsets = offsets(spec, new IoFile(Path.of("j"), 1 << 20));

    assertThat(offsets).hasSizeLessThan(16).doesNotHaveDuplicates();
    assertThat(offsets).allSatisfy(o -> assertThat(o % 65536).isZero());
    assertThat(offsets).allSatisfy(o -> assertThat(o).isLessThan(1L << 20));
  }

  @Test
  void theLfsrLetsARandomModifierFollowSequentiallySinceItKeepsNoMap() {
    JobSpec spec = spec("rw=randread:4", "random_generator=lfsr", "bs=4k", "size=64k");

    assertThat(offsets(spec, new IoFile(Path.of("j"), 65536))).hasSize(16);
  }

  @Test
  void refusesTheLfsrWhereFioIgnoresItAndAnUnknownGenerator() {
    assertThatThrownBy(
            () ->
                spec(
                    "rw=randread",
                    "random_generator=lfsr",
                    "random_distribution=zipf:1.2",
                    "size=1m"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("random_generator=lfsr")
        .hasMessageContaining("zipf");
    assertThatThrownBy(() -> spec("random_generator=mt19937", "size=1m"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("random_generator (mt19937)");
    assertThat(spec("random_generator=tausworthe64", "size=1m").randomGenerator())
        .isEqualTo(io.fsbench.api.RandomGenerator.TAUSWORTHE64);
  }

  private static List<Long> zoneOffsets(long fileSize, String... options) {
    List<String> all = new ArrayList<>(List.of("zonemode=strided", "bs=4k"));
    all.addAll(List.of(options));
    JobSpec spec = spec(all.toArray(String[]::new));
    IoFile file = new IoFile(Path.of("j"), fileSize, spec.offsets().startIn(0, 0, 4096), fileSize);
    return kib(offsets(spec, file));
  }

  @Test
  void stridedZonesDoTheirSizeInEachZoneThenSkipAndWrapAsFio333Does() {
    // each sequence is fio 3.33's write_iolog of the same job
    assertThat(zoneOffsets(262144, "rw=read", "size=256k", "zonesize=16k", "zoneskip=48k"))
        .containsExactlyElementsOf(
            java.util.Collections.nCopies(
                    4,
                    List.of(
                        0L, 4L, 8L, 12L, 64L, 68L, 72L, 76L, 128L, 132L, 136L, 140L, 192L, 196L,
                        200L, 204L))
                .stream()
                .flatMap(List::stream)
                .toList());
    assertThat(
            zoneOffsets(
                131072, "rw=read", "size=128k", "zonesize=16k", "zonerange=8k", "zoneskip=24k"))
        .startsWith(0L, 4L, 0L, 4L, 32L, 36L, 32L, 36L, 64L, 68L, 64L, 68L, 96L, 100L, 96L, 100L)
        .hasSize(32);
    assertThat(zoneOffsets(65536, "rw=write", "size=64k", "zonesize=8k", "zonerange=16k"))
        .containsExactly(
            0L, 4L, 16L, 20L, 32L, 36L, 48L, 52L, 0L, 4L, 16L, 20L, 32L, 36L, 48L, 52L);
    assertThat(zoneOffsets(102400, "rw=read", "filesize=100k", "zonesize=12k", "zoneskip=20k"))
        .containsExactly(0L, 4L, 8L, 32L, 36L, 40L, 64L, 68L, 72L, 96L);
  }

  @Test
  void stridedZonesStartAtTheOffsetAndWrapBackToIt() {
    assertThat(
            zoneOffsets(69632, "rw=read", "size=64k", "zonesize=16k", "zoneskip=16k", "offset=4k"))
        .containsExactly(
            4L, 8L, 12L, 16L, 36L, 40L, 44L, 48L, 4L, 8L, 12L, 16L, 36L, 40L, 44L, 48L);
  }

  @Test
  void aSplitOfOneSizeTakesZonesPastItsRegionUpToTheFilesEndAsFio() {
    // seed 2047 case 334: the clone at offset 8k of a 80k file shared with a clone at 16k; fio's
    // get_next_buflen returns a split whose sizes are all 1k unchecked, so zone 9 (72k-80k), past
    // the clone's region but inside the file, takes writes, and one pass does both loops' bytes
    JobSpec spec =
        spec(
            "zonemode=strided",
            "rw=write",
            "bssplit=1k/96:1k/4",
            "size=64k",
            "loops=2",
            "zonesize=8k",
            "zonerange=8k",
            "zoneskip=8k",
            "offset=8k");
    List<Long> offsets = kib(offsets(spec, new IoFile(Path.of("j"), 81920, 8192, 73728)));

    assertThat(offsets).hasSize(128);
    List<Long> zones = new ArrayList<>(); // the zone of each run of writes, in order
    for (long k : offsets) {
      if (zones.isEmpty() || zones.get(zones.size() - 1) != k / 8) {
        zones.add(k / 8);
      }
    }
    assertThat(zones)
        .containsExactly(1L, 3L, 5L, 7L, 9L, 1L, 3L, 5L, 7L, 9L, 1L, 3L, 5L, 7L, 9L, 1L);
  }

  @Test
  void aRandomJobDrawsEachZonesBlocksOnceBeforeItMovesOn() {
    List<Long> offsets =
        zoneOffsets(131072, "rw=randread", "size=128k", "zonesize=16k", "zoneskip=16k");

    assertThat(offsets).hasSize(32);
    for (int i = 0; i < 32; i += 4) {
      long zone = (i / 4 % 4) * 32L;
      assertThat(offsets.subList(i, i + 4))
          .containsExactlyInAnyOrder(zone, zone + 4, zone + 8, zone + 12);
    }
  }

  @Test
  void refusesZonesFioWouldRunOtherwiseOrRefuses() {
    assertThatThrownBy(() -> spec("zonemode=strided", "size=1m"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("needs zonesize");
    assertThatThrownBy(() -> spec("zonemode=zbd", "size=1m"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("zonemode (zbd)");
    assertThatThrownBy(() -> spec("zonemode=none", "zonesize=64k", "size=1m"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("zonesize (64k)");
    assertThatThrownBy(() -> spec("zonesize=64k", "nrfiles=2", "size=1m"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("one file");
    assertThatThrownBy(
            () -> spec("rw=randread", "zonesize=64k", "random_distribution=normal:20", "size=1m"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("random_distribution=normal");
    assertThatThrownBy(() -> spec("zoneskip=64k", "size=1m"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("need zonesize");
  }
}
