package io.fsbench.bench;

import java.util.List;

/**
 * What a {@link FioDiff} run prints last and exits on: the counts per outcome and the cases that
 * did not agree.
 */
record FioDiffSummary(long seed, int count, List<FioDiff.Result> results) {
  long count(FioOutcome outcome) {
    return results.stream().filter(r -> r.outcome() == outcome).count();
  }

  List<FioDiff.Result> problems() {
    return results.stream()
        .filter(
            r ->
                r.outcome() != FioOutcome.AGREE
                    && r.outcome() != FioOutcome.BOTH_REFUSED
                    && r.outcome() != FioOutcome.FIO_LFSR_FAILED
                    && r.outcome() != FioOutcome.FIO_ZONED_PARSE
                    && r.outcome() != FioOutcome.FIO_FALSE_SEEDS)
        .toList();
  }

  @Override
  public String toString() {
    return String.format(
            "seed %d, %d jobs: %d agree, %d disagree, %d fsbench failed, %d refused by fio only,"
                + " %d refused by both, %d skipped (fio's LFSR failed)%s",
            seed,
            count,
            count(FioOutcome.AGREE),
            count(FioOutcome.DISAGREE),
            count(FioOutcome.FSBENCH_FAILED),
            count(FioOutcome.FIO_FAILED),
            count(FioOutcome.BOTH_REFUSED),
            count(FioOutcome.FIO_LFSR_FAILED),
            count(FioOutcome.FIO_ZONED_PARSE) == 0
                ? ""
                : ", "
                    + count(FioOutcome.FIO_ZONED_PARSE)
                    + " skipped (fio before 3.41 cannot parse zoned:R,W)")
        + (count(FioOutcome.FIO_FALSE_SEEDS) == 0
            ? ""
            : ", "
                + count(FioOutcome.FIO_FALSE_SEEDS)
                + " skipped (fio failed intact blocks on their header seeds)");
  }
}
