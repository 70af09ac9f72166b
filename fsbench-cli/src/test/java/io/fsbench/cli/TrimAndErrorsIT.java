package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.FsBench;
import io.fsbench.api.JobErrors;
import io.fsbench.api.JobResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.engine.block.BlockEngine;
import io.fsbench.core.jobfile.JobFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Trims and fio's error control on a real ext4 loop volume: falloc's trims punch holes (the blocks
 * are freed, the size kept), every other engine's trim is BLKDISCARD, which a file refuses with
 * ENOTTY, and continue_on_error / ignore_error decide whether that ends the job or is counted.
 */
class TrimAndErrorsIT {

  private static final int ENOTTY = 25;
  private static Volume volume;
  private Path dir;

  @BeforeAll
  static void openVolume() {
    assumeTrue(FsBenchProcess.isRoot(), "needs root for a loop volume");
    volume = FsBench.defaults().volume("ext4", Target.loop(Size.mib(128)), Tuning.defaults());
  }

  @AfterAll
  static void closeVolume() {
    if (volume != null) {
      volume.close();
    }
  }

  @BeforeEach
  void freshDirectory() throws Exception {
    dir = Files.createTempDirectory(volume.mountPoint(), "fsbench-trims-");
  }

  private List<JobResult> run(String jobFile) {
    JobFile file = JobFile.parse(jobFile, dir, Map.of());
    return new BlockEngine()
        .run(file.jobs(), new RunContext(dir, volume, f -> {}, new AtomicBoolean()));
  }

  private static long allocatedBytes(Path file) throws Exception {
    Process stat = new ProcessBuilder("stat", "-c", "%b %B", file.toString()).start();
    String[] out = new String(stat.getInputStream().readAllBytes()).strip().split(" ");
    assertThat(stat.waitFor()).isZero();
    return Long.parseLong(out[0]) * Long.parseLong(out[1]);
  }

  @Test
  void fallocTrimsPunchEveryBlockOutOfTheFileAndKeepItsSize() throws Exception {
    JobResult r =
        run("[punch]\nioengine=falloc\nrw=randtrim\nbs=4k\nsize=1m\nfilename=fsbench-punched\n")
            .get(0);

    assertThat(r.error()).isZero();
    assertThat(r.trim().totalIos()).isEqualTo(256);
    assertThat(r.trim().ioBytes()).isEqualTo(1L << 20);
    assertThat(r.trim().clat().n()).isEqualTo(256);
    assertThat(r.read().totalIos() + r.write().totalIos()).isZero();
    assertThat(r.errors()).isEqualTo(JobErrors.NONE);
    Path file;
    try (Stream<Path> files = Files.list(dir)) { // closed, or the volume stays busy
      file = files.filter(p -> p.endsWith("fsbench-punched")).findFirst().orElseThrow();
    }
    assertThat(Files.size(file)).isEqualTo(1L << 20); // KEEP_SIZE
    assertThat(allocatedBytes(file)).isZero(); // every block punched out
  }

  @Test
  void aTrimOnAFileEndsTheJobWithEnottyAsFiosBlkdiscard() {
    List<JobResult> jobs =
        run("[discard]\nrw=trim\nbs=4k\nsize=256k\n\n[after]\nrw=write\nbs=4k\nsize=64k\n");

    JobResult discard = jobs.get(0);
    assertThat(discard.error()).isEqualTo(ENOTTY);
    assertThat(discard.errors().ended()).isTrue();
    assertThat(discard.errors().reported()).isFalse(); // no continue_on_error: no total_err
    assertThat(discard.trim().totalIos()).isEqualTo(1); // issued, and failed
    assertThat(discard.trim().ioBytes()).isZero();
    // the other job runs on, as under fio
    assertThat(jobs.get(1).error()).isZero();
    assertThat(jobs.get(1).write().ioBytes()).isEqualTo(64 << 10);
  }

  @Test
  void ignoredErrorsAreCountedAndSkippedAndTheFirstIsTheJobsError() {
    JobResult r =
        run("[skip]\nioengine=libaio\niodepth=8\nrw=randtrim\nbs=8k\nsize=256k\n"
                + "continue_on_error=none\nignore_error=,ENOTTY\nnumjobs=2\ngroup_reporting\n")
            .get(0);

    assertThat(r.members()).isEqualTo(2);
    assertThat(r.error()).isEqualTo(ENOTTY);
    assertThat(r.errors()).isEqualTo(new JobErrors(true, 64, ENOTTY, false));
    assertThat(r.trim().totalIos()).isEqualTo(64);
    assertThat(r.trim().ioBytes()).isZero();
  }

  @Test
  void continueOnErrorCountsTheFatalErrorOfItsTypeOnly() {
    JobResult write = run("[w]\nrw=trim\nbs=4k\nsize=64k\ncontinue_on_error=write\n").get(0);
    assertThat(write.errors()).isEqualTo(new JobErrors(true, 1, ENOTTY, true));

    JobResult read = run("[r]\nrw=trim\nbs=4k\nsize=64k\ncontinue_on_error=read\n").get(0);
    // a trim's error is of the write type: fatal, not counted, but reported
    assertThat(read.errors()).isEqualTo(new JobErrors(true, 0, 0, true));
    assertThat(read.error()).isEqualTo(ENOTTY);
  }

  @Test
  void fallocTrimwritePunchesEachBlockAndWritesItBackAsFio() throws Exception {
    JobResult r =
        run("[tw]\nioengine=falloc\nrw=trimwrite\nbs=4k,4k,8k\nsize=64k\n"
                + "filename=fsbench-trimwritten\n")
            .get(0);

    // fio 3.33 on the same job: 8 trims of 8k and 15 writes of 4k (the last trim's block
    // half written when the writes reach size), no error
    assertThat(r.error()).isZero();
    assertThat(r.trim().totalIos()).isEqualTo(8);
    assertThat(r.trim().ioBytes()).isEqualTo(64 << 10);
    assertThat(r.write().totalIos()).isEqualTo(15);
    assertThat(r.write().ioBytes()).isEqualTo(60 << 10);
    Path file;
    try (Stream<Path> files = Files.list(dir)) {
      file = files.filter(p -> p.endsWith("fsbench-trimwritten")).findFirst().orElseThrow();
    }
    assertThat(Files.size(file)).isEqualTo(64 << 10);
    // falloc's writes allocate what its trims punched, but the last 4k, never written back
    assertThat(allocatedBytes(file)).isEqualTo(60 << 10);
  }

  @Test
  void randtrimwriteWritesEveryBlockWhenItsFailedTrimsAreSkipped() {
    JobResult r =
        run("[rtw]\nioengine=io_uring\niodepth=4\nrw=randtrimwrite\nbs=4k\nsize=256k\n"
                + "ignore_error=,ENOTTY\n")
            .get(0);

    // fio 3.33: 64 trims, each ENOTTY and skipped, and 64 writes of the blocks they tried
    assertThat(r.error()).isEqualTo(ENOTTY);
    assertThat(r.errors()).isEqualTo(new JobErrors(true, 64, ENOTTY, false));
    assertThat(r.trim().totalIos()).isEqualTo(64);
    assertThat(r.trim().ioBytes()).isZero();
    assertThat(r.write().ioBytes()).isEqualTo(256 << 10);
  }
}
