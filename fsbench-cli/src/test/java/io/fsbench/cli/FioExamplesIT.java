package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.FsBench;
import io.fsbench.Session;
import io.fsbench.api.JobResult;
import io.fsbench.api.RunResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every example job file of fio's (Debian's fio-examples) that exercises a local filesystem or
 * block device runs on fsbench's engine as written, but for what makes it take long or reach
 * outside the volume, which the test rewrites: {@code size} and {@code filesize} become 16 MiB,
 * {@code runtime} and {@code timeout} 1 s, {@code loops} at most 2; {@code directory=} is dropped
 * (the volume is the target) and a {@code filename=} path becomes its last name, a device given a
 * 16 MiB file in its place ({@link #KEEPS_SIZES} keeps the small files of fio's file-engine
 * examples); a rated job without a runtime gets {@code runtime=1}. Every other option stays. The
 * files that do not run are listed below by name, each with its reason, and a new example fio ships
 * fails the test until it is listed or runs.
 */
class FioExamplesIT {

  private static final Path EXAMPLES = Path.of("/usr/share/doc/fio/examples");

  /** The examples that do not run, and why: what they exercise is not a local filesystem. */
  static final Map<String, String> NOT_LOCAL =
      Map.ofEntries(
          Map.entry("cpuio", "the cpuio engine burns CPU, no I/O"),
          Map.entry("cpp_null", "a C++ external engine (cpp_null) built apart from fio"),
          Map.entry("dev-dax", "persistent memory (dev-dax)"),
          Map.entry("dfs", "DAOS (dfs engine)"),
          Map.entry("e4defrag", "the e4defrag engine: online defragmentation, not I/O"),
          Map.entry("e4defrag2", "the e4defrag engine: online defragmentation, not I/O"),
          Map.entry("exec", "the exec engine runs programs"),
          Map.entry("gfapi", "GlusterFS over its network API"),
          Map.entry("gpudirect-rdmaio-client", "RDMA with GPUs"),
          Map.entry("gpudirect-rdmaio-server", "RDMA with GPUs"),
          Map.entry("http-s3-crypto", "an object store over HTTP"),
          Map.entry("http-s3-storage-class", "an object store over HTTP"),
          Map.entry("http-s3", "an object store over HTTP"),
          Map.entry("http-swift", "an object store over HTTP"),
          Map.entry("http-webdav", "WebDAV over HTTP"),
          Map.entry("ime", "DDN IME"),
          Map.entry("libcufile-cufile", "GPUDirect Storage (cuFile)"),
          Map.entry("libcufile-posix", "GPU memory buffers (cuFile)"),
          Map.entry("libhdfs", "HDFS"),
          Map.entry("libiscsi", "iSCSI"),
          Map.entry("libpmem", "persistent memory (libpmem)"),
          Map.entry("libzbc-rand-write", "zoned block devices through libzbc (SMR disks)"),
          Map.entry("libzbc-seq-read", "zoned block devices through libzbc (SMR disks)"),
          Map.entry("librpma_apm-client", "RDMA (librpma)"),
          Map.entry("librpma_apm-server", "RDMA (librpma)"),
          Map.entry("librpma_gpspm-client", "RDMA (librpma)"),
          Map.entry("librpma_gpspm-server", "RDMA (librpma)"),
          Map.entry("mtd", "raw flash (MTD devices)"),
          Map.entry("nbd", "NBD"),
          Map.entry("netio", "network I/O (net engine)"),
          Map.entry("netio_multicast", "network I/O (net engine)"),
          Map.entry("nfs", "NFS through libnfs"),
          Map.entry("pmemblk", "persistent memory (pmemblk)"),
          Map.entry("rados", "Ceph RADOS"),
          Map.entry("rbd", "Ceph RBD"),
          Map.entry("rdmaio-client", "RDMA"),
          Map.entry("rdmaio-server", "RDMA"),
          Map.entry("sg_verify-fail", "SCSI generic (sg) commands"),
          Map.entry("sg_verify", "SCSI generic (sg) commands"),
          Map.entry("sg_write_same_ndob", "SCSI generic (sg) commands"),
          Map.entry("uring-cmd-ng", "NVMe passthrough (io_uring_cmd on /dev/ng*)"),
          Map.entry("uring-cmd-zoned", "NVMe passthrough on zoned namespaces"),
          Map.entry("xnvme-compare", "the xNVMe engine"),
          Map.entry("xnvme-zoned", "the xNVMe engine on zoned namespaces"),
          Map.entry("zbd-rand-write", "zoned block devices (zonemode=zbd)"),
          Map.entry("zbd-seq-read", "zoned block devices (zonemode=zbd)"));

  /**
   * The local examples that do not run yet, each with the option fsbench still refuses by name
   * (each a gap to close, not a reason), or why the test cannot run it in CI.
   */
  static final Map<String, String> NOT_YET = Map.of();

  /**
   * fio's falloc example: its falloc fuzzer allocates (fallocate mode 0) while two punch-hole
   * clones trim (fallocate PUNCH_HOLE) 4 KiB at a time on the same 16 MiB file; under
   * group_reporting the three are one report, named after the first, with every trim counted in
   * full as fio's falloc engine counts it. Then a direct write and a buffered read go over the
   * fragmented file.
   */
  @Test
  void fallocExamplePunchesHolesAsTrims(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isRegularFile(EXAMPLES.resolve("falloc.fio")), "fio's falloc example");
    Path jobFile = dir.resolve("fsbench-falloc.fio");
    Files.writeString(jobFile, shrunk("falloc", Files.readString(EXAMPLES.resolve("falloc.fio"))));

    RunResult result = session.fio(jobFile);

    assertThat(result.jobs())
        .extracting(JobResult::jobname)
        .containsExactly("falloc-fuzzer", "sequential aio-dio write", "sequential buffered read");
    JobResult fuzzers = result.jobs().get(0);
    assertThat(fuzzers.members()).isEqualTo(3); // the fuzzer and both punch-hole clones
    assertThat(fuzzers.error()).isZero();
    assertThat(fuzzers.write().totalIos()).isPositive();
    assertThat(fuzzers.trim().totalIos()).isPositive();
    assertThat(fuzzers.trim().ioBytes()).isEqualTo(fuzzers.trim().totalIos() * 4096);
    assertThat(fuzzers.trim().clat().n()).isEqualTo(fuzzers.trim().totalIos());
    assertThat(fuzzers.read().totalIos()).isZero();
    assertThat(result.jobs().get(1).write().ioBytes()).isEqualTo(16L << 20);
    assertThat(result.jobs().get(2).read().ioBytes()).isEqualTo(16L << 20);
  }

  /**
   * enospc-pressure runs as fio 3.33 runs it on a file: the punch-hole job's trims are BLKDISCARD,
   * which a file answers with ENOTTY, and its ignore_error list (ENOSPC) does not skip that, so it
   * ends at its first trim with error 25; exitall then stops the other two, which end without error
   * (fio 3.33 gives the same report for the shrunk file: 1 trim, no other I/O).
   */
  @Test
  void enospcPressureEndsAtItsFirstTrimAsFioDoesOnAFile(@TempDir Path dir) throws Exception {
    Path jobFile = dir.resolve("fsbench-enospc-pressure.fio");
    Files.writeString(
        jobFile,
        shrunk("enospc-pressure", Files.readString(EXAMPLES.resolve("enospc-pressure.fio"))));

    RunResult result = session.fio(jobFile);

    assertThat(result.jobs())
        .extracting(JobResult::jobname)
        .containsExactly("dio-raicer", "punch_hole-raicer", "aio-dio-verifier");
    JobResult punch = result.jobs().get(1);
    assertThat(punch.error()).isEqualTo(25);
    assertThat(punch.trim().totalIos()).isEqualTo(1);
    assertThat(punch.errors().total()).isEqualTo(1); // continue_on_error=write covers trims
    assertThat(result.jobs().get(0).error()).isZero();
    assertThat(result.jobs().get(2).error()).isZero();
  }

  /**
   * enospc-pressure's verifier on its own, as the example gives it (libaio at iodepth 128,
   * rw=randrw with verify_backlog=1024, create_on_open, verify_async, verify_dump): every write is
   * read back once, on top of the reads the mix draws, which are the job's 16 MiB that are not
   * writes; reads past what the writes made so far find the end of the file (fio 3.33: 4096 reads,
   * 2104 writes).
   */
  @Test
  void enospcPressuresVerifierReadsBackEachWriteOnce(@TempDir Path dir) throws Exception {
    String example =
        shrunk("enospc-pressure", Files.readString(EXAMPLES.resolve("enospc-pressure.fio")));
    String verifier =
        example.substring(example.indexOf("[global]"), example.indexOf("[dio-raicer]"))
            + example.substring(example.indexOf("[aio-dio-verifier]"));
    Path jobFile = dir.resolve("fsbench-enospc-verifier.fio");
    Files.writeString(jobFile, verifier);

    JobResult job = session.fio(jobFile).jobs().get(0);

    assertThat(job.error()).isZero();
    assertThat(job.errors().total()).isZero();
    assertThat(job.write().totalIos()).isBetween(1500L, 2600L); // half of 4096, drawn
    // the mix's reads plus one verify read per write: the job's 4096 blocks
    assertThat(job.read().totalIos()).isEqualTo(4096);
    assertThat(job.iodepthLevel().get(">=64")).isPositive();
  }

  /**
   * Examples whose small files are what they measure (fio's file engines): their {@code size} and
   * {@code filesize} stay as written, and filecreate-ioengine's 16 x 31250 files become 16 x 1000,
   * which a CI volume's inodes and minutes hold.
   */
  static final Set<String> KEEPS_SIZES =
      Set.of("filecreate-ioengine", "filedelete-ioengine", "filestat-ioengine");

  /**
   * What each example with an engine of its own did, beyond I/O without error: the count fio's
   * engine gives for it (one timed file operation, as clat, per file of a job).
   */
  static final Map<String, Long> FILE_OPERATIONS_PER_JOB =
      Map.of("filecreate-ioengine", 1000L, "filedelete-ioengine", 200L, "filestat-ioengine", 200L);

  /**
   * What fio's semantics make certain in the examples of io_submit_mode, latency_target and
   * cmdprio, shrunk as above.
   */
  static final Map<String, java.util.function.Consumer<JobResult>> SUBMIT_LATENCY_PRIORITY =
      Map.of(
          "fixed-rate-submission",
          job -> {
            // offloaded: 1000 reads a second for the second it runs, each issued at depth 1
            assertThat(job.read().totalIos()).isBetween(900L, 1100L);
            assertThat(job.iodepthLevel().get("1")).isEqualTo(100.0);
            assertThat(job.read().slat().n()).isEqualTo(job.read().totalIos());
          },
          "poisson-rate-submission",
          job -> {
            // 50 a second on average, exponential gaps: a count far from 50 is a broken process
            assertThat(job.read().totalIos()).isBetween(20L, 90L);
            assertThat(job.iodepthLevel().get("1")).isEqualTo(100.0);
          },
          "latency-profile",
          job -> {
            // the 5 s window never passes in a 16 MiB job: it stays at depth 1 and reads it all
            assertThat(job.latencyProfile())
                .isEqualTo(new io.fsbench.api.LatencyProfile(1, 500_000_000L, 99.9, 5_000_000L));
            assertThat(job.read().totalIos()).isEqualTo(4096);
            assertThat(job.iodepthLevel().get("1")).isEqualTo(100.0);
          },
          "cmdprio-percentage",
          job -> {
            // 20 % real-time among the job's idle-class reads: both classes have I/Os
            assertThat(job.read().prios())
                .extracting(p -> p.ioClass() + "/" + p.level())
                .containsExactly("3/0", "1/0");
            assertThat(job.read().prios().stream().mapToLong(p -> p.latency().n()).sum())
                .isEqualTo(job.read().totalIos());
          },
          "cmdprio-bssplit",
          job -> {
            // only 64k reads carry a priority of their own; writes keep the job's
            assertThat(job.write().prios()).isEmpty();
            assertThat(job.read().prios())
                .allSatisfy(p -> assertThat(p.latency().n()).isPositive());
            assertThat(job.read().prios())
                .extracting(p -> p.ioClass() + "/" + p.level())
                .isSubsetOf("0/0", "1/0", "1/1", "3/2", "2/7");
          });

  /**
   * The examples whose outcome depends on the machine, each tested on its own below: {@code numa}
   * binds job2 to NUMA nodes 0 and 1, which fio itself refuses on a machine with one node.
   */
  static final Map<String, String> BY_OWN_TEST =
      Map.of(
          "enospc-pressure",
          "its punch-hole job's BLKDISCARD fails with ENOTTY on a file and ends it, as under fio;"
              + " see enospcPressureEndsAtItsFirstTrimAsFioDoesOnAFile");

  static final Map<String, String> BY_MACHINE =
      Map.of("numa", "job2 needs NUMA nodes 0-1; see numaExampleRunsWhereTheMachineHasItsNodes");

  /**
   * The examples that run on a small volume of their own, beside fio on the same volume: {@code
   * surface-scan} writes until its volume is full (fill_device).
   */
  static final Map<String, String> OWN_VOLUME =
      Map.of("surface-scan", "fills its volume; see surfaceScanFillsItsVolumeAndReadsItBackAsFio");

  /** A 64 MiB ext4 volume for the examples checked against fio, made when first needed. */
  private static Volume small;

  private static Session session;

  @BeforeAll
  static void openVolume() {
    assumeTrue(FsBenchProcess.isRoot(), "needs root for a loop volume");
    assumeTrue(Files.isDirectory(EXAMPLES), "fio's examples are not installed (fio-examples)");
    session = FsBench.on("ext4").open();
  }

  @AfterAll
  static void closeVolume() {
    if (session != null) {
      session.close();
    }
    if (small != null) {
      small.close();
    }
  }

  private static synchronized Path smallVolume() {
    if (small == null) {
      small = FsBench.defaults().volume("ext4", Target.loop(Size.mib(64)), Tuning.defaults());
    }
    return small.mountPoint();
  }

  static Stream<String> localExamples() throws IOException {
    return examples().stream()
        .filter(
            e ->
                !NOT_LOCAL.containsKey(e)
                    && !NOT_YET.containsKey(e)
                    && !BY_MACHINE.containsKey(e)
                    && !OWN_VOLUME.containsKey(e)
                    && !BY_OWN_TEST.containsKey(e));
  }

  private static List<String> examples() throws IOException {
    if (!Files.isDirectory(EXAMPLES)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(EXAMPLES)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".fio"))
          .map(n -> n.substring(0, n.length() - 4))
          .sorted()
          .toList();
    }
  }

  @ParameterizedTest
  @MethodSource("localExamples")
  void runsFiosExampleJobFile(String example, @TempDir Path dir) throws Exception {
    Path jobFile = dir.resolve("fsbench-" + example + ".fio");
    Files.writeString(
        jobFile,
        logsIn(dir, shrunk(example, Files.readString(EXAMPLES.resolve(example + ".fio")))));

    RunResult result = session.fio(jobFile);

    assertThat(result.jobs()).isNotEmpty();
    for (JobResult job : result.jobs()) {
      assertThat(job.error()).as("error of %s in %s", job.jobname(), example).isZero();
      assertThat(job.read().totalIos() + job.write().totalIos() + job.trim().totalIos())
          .as("I/Os of %s in %s", job.jobname(), example)
          .isPositive();
      SUBMIT_LATENCY_PRIORITY.getOrDefault(example, j -> {}).accept(job);
      if (FILE_OPERATIONS_PER_JOB.containsKey(example)) {
        // the jobs read (fio's default rw): their operations are read clat, as fio files them
        assertThat(job.read().clat().n())
            .as("file operations of %s in %s", job.jobname(), example)
            .isEqualTo(FILE_OPERATIONS_PER_JOB.get(example));
      }
    }
  }

  @Test
  void everyExampleRunsOrIsListedWithItsReason() throws IOException {
    assumeTrue(Files.isDirectory(EXAMPLES), "fio's examples are not installed (fio-examples)");
    Map<String, String> listed = new TreeMap<>(NOT_LOCAL);
    listed.putAll(NOT_YET);
    listed.putAll(BY_MACHINE);
    listed.putAll(OWN_VOLUME);
    listed.putAll(BY_OWN_TEST);

    assertThat(examples()).as("fio's examples").isNotEmpty();
    assertThat(examples())
        .as("listed examples that fio no longer ships")
        .containsAll(listed.keySet());
  }

  /**
   * fio's numa example runs where the machine has NUMA nodes 0 and 1; on a machine with fewer,
   * fsbench refuses it before anything runs, naming the node, as fio refuses it ("numa_parse_
   * nodestring failed", job2 dropped).
   */
  @Test
  void numaExampleRunsWhereTheMachineHasItsNodes(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isRegularFile(EXAMPLES.resolve("numa.fio")), "fio's numa example is missing");
    Path jobFile = dir.resolve("fsbench-numa.fio");
    Files.writeString(jobFile, shrunk("numa", Files.readString(EXAMPLES.resolve("numa.fio"))));
    boolean twoNodes =
        io.fsbench.core.nativeio.CpuTopology.system().nodes().containsAll(List.of(0, 1));

    if (twoNodes) {
      RunResult result = session.fio(jobFile);
      assertThat(result.jobs()).extracting(JobResult::error).containsOnly(0);
    } else {
      assertThatThrownBy(() -> session.fio(jobFile))
          .isInstanceOf(io.fsbench.api.InvalidInputException.class)
          .hasMessageContaining("numa_cpu_nodes (0-1) names NUMA node 1")
          .hasMessageContaining("which this machine does not have");
    }
  }

  /**
   * 1mbs_clients, 32 readers at {@code rate=1250} (B/s) with {@code ratemin=1024} started 4 s
   * apart, each reading 32 MiB, would take hours and 1 GiB. Shrunk so that it keeps what it
   * exercises in about 5 s: the start delays 40 times shorter (4 s to 100 ms, the last client
   * starting at 3.1 s), rate and ratemin 32 times higher (40000 and 32768 B/s, one 4 KiB read every
   * 102.4 ms), a runtime of 2 s per client (longer than fio's 1 s ratecycle, so that ratemin is
   * checked) and a 128 KiB file each, more than the 20 reads the rate allows.
   */
  static String clientsShrunk(String text) {
    String shrunk =
        text.replaceAll("(?m)^size=\\S+", "size=128k")
            .replaceAll("(?m)^rate=1250\\s*$", "rate=40000")
            .replaceAll("(?m)^ratemin=1024\\s*$", "ratemin=32768\nruntime=2");
    return java.util.regex.Pattern.compile("(?m)^startdelay=(\\d+)\\s*$")
        .matcher(shrunk)
        .replaceAll(m -> "startdelay=" + Integer.parseInt(m.group(1)) * 25 + "ms");
  }

  /**
   * butterfly and 1mbs_clients, shrunk as above, run by fio and by fsbench on a small volume: each
   * job moves the bytes it moves under fio. butterfly's two flows each read the whole 16 MiB file
   * the first job wrote (a job without size takes the file's); each rated client of 1mbs_clients
   * reads 20 blocks in its 2 s, give or take the last, due 54 ms before its runtime ends, which a
   * late wake-up on a loaded machine drops on either side.
   */
  @ParameterizedTest
  @ValueSource(strings = {"butterfly", "1mbs_clients"})
  void shrunkExampleMovesTheBytesFioMovesInEachJob(String example, @TempDir Path dir)
      throws Exception {
    assumeTrue(Files.isRegularFile(EXAMPLES.resolve(example + ".fio")), "fio's " + example);
    assumeTrue(fioVersion().startsWith("fio-3"), "fio 3 is not installed");
    Path jobFile = dir.resolve("fsbench-" + example + ".fio");
    Files.writeString(
        jobFile, shrunk(example, Files.readString(EXAMPLES.resolve(example + ".fio"))));

    Map<String, Long> fio = bytesPerJob(runFio(jobFile, "fsbench-fio-" + example));
    RunResult result;
    try (Session on = FsBench.onDirectory(smallVolume()).open()) {
      result = on.fio(jobFile);
    }

    assertThat(result.jobs()).extracting(JobResult::error).containsOnly(0);
    Map<String, Long> fsbench = new TreeMap<>();
    result.jobs().forEach(j -> fsbench.put(j.jobname(), j.read().ioBytes() + j.write().ioBytes()));
    assertThat(fsbench.keySet()).isEqualTo(fio.keySet());
    long slack = example.equals("butterfly") ? 0 : 4096;
    for (String job : fio.keySet()) {
      assertThat(fsbench.get(job)).as("bytes of %s", job).isCloseTo(fio.get(job), within(slack));
    }
    if (example.equals("butterfly")) {
      assertThat(fsbench).containsEntry("forward", 16L << 20).containsEntry("backward", 16L << 20);
    } else {
      assertThat(fsbench.values()).allSatisfy(b -> assertThat(b).isBetween(19 * 4096L, 20 * 4096L));
    }
  }

  /**
   * fio's surface-scan on a 64 MiB ext4 volume: the write phase writes 64 KiB blocks (O_DIRECT,
   * 512-byte verify intervals) until ENOSPC, which ends it without an error; the verify phase, set
   * up when it starts (create_serialize=0) with no size, reads back and checks every whole block
   * the file holds. fio runs it first on the same volume, in a directory as deep as fsbench's, with
   * the journal committed before each side so that the blocks freed in between count as free: both
   * write the same bytes, give or take one 64 KiB block (measured on 2026-12-02: the same).
   */
  @Test
  void surfaceScanFillsItsVolumeAndReadsItBackAsFio(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isRegularFile(EXAMPLES.resolve("surface-scan.fio")), "fio's surface-scan");
    assumeTrue(fioVersion().startsWith("fio-3"), "fio 3 is not installed");
    Path jobFile = dir.resolve("fsbench-surface-scan.fio");
    Files.writeString(
        jobFile, shrunk("surface-scan", Files.readString(EXAMPLES.resolve("surface-scan.fio"))));

    Map<String, Long> fio = bytesPerJob(runFio(jobFile, "fsbench-fio-surface-scan"));
    RunResult result;
    try (Session on = FsBench.onDirectory(smallVolume()).open()) {
      result = on.fio(jobFile);
    }

    JobResult write = result.jobs().get(0);
    JobResult verify = result.jobs().get(1);
    assertThat(result.jobs()).extracting(JobResult::error).containsOnly(0);
    assertThat(write.write().ioBytes()).isCloseTo(fio.get("write-phase"), within(65536L));
    assertThat(write.write().ioBytes())
        .isGreaterThan(48L << 20)
        .isEqualTo((write.write().totalIos() - 1) * 65536); // the last write met ENOSPC
    assertThat(verify.read().ioBytes()).isEqualTo(write.write().ioBytes());
    assertThat(fio.get("verify-phase")).isEqualTo(fio.get("write-phase"));
  }

  /** Runs {@code jobFile} with fio in a fresh directory of the small volume, then removes it. */
  private static JsonNode runFio(Path jobFile, String name) throws Exception {
    // as deep as fsbench's run directory (fsbench-PID-N/fsbench-run-N): each level takes a block
    Path top = smallVolume().resolve(name);
    Path work = Files.createDirectories(top.resolve("run"));
    Path out = top.resolveSibling(name + ".json");
    try {
      Process p =
          new ProcessBuilder("fio", "--output-format=json", jobFile.toString())
              .directory(work.toFile())
              .redirectOutput(out.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).as("fio ended").isTrue();
      String text = Files.readString(out);
      assertThat(p.exitValue()).as("fio's exit: %s", text).isZero();
      return new ObjectMapper().readTree(text.substring(text.indexOf('{')));
    } finally {
      new ProcessBuilder("rm", "-rf", top.toString(), out.toString()).start().waitFor();
      // the blocks fio freed count as free once the journal has committed their release
      new ProcessBuilder("sync", "-f", smallVolume().toString()).start().waitFor();
    }
  }

  private static Map<String, Long> bytesPerJob(JsonNode fio) {
    Map<String, Long> bytes = new TreeMap<>();
    for (JsonNode job : fio.get("jobs")) {
      bytes.put(
          job.get("jobname").asText(),
          job.at("/read/io_bytes").asLong() + job.at("/write/io_bytes").asLong());
    }
    return bytes;
  }

  private static String fioVersion() {
    try {
      Process p = new ProcessBuilder("fio", "--version").redirectErrorStream(true).start();
      String v = new String(p.getInputStream().readAllBytes()).strip();
      return p.waitFor() == 0 ? v : "";
    } catch (IOException | InterruptedException e) {
      return "";
    }
  }

  /**
   * The example with its logs written in {@code dir}: a log given bare or with a relative prefix
   * lands in the working directory, as fio's, which for a test is the module's.
   */
  static String logsIn(Path dir, String text) {
    return text.replaceAll(
            "(?m)^(\\s*)(write_(?:bw|iops|lat|hist)_log)\\s*$", "$1$2=" + dir + "/fsbench-log")
        .replaceAll(
            "(?m)^(\\s*)(write_(?:bw|iops|lat|hist)_log)=(?!/)(\\S+)\\s*$", "$1$2=" + dir + "/$3");
  }

  static String shrunk(String example, String original) {
    String text = original;
    if (KEEPS_SIZES.contains(example)) {
      text = text.replaceAll("(?m)^(\\s*)nrfiles=31250", "$1nrfiles=1000");
    } else {
      text =
          text.replaceAll("(?m)^(\\s*)size=\\S+", "$1size=16m")
              .replaceAll("(?m)^(\\s*)filesize=\\S+", "$1filesize=16m");
    }
    text =
        text.replaceAll("(?m)^(\\s*)(runtime|timeout)=\\S+", "$1$2=1")
            .replaceAll("(?m)^(\\s*)loops=\\d{2,}", "$1loops=2")
            .replaceAll("(?m)^(\\s*)io_size=\\S+", "$1io_size=16m")
            // cross-stripe-verify's 30 clones of 16m would fill the test volume
            .replaceAll("(?m)^(\\s*)numjobs=\\d{2,}", "$1numjobs=4")
            .replaceAll("(?m)^(\\s*)offset_increment=\\S+", "$1offset_increment=128k")
            .replaceAll("(?m)^\\s*directory=.*$", "")
            .replaceAll("(?m)^(\\s*)filename=/dev/\\S+", "$1size=16m")
            .replaceAll("(?m)^(\\s*)filename=/\\S*/([^/\\s]+)", "$1filename=$2");
    if (example.equals("butterfly")) {
      // it reads an existing /tmp/testfile, as fio needs it to exist: a first job writes it, and
      // the two flows start when it is done
      text =
          text.replaceFirst(
              "(?m)^\\[forward\\]\\s*$",
              "[make-testfile]\nrw=write\nsize=16m\n\n[forward]\nstonewall");
    }
    if (example.equals("1mbs_clients")) {
      text = clientsShrunk(text);
    }
    if (text.contains("rate_iops=") && !text.contains("runtime=")) {
      // the rate-submission examples read 16 MiB at 50 or 1000 IOPS: seconds to minutes
      text = text.replaceFirst("(?m)^(\\[[^\\]]+\\])\\s*$", "$1\nruntime=1");
    }
    return text;
  }
}
