package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FioDiffTest {

  @Test
  void knowsFiosRefusalOfAPerDirectionZonedList() {
    assertThat(
            FioOutcomeRules.zonedParseBug(
                "fio exited 1: fio: failed parsing random_distribution=zoned_abs:84/1547264:16/436224"
                    + ",35/98816:42/356864:23/1527296"))
        .isTrue();
    assertThat(
            FioOutcomeRules.zonedParseBug("fio: failed parsing random_distribution=zoned:,50/50"))
        .isTrue();
  }

  @Test
  void anyOtherRefusalIsOneToCompare() {
    assertThat(
            FioOutcomeRules.zonedParseBug(
                "fio: failed parsing random_distribution=zoned:50/50:50/50"))
        .isFalse();
    assertThat(FioOutcomeRules.zonedParseBug("fio: failed parsing bssplit=4k/50,8k/50")).isFalse();
    assertThat(
            FioOutcomeRules.zonedParseBug("fio: lat_percentiles in job: job1 differs from group"))
        .isFalse();
  }

  @Test
  void countsTheFilesABudgetMayLeaveUnopened() {
    FioCase budget =
        new FioCase(
            0,
            "",
            List.of(
                new FioCase.Section(
                    "w", Map.of("nrfiles", "2", "size", "128k", "io_size", "64k"), 0),
                new FioCase.Section("r", Map.of("nrfiles", "3", "size", "96k"), 1)));

    assertThat(FioDiff.untouchedFiles(budget)).isEqualTo(2);
  }

  @Test
  void aRunFailedForABadBlockAgreesWithFioEndingThatJobWithEilseq() throws Exception {
    com.fasterxml.jackson.databind.JsonNode fio =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(
                "{\"jobs\":[{\"jobname\":\"job0\",\"error\":0},"
                    + "{\"jobname\":\"job1\",\"error\":84}]}");
    String own =
        "fsbench exited 1: fsbench: verify failed for job 'job1': verify: bad magic header 6785";

    assertThat(FioOutcomeRules.verifyFailedAsFio(own, fio)).isTrue();
    assertThat(FioOutcomeRules.verifyFailedAsFio(own.replace("job1", "job0"), fio)).isFalse();
    assertThat(FioOutcomeRules.verifyFailedAsFio("fsbench exited 1: fsbench: I/O error", fio))
        .isFalse();
  }

  @Test
  void recognisesFiosFailuresOnHeaderSeedsAlone() {
    String seeds =
        "verify: bad header rand_seed 3473018137030506044, wanted 925371055531318305 at file"
            + " job0.0.0 offset 58368, length 8192 (requested block: offset=58368, length=8192)\n"
            + "fio: pid=5, err=84/file:io_u.c:2232, func=io_u_queued_complete, error=Invalid\n";
    String data = seeds + "crc32c: verify failed at file job0.0.0 offset 0, length 8192\n";

    assertThat(FioOutcomeRules.falseSeedFailures(seeds)).isTrue();
    assertThat(FioOutcomeRules.falseSeedFailures(data)).isFalse();
    assertThat(FioOutcomeRules.falseSeedFailures("")).isFalse();
  }

  @Test
  void countsTheFilesOfATrimJobThatEndsAtItsFirstTrim() {
    FioCase trims =
        new FioCase(
            0,
            "",
            List.of(
                new FioCase.Section(
                    "t",
                    Map.of(
                        "rw",
                        "randtrim",
                        "nrfiles",
                        "2",
                        "size",
                        "512k",
                        "ioengine",
                        "psync",
                        "continue_on_error",
                        "read"),
                    0)));
    FioCase falloc =
        new FioCase(
            0,
            "",
            List.of(
                new FioCase.Section(
                    "t", Map.of("rw", "randtrim", "nrfiles", "2", "ioengine", "falloc"), 0)));

    assertThat(FioDiff.untouchedFiles(trims)).isEqualTo(2);
    assertThat(FioDiff.untouchedFiles(falloc)).isZero();
  }
}
