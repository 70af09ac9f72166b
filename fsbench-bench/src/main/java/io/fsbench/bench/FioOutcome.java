package io.fsbench.bench;

/** How one {@link FioDiff} case ended. */
enum FioOutcome {
  AGREE,
  DISAGREE,
  FSBENCH_FAILED,
  FIO_FAILED,
  /** fio refused the job file, and fsbench refused it too (exit 2): they agree. */
  BOTH_REFUSED,
  /**
   * fio could not initialise its LFSR for a clone's seed (the seed's low bits all ones, which
   * {@code lfsr_reset} refuses) and ran that clone without I/O: nothing to compare.
   */
  FIO_LFSR_FAILED,
  /**
   * fio before 3.41 could not parse a per-direction zoned list ({@code zoned:R,W}): its option
   * parser took the value's prefix up to the first comma before the first colon, fixed by fio
   * commit 7d240881. fsbench runs it; there is no fio result to compare.
   */
  FIO_ZONED_PARSE,
  /**
   * fio 3.33 failed a mixed job's verify on header seeds alone ({@code bad header rand_seed}), the
   * data intact: its verify stream runs in another order than the writes drew it (a random
   * generator without a map, a later pass). fsbench runs it; fio's result is no reference
   * (docs/measurement.md).
   */
  FIO_FALSE_SEEDS
}
