package io.fsbench.api;

import java.util.Objects;

/**
 * What a job's I/O does and where in its files it goes: the direction, the block sizes and how
 * offsets are drawn. One of the groups of a {@link JobSpec}; the builder's flat verbs fill it.
 *
 * <pre>{@code
 * JobPattern pattern = JobSpec.randRead(Size.kib(4)).randSeed(7).build().pattern();
 * }</pre>
 *
 * @param rw the access pattern
 * @param rwMixRead percentage of reads in a mixed pattern
 * @param readBlockSize block size of reads
 * @param writeBlockSize block size of writes
 * @param trimBlockSize block size of trims ({@code rw=trim}, {@code randtrim})
 * @param distribution how random offsets are drawn
 * @param randomMap whether each random pass touches every block exactly once
 * @param randSeed the seed of every random generator (deterministic by default)
 * @param randomGenerator fio's {@code random_generator}
 * @param offsets where in each file each clone's I/O starts (fio's {@code offset} options)
 * @param offsetModifier the {@code :N} of fio's {@code rw=}, with {@code rw_sequencer}
 * @param zones fio's {@code zonemode=strided} with {@code zonesize}, {@code zonerange} and {@code
 *     zoneskip}
 * @param blockAlign fio's {@code blockalign}: what random offsets are multiples of
 * @param numberIos stop after this many I/Os per loop (fio's {@code number_ios}), 0 for no cap
 */
public record JobPattern(
    ReadWrite rw,
    int rwMixRead,
    BlockSize readBlockSize,
    BlockSize writeBlockSize,
    BlockSize trimBlockSize,
    Distribution distribution,
    boolean randomMap,
    long randSeed,
    RandomGenerator randomGenerator,
    Offsets offsets,
    OffsetModifier offsetModifier,
    Zones zones,
    BlockAlign blockAlign,
    long numberIos) {

  public JobPattern {
    Objects.requireNonNull(rw, "rw");
    Objects.requireNonNull(readBlockSize, "readBlockSize");
    Objects.requireNonNull(writeBlockSize, "writeBlockSize");
    Objects.requireNonNull(trimBlockSize, "trimBlockSize");
    Objects.requireNonNull(distribution, "distribution");
    Objects.requireNonNull(randomGenerator, "randomGenerator");
    Objects.requireNonNull(offsets, "offsets");
    Objects.requireNonNull(offsetModifier, "offsetModifier");
    Objects.requireNonNull(zones, "zones");
    Objects.requireNonNull(blockAlign, "blockAlign");
    if (numberIos < 0) {
      throw new InvalidInputException("number_ios (" + numberIos + ") must not be negative");
    }
    JobSpecRules.range("rwmixread", rwMixRead, 0, 100);
  }
}
