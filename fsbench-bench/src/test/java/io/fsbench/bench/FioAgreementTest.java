package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FioAgreementTest {

  private final ObjectMapper json = new ObjectMapper();

  private JsonNode report(String version, long writeBytes, long writeIos, long syncs, long syncN)
      throws Exception {
    return json.readTree(
        String.format(
            "{\"fio version\":\"%s\",\"jobs\":[{\"jobname\":\"w\",\"read\":{\"io_bytes\":0,"
                + "\"total_ios\":0},\"write\":{\"io_bytes\":%d,\"total_ios\":%d},"
                + "\"sync\":{\"total_ios\":%d,\"lat_ns\":{\"N\":%d}}}]}",
            version, writeBytes, writeIos, syncs, syncN));
  }

  private static FioCase writeJob(Map<String, String> options) {
    return new FioCase(0, "", List.of(new FioCase.Section("w", options, 0)));
  }

  @Test
  void agreesOnlyWhenBytesAndIosOfADeterministicJobAreEqual() throws Exception {
    FioCase c = writeJob(Map.of("rw", "write", "bs", "4k", "size", "64k"));

    assertThat(
            FioAgreement.compare(
                c, report("fio-3.33", 65536, 16, 0, 0), report("x", 65536, 16, 0, 0)))
        .isEmpty();
    assertThat(
            FioAgreement.compare(
                c, report("fio-3.33", 65536, 16, 0, 0), report("x", 69632, 17, 0, 0)))
        .containsExactly(
            "job 0 (w): write.io_bytes fio 65536, fsbench 69632",
            "job 0 (w): write.total_ios fio 16, fsbench 17");
  }

  @Test
  void flagsTotalErrAndFirstErrorPrintedByOneSideOnly() throws Exception {
    // fio prints them only when the job's (or group's last member's) continue_on_error is set:
    // their presence is compared too (seed 2033 case 111)
    FioCase c = writeJob(Map.of("rw", "write", "bs", "4k", "size", "64k"));
    JsonNode own = report("x", 65536, 16, 0, 0);
    ((com.fasterxml.jackson.databind.node.ObjectNode) own.path("jobs").path(0))
        .put("total_err", 0)
        .put("first_error", 0);

    assertThat(FioAgreement.compare(c, report("fio-3.33", 65536, 16, 0, 0), own))
        .containsExactly(
            "job 0 (w): total_err fio , fsbench 0", "job 0 (w): first_error fio , fsbench 0");
    assertThat(FioAgreement.compare(c, own, own)).isEmpty();
  }

  @Test
  void countsFdatasyncsByWhatFioTimedSinceFio333ReportsNoneInTotalIos() throws Exception {
    FioCase c = writeJob(Map.of("rw", "write", "bs", "4k", "size", "64k", "fdatasync", "4"));

    assertThat(
            FioAgreement.compare(
                c, report("fio-3.33", 65536, 16, 0, 3), report("x", 65536, 16, 3, 3)))
        .isEmpty();
    assertThat(
            FioAgreement.compare(
                c, report("fio-3.33", 65536, 16, 0, 3), report("x", 65536, 16, 4, 4)))
        .hasSize(2);
  }

  /** A 16-write job whose clat holds {@code clatN} samples, with or without percentiles. */
  private JsonNode latencies(long clatN, boolean percentiles, double bucket) throws Exception {
    String pct = percentiles ? ",\"percentile\":{\"50.000000\":1000}" : "";
    return json.readTree(
        "{\"fio version\":\"fio-3.33\",\"jobs\":[{\"jobname\":\"w\",\"read\":{\"io_bytes\":0,"
            + "\"total_ios\":0},\"write\":{\"io_bytes\":65536,\"total_ios\":16,"
            + "\"slat_ns\":{\"N\":0},\"clat_ns\":{\"N\":"
            + clatN
            + pct
            + "},\"lat_ns\":{\"N\":16}},\"latency_us\":{\"10\":"
            + bucket
            + "},\"sync\":{\"total_ios\":0,\"lat_ns\":{\"N\":0}}}]}");
  }

  @Test
  void comparesWhichLatenciesHoldSamplesAndPercentilesAndWhetherBucketsFill() throws Exception {
    FioCase c = writeJob(Map.of("rw", "write", "bs", "4k", "size", "64k", "disable_clat", "1"));

    assertThat(FioAgreement.compare(c, latencies(0, false, 0), latencies(0, false, 0))).isEmpty();
    assertThat(FioAgreement.compare(c, latencies(0, false, 0), latencies(16, true, 100)))
        .containsExactly(
            "job 0 (w): write.clat_ns has samples/percentiles fio false/false, fsbench true/true",
            "job 0 (w): latency buckets filled fio false, fsbench true");
  }

  @Test
  void comparesLogFilesByNameAndLines() {
    FioCase c = writeJob(Map.of("rw", "write", "bs", "4k", "size", "64k"));
    FioCase mixed = writeJob(Map.of("rw", "randrw", "bs", "4k,16k", "size", "64k"));
    Map<String, Long> fio = Map.of("x_iops.1.log", 16L);

    assertThat(FioLogAgreement.compareLogs(c, fio, Map.of("x_iops.1.log", 16L))).isEmpty();
    assertThat(FioLogAgreement.compareLogs(c, fio, Map.of("x_iops.1.log", 15L)))
        .containsExactly("log x_iops.1.log: lines fio 16, fsbench 15");
    assertThat(FioLogAgreement.compareLogs(c, fio, Map.of("x_iops.log", 16L))).hasSize(1);
    // where the counts themselves may differ, only the files are compared
    assertThat(FioLogAgreement.compareLogs(mixed, fio, Map.of("x_iops.1.log", 15L))).isEmpty();
  }

  @Test
  void boundsNumberIosWithSyncsInFlightByTheCapAndNothingElse() throws Exception {
    FioCase c =
        writeJob(
            Map.of(
                "rw",
                "write",
                "bs",
                "4k",
                "size",
                "64k",
                "fsync",
                "5",
                "number_ios",
                "8",
                "ioengine",
                "io_uring",
                "iodepth",
                "4"));

    // fio counts its syncs in flight against number_ios: 5 writes where fsbench did 8
    assertThat(
            FioAgreement.compare(
                c, report("fio-3.33", 20480, 5, 6, 6), report("x", 32768, 8, 1, 1)))
        .isEmpty();
    assertThat(
            FioAgreement.compare(
                c, report("fio-3.33", 20480, 5, 6, 6), report("x", 36864, 9, 1, 1)))
        .containsExactly("job 0 (w): read+write total_ios 9 is more than the job asks for (8)");
  }

  @Test
  void comparesANumberIosJobWithoutSyncsExactly() throws Exception {
    FioCase c = writeJob(Map.of("rw", "write", "bs", "4k", "size", "64k", "number_ios", "8"));

    assertThat(
            FioAgreement.compare(
                c, report("fio-3.33", 32768, 8, 0, 0), report("x", 28672, 7, 0, 0)))
        .hasSize(2);
  }

  @Test
  void readsFioVersions() {
    assertThat(FioAgreement.olderThan("fio-3.33", 3, 38)).isTrue();
    assertThat(FioAgreement.olderThan("fio-3.38", 3, 38)).isFalse();
    assertThat(FioAgreement.olderThan("fio-4.0", 3, 38)).isFalse();
  }

  @Test
  void prioritiesAreJudgedByTheIosOfTheMembersThatSetThem() {
    // seed 2040 case 736: a 3-I/O randrw with cmdprio_bssplit in a group with a busy member
    FioCase.Section busy = new FioCase.Section("job1", Map.of("rw", "randrw", "size", "256k"), 0);
    FioCase.Section small =
        new FioCase.Section(
            "job2",
            Map.of(
                "rw",
                "randrw",
                "bs",
                "64k",
                "filesize",
                "256k",
                "number_ios",
                "32",
                "cmdprio_bssplit",
                "64k/25/2/1"),
            0);
    FioCase.Section large =
        new FioCase.Section(
            "job3",
            Map.of("rw", "randwrite", "bs", "4k", "size", "1m", "cmdprio_percentage", "50"),
            0);

    assertThat(FioPriorityAgreement.prioritisedIos(List.of(busy, small), false)).isLessThan(40);
    assertThat(FioPriorityAgreement.prioritisedIos(List.of(busy, large), false)).isEqualTo(256);
    assertThat(FioPriorityAgreement.prioritisedIos(List.of(busy, large), true)).isZero();
  }

  @Test
  void comparesALaterJobWithoutSizeExactly() throws Exception {
    // its size is the file an earlier job laid out: fio makes its bytes certain
    FioCase c = writeJob(Map.of("rw", "randwrite", "bs", "4k", "filename", "job0.0.0"));

    assertThat(c.sections().get(0).sizeFromFiles()).isTrue();
    assertThat(
            FioAgreement.compare(
                c, report("fio-3.33", 65536, 16, 0, 0), report("x", 61440, 15, 0, 0)))
        .containsExactly(
            "job 0 (w): write.io_bytes fio 65536, fsbench 61440",
            "job 0 (w): write.total_ios fio 16, fsbench 15");
  }

  private JsonNode groupReport(long readBytes, long readIos, long writeBytes, long writeIos)
      throws Exception {
    return json.readTree(
        String.format(
            "{\"fio version\":\"fio-3.33\",\"jobs\":[{\"jobname\":\"m\",\"read\":{\"io_bytes\":%d,"
                + "\"total_ios\":%d},\"write\":{\"io_bytes\":%d,\"total_ios\":%d},"
                + "\"sync\":{\"total_ios\":0,\"lat_ns\":{\"N\":0}}}]}",
            readBytes, readIos, writeBytes, writeIos));
  }

  @Test
  void aMixsReadShareIsNotJudgedBesideAMemberWhoseCountIsDrawn() throws Exception {
    // seed 2041 case 598: a 50 % mix and a bssplit reader in one report; the reader's count is
    // a sum of size draws, so the report's read share is no binomial draw at rwmixread
    FioCase c =
        new FioCase(
            0,
            "",
            List.of(
                new FioCase.Section(
                    "m", Map.of("rw", "rw", "bs", "16k", "size", "16m", "group_reporting", "1"), 0),
                new FioCase.Section(
                    "r",
                    Map.of(
                        "rw",
                        "read",
                        "bssplit",
                        "64k/68:1k/32",
                        "filesize",
                        "256k",
                        "group_reporting",
                        "1"),
                    0)));
    // the same bytes, a reader of many 1k blocks on one side, of 64k ones on the other
    JsonNode fio = groupReport((8L << 20) + 262144, 512 + 256, 8L << 20, 512);
    JsonNode own = groupReport((8L << 20) + 262144, 512 + 4, 8L << 20, 512);

    assertThat(FioAgreement.compare(c, fio, own)).isEmpty();
  }

  @Test
  void aReaderBesideAnOverwritingVerifierIsNotTakenForItsVerifyReads() throws Exception {
    // seed 2041 case 703: a 100k reader and a zoned randwrite with verify in one report; the
    // report's reads are more than the writes, which verify reads alone never are
    FioCase c =
        new FioCase(
            0,
            "",
            List.of(
                new FioCase.Section(
                    "r",
                    Map.of("rw", "read", "bs", "4k", "size", "100k", "group_reporting", "1"),
                    0),
                new FioCase.Section(
                    "w",
                    Map.of(
                        "rw",
                        "randwrite",
                        "bs",
                        "4k",
                        "size",
                        "64k",
                        "verify",
                        "pattern",
                        "random_distribution",
                        "zoned_abs:50/32k:50/32k",
                        "group_reporting",
                        "1"),
                    0)));
    JsonNode fio = groupReport(102400 + 40960, 35, 65536, 16);
    JsonNode own = groupReport(102400 + 45056, 36, 65536, 16);

    assertThat(FioAgreement.compare(c, fio, own)).isEmpty();
  }

  @Test
  void aLatencyTargetsDepthOnAQueueIsAnyFromOneToTheJobsIodepth() throws Exception {
    // fio's empty loop turns are windows of 0/0 that lower the depth (seed 2043 case 447)
    Map<String, String> options =
        Map.of(
            "rw",
            "write",
            "bs",
            "4k",
            "size",
            "64k",
            "ioengine",
            "libaio",
            "iodepth",
            "2",
            "latency_target",
            "10s");
    FioCase c = writeJob(options);
    JsonNode fio = report("fio-3.33", 65536, 16, 0, 0);
    JsonNode own = report("x", 65536, 16, 0, 0);
    ((com.fasterxml.jackson.databind.node.ObjectNode) fio.path("jobs").path(0))
        .put("latency_depth", 2);
    ((com.fasterxml.jackson.databind.node.ObjectNode) own.path("jobs").path(0))
        .put("latency_depth", 1);

    assertThat(FioAgreement.compare(c, fio, own)).isEmpty();
    ((com.fasterxml.jackson.databind.node.ObjectNode) own.path("jobs").path(0))
        .put("latency_depth", 3);
    assertThat(FioAgreement.compare(c, fio, own))
        .containsExactly("job 0 (w): latency_depth 3 outside 1..2");
    FioCase sync =
        writeJob(Map.of("rw", "write", "bs", "4k", "size", "64k", "latency_target", "1s"));
    ((com.fasterxml.jackson.databind.node.ObjectNode) own.path("jobs").path(0))
        .put("latency_depth", 1);
    assertThat(FioAgreement.compare(sync, fio, own))
        .containsExactly("job 0 (w): latency_depth fio 2, fsbench 1");
  }

  @Test
  void aPriorityOfAMemberThatPrioritisesAFewIosIsADraw() {
    FioCase.Section many =
        new FioCase.Section(
            "a",
            Map.of(
                "rw",
                "rw",
                "bs",
                "1k",
                "size",
                "2048k",
                "numjobs",
                "3",
                "cmdprio_percentage",
                "50",
                "cmdprio_class",
                "2",
                "cmdprio",
                "3"),
            0);
    FioCase.Section few =
        new FioCase.Section(
            "b",
            Map.of(
                "rw",
                "randrw",
                "bs",
                "64k",
                "size",
                "256k",
                "cmdprio_percentage",
                "25",
                "cmdprio_class",
                "3",
                "cmdprio",
                "6"),
            0);

    assertThat(FioPriorityAgreement.drawnPriorities(List.of(many, few), false))
        .containsExactly("3/6");
    assertThat(FioPriorityAgreement.drawnPriorities(List.of(many), false)).isEmpty();
  }

  @Test
  void trimsOfShiftingRandomLoopsAreBoundedNotCounted() throws Exception {
    // seed 2044 case 311: randtrim offset=25% loops=2 on a shared file, fio 66 and fsbench 68
    FioCase c =
        writeJob(
            Map.of(
                "rw",
                "randtrim",
                "bs",
                "4k",
                "filesize",
                "256k",
                "loops",
                "2",
                "offset",
                "25%",
                "ioengine",
                "falloc"));
    JsonNode fio =
        json.readTree(
            "{\"fio version\":\"fio-3.33\",\"jobs\":[{\"jobname\":\"w\","
                + "\"trim\":{\"io_bytes\":270336,\"total_ios\":66}}]}");
    JsonNode own =
        json.readTree(
            "{\"fio version\":\"x\",\"jobs\":[{\"jobname\":\"w\","
                + "\"trim\":{\"io_bytes\":278528,\"total_ios\":68}}]}");
    JsonNode tooMuch =
        json.readTree(
            "{\"fio version\":\"x\",\"jobs\":[{\"jobname\":\"w\","
                + "\"trim\":{\"io_bytes\":528384,\"total_ios\":129}}]}");

    assertThat(FioAgreement.compare(c, fio, own)).noneMatch(d -> d.contains("trim"));
    assertThat(FioAgreement.compare(c, fio, tooMuch)).anyMatch(d -> d.contains("trim.io_bytes"));
  }

  @Test
  void aFiledeleteJobWhosePassMayEndShortMayOrMayNotDeleteAgain() throws Exception {
    // seed 2053 case 206: randread bs=64k,16k random_generator=lfsr on filedelete; a first pass
    // that read something and ended short goes on to a second, whose open deletes again (ENOENT)
    FioCase drawn =
        writeJob(
            Map.of("rw", "randread", "bs", "64k,16k", "size", "3072k", "ioengine", "filedelete"));
    FioCase fixed =
        writeJob(Map.of("rw", "randread", "bs", "64k", "size", "3072k", "ioengine", "filedelete"));
    JsonNode fio = withError(report("fio-3.33", 0, 0, 0, 0), 2);
    JsonNode own = withError(report("x", 0, 0, 0, 0), 0);

    assertThat(FioAgreement.compare(drawn, fio, own)).noneMatch(d -> d.contains("error"));
    assertThat(FioAgreement.compare(fixed, fio, own)).contains("job 0 (w): error fio 2, fsbench 0");
    assertThat(FioAgreement.compare(drawn, fio, withError(report("x", 0, 0, 0, 0), 5)))
        .contains("job 0 (w): error fio 2, fsbench 5");
  }

  private static JsonNode withError(JsonNode report, int error) {
    ((com.fasterxml.jackson.databind.node.ObjectNode) report.path("jobs").path(0))
        .put("error", error);
    return report;
  }

  @Test
  void fio333sRepeatedSyncAtALaterPassOfAnOffsetRegionIsToleratedOnlyForOldFio() throws Exception {
    // seed 2054 case 164: offset=25600 leaves 76800 bytes of each 100k file, so io_size=100k
    // takes two passes; fio 3.33 syncs again at the second pass's start (13), fio 3.38 not (12)
    FioCase c =
        writeJob(
            Map.of(
                "rw",
                "write",
                "bs",
                "4k",
                "fdatasync",
                "2",
                "filesize",
                "100k",
                "io_size",
                "100k",
                "offset",
                "25600"));
    JsonNode own = report("x", 102400, 25, 12, 12);

    assertThat(FioAgreement.compare(c, report("fio-3.33", 102400, 25, 0, 13), own)).isEmpty();
    assertThat(FioAgreement.compare(c, report("fio-3.38", 102400, 25, 0, 13), own)).isNotEmpty();
  }
}
