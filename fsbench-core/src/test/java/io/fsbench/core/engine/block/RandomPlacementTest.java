package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.BlockAlign;
import io.fsbench.api.BlockSize;
import io.fsbench.api.Distribution;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.Size;
import io.fsbench.core.stats.Direction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RandomPlacementTest {

  private static final long MIB = 1 << 20;

  private static List<IoPlan> plans(JobSpec spec, long fileSize) {
    List<IoFile> files = List.of(new IoFile(Path.of("f"), fileSize));
    IoGenerator generator = new IoGenerator(spec, files, 17, f -> {});
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

  /** The share of {@code plans} of {@code direction} starting in [from, to) bytes. */
  private static double share(List<IoPlan> plans, Direction direction, long from, long to) {
    List<IoPlan> of = plans.stream().filter(p -> p.direction == direction).toList();
    return of.stream().filter(p -> p.offset >= from && p.offset < to).count() / (double) of.size();
  }

  @Test
  void zonedPutsEachZonesShareOfTheAccessesInItsPartOfTheFile() {
    // fio's rand-zones example: 50% in the first 5%, 30% in the next 15%, 20% in the last 80%
    JobSpec spec =
        JobSpec.randRead(Size.kib(4))
            .name("z")
            .size(Size.mib(64))
            .ioSize(Size.mib(400))
            .distribution(Distribution.parse("zoned:50/5:30/15:20/"))
            .build();
    List<IoPlan> plans = plans(spec, 64 * MIB);
    long blocks = 64 * MIB / 4096;

    assertThat(plans).hasSize(102400);
    // fio's boundaries are percentages of last_block, rounded down
    long fivePercent = blocks * 5 / 100 * 4096;
    long twentyPercent = blocks * 20 / 100 * 4096;
    assertThat(share(plans, Direction.READ, 0, fivePercent)).isCloseTo(0.50, within(0.01));
    assertThat(share(plans, Direction.READ, fivePercent, twentyPercent))
        .isCloseTo(0.30, within(0.01));
    assertThat(share(plans, Direction.READ, twentyPercent, 64 * MIB)).isCloseTo(0.20, within(0.01));
    assertThat(plans).allSatisfy(p -> assertThat(p.offset % 4096).isZero());
  }

  @Test
  void zonedKeepsReadsAndWritesInTheirOwnZones() {
    JobSpec spec =
        JobSpec.builder(ReadWrite.RANDRW, Size.kib(4))
            .name("z")
            .size(Size.mib(16))
            .ioSize(Size.mib(200))
            .distribution(Distribution.parse("zoned:100/10,25/50:75/50"))
            .build();
    List<IoPlan> plans = plans(spec, 16 * MIB);
    long tenPercent = 16 * MIB / 4096 * 10 / 100 * 4096;

    assertThat(share(plans, Direction.READ, 0, tenPercent)).isEqualTo(1.0);
    assertThat(share(plans, Direction.WRITE, 0, 8 * MIB)).isCloseTo(0.25, within(0.015));
    assertThat(share(plans, Direction.WRITE, 8 * MIB, 16 * MIB)).isCloseTo(0.75, within(0.015));
  }

  @Test
  void zonedAbsoluteZonesLieOneAfterTheOtherFromTheStart() {
    JobSpec spec =
        JobSpec.randWrite(Size.kib(4))
            .name("z")
            .size(Size.mib(16))
            .ioSize(Size.mib(100))
            .distribution(Distribution.parse("zoned_abs:60/1m:40/3m"))
            .build();
    List<IoPlan> plans = plans(spec, 16 * MIB);

    assertThat(share(plans, Direction.WRITE, 0, MIB)).isCloseTo(0.60, within(0.015));
    assertThat(share(plans, Direction.WRITE, MIB, 4 * MIB)).isCloseTo(0.40, within(0.015));
  }

  @Test
  void refusesAbsoluteZonesLargerThanTheRegionBeforeTheRun() {
    JobSpec spec =
        JobSpec.randRead(Size.kib(4))
            .name("z")
            .size(Size.mib(4))
            .distribution(Distribution.parse("zoned_abs:50/2m:50/4m"))
            .build();
    assertThatThrownBy(() -> plans(spec, 4 * MIB))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("read zones of 6291456 bytes in all")
        .hasMessageContaining("region of 4194304 bytes");
    // zones of the whole file leave no room for an I/O larger than the alignment at its end
    JobSpec overhang =
        JobSpec.randRead(Size.kib(16))
            .name("z")
            .size(Size.mib(4))
            .noRandomMap()
            .blockAlign(BlockAlign.both(Size.kib(1)))
            .distribution(Distribution.parse("zoned_abs:50/2m:50/2m"))
            .build();
    assertThatThrownBy(() -> plans(overhang, 4 * MIB))
        .hasMessageContaining("starts in the first 4178944 only");
  }

  @Test
  void blockalignPutsEverySizeOfAMixOnItsBoundaryAndInsideTheFile() {
    // fio's jesd219: 512 B to 64 KiB, every I/O on a 4 KiB boundary
    JobSpec spec =
        JobSpec.randWrite(Size.kib(4))
            .name("a")
            .size(Size.mib(4))
            .ioSize(Size.mib(64))
            .writeBlockSize(BlockSize.parse("512/10:4k/60:64k/30"))
            .noRandomMap()
            .blockAlign(BlockAlign.both(Size.kib(4)))
            .build();
    List<IoPlan> plans = plans(spec, 4 * MIB);

    assertThat(plans).allSatisfy(p -> assertThat(p.offset % 4096).isZero());
    assertThat(plans).allSatisfy(p -> assertThat(p.offset + p.length).isLessThanOrEqualTo(4 * MIB));
    assertThat(plans).anySatisfy(p -> assertThat(p.length).isEqualTo(512));
  }

  @Test
  void aBlockalignBelowTheBlockSizeLeavesRoomForTheSmallestIoAsFiosLastBlock() {
    JobSpec spec =
        JobSpec.randRead(Size.kib(8))
            .name("a")
            .size(Size.kib(64))
            .noRandomMap()
            .blockAlign(BlockAlign.both(Size.kib(1)))
            .build();
    RandomPlacement placement = new RandomPlacement(spec);
    SplittableRandom random = new SplittableRandom(1);
    long highest = 0;
    for (int i = 0; i < 20_000; i++) {
      long offset = placement.next(Direction.READ, 64 * 1024, random);
      assertThat(offset % 1024).isZero();
      highest = Math.max(highest, offset);
    }
    // (64k - (8k - 1k)) / 1k = 57 blocks: 0 .. 56k
    assertThat(highest).isEqualTo(56 * 1024);
    assertThat(placement.next(Direction.READ, 7 * 1024, random)).isEqualTo(-1);
  }

  private static org.assertj.core.data.Offset<Double> within(double d) {
    return org.assertj.core.data.Offset.offset(d);
  }
}
