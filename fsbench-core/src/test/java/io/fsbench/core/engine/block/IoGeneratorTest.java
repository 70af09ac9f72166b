package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.BlockSize;
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

    assertThat(IoGenerator.minBlockSize(spec)).isEqualTo(16384);
    assertThat(offsets).hasSize(64).doesNotHaveDuplicates().allMatch(o -> o % 16384 == 0);
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
}
