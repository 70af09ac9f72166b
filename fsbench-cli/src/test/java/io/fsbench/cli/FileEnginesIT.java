package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.FsBench;
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
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * fio's file engines and job control on a real ext4 loop volume, asserting what was done to the
 * files (created, stat'ed, deleted, truncated, allocated) and which jobs ran when.
 */
class FileEnginesIT {

  private static Volume volume;
  private Path dir;

  @BeforeAll
  static void openVolume() {
    assumeTrue(FsBenchProcess.isRoot(), "needs root for a loop volume");
    volume = FsBench.defaults().volume("ext4", Target.loop(Size.mib(256)), Tuning.defaults());
  }

  @AfterAll
  static void closeVolume() {
    if (volume != null) {
      volume.close();
    }
  }

  @BeforeEach
  void freshDirectory() throws Exception {
    dir = Files.createTempDirectory(volume.mountPoint(), "fsbench-file-engines-");
  }

  private List<JobResult> run(String jobFile) {
    JobFile file = JobFile.parse(jobFile, dir, Map.of());
    return new BlockEngine()
        .run(file.jobs(), new RunContext(dir, volume, f -> {}, new AtomicBoolean()));
  }

  private List<Path> files(String prefix) throws Exception {
    try (Stream<Path> all = Files.list(dir)) {
      return all.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().toList();
    }
  }

  private static long allocatedBytes(Path file) throws Exception {
    Process stat = new ProcessBuilder("stat", "-c", "%b %B", file.toString()).start();
    String[] out = new String(stat.getInputStream().readAllBytes()).strip().split(" ");
    assertThat(stat.waitFor()).isZero();
    return Long.parseLong(out[0]) * Long.parseLong(out[1]);
  }

  @Test
  void filecreateCreatesEachFileEmptyAndTimesEachCreation() throws Exception {
    JobResult r =
        run("[mk]\nioengine=filecreate\nnrfiles=50\nfilesize=8k\nbs=4k\ncreate_on_open=1\n"
                + "openfiles=1\nfallocate=none\n")
            .get(0);

    List<Path> made = files("mk.0.");
    assertThat(made).hasSize(50);
    for (Path p : made) {
      assertThat(Files.size(p)).isZero();
      assertThat(Files.getPosixFilePermissions(p))
          .isEqualTo(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
    }
    // as fio: two fake 4k I/Os per 8k file, counted; one clat sample per creation, no lat
    assertThat(r.read().totalIos()).isEqualTo(100);
    assertThat(r.read().ioBytes()).isEqualTo(400L << 10);
    assertThat(r.read().clat().n()).isEqualTo(50);
    assertThat(r.read().lat().n()).isZero();
    assertThat(r.latencyUs().values()).allMatch(v -> v == 0.0);
    assertThat(r.write().totalIos()).isZero();
  }

  @Test
  void filestatStatsTheLaidOutFilesOncePerPassInTheWriteDirectionOfAWriteJob() throws Exception {
    JobResult r =
        run("[st]\nioengine=filestat\nstat_type=lstat\nrw=write\nnrfiles=10\nfilesize=16k\n"
                + "bs=4k\nloops=2\n")
            .get(0);

    assertThat(files("st.0.")).hasSize(10);
    assertThat(r.write().totalIos()).isEqualTo(2 * 10 * 4);
    assertThat(r.write().clat().n()).isEqualTo(20);
    assertThat(r.read().clat().n()).isZero();
  }

  @Test
  void filedeleteDeletesTheLaidOutFilesAndASecondPassFindsThemGone() throws Exception {
    JobResult r = run("[rm]\nioengine=filedelete\nnrfiles=20\nfilesize=4k\nunlink=0\n").get(0);

    assertThat(files("rm.")).isEmpty();
    assertThat(r.read().clat().n()).isEqualTo(20);
  }

  @Test
  void aSecondFiledeletePassFindsTheFilesGoneAndEndsTheJobWithEnoentAsFio() {
    JobResult r =
        run("[rm2]\nioengine=filedelete\nnrfiles=2\nfilesize=4k\nbs=1k\nloops=2\n").get(0);

    // fio: the first pass's 8 fake I/Os and 2 deletions, then the job's error is ENOENT (2),
    // neither counted as an I/O nor among total_err
    assertThat(r.error()).isEqualTo(2);
    assertThat(r.read().totalIos()).isEqualTo(8);
    assertThat(r.read().clat().n()).isEqualTo(2);
    assertThat(r.errors().total()).isZero();
  }

  @Test
  void filecreateTakesAPercentageOffsetOfOneBlockAsFioWhateverTheFilesHold() {
    List<JobResult> r =
        run(
            "[pc]\nioengine=filecreate\nfilename=fsbench-pc\nfilesize=64k\nbs=4k\nnumjobs=2\n"
                + "offset=50%\n");

    // fio's filecreate gives each file one smallest block at set-up: 50% of 4k, aligned up to
    // the block, starts both clones at 4k, whatever the first clone made of the shared file
    assertThat(r).extracting(j -> j.read().totalIos()).containsExactly(15L, 15L);
  }

  @Test
  void ftruncateLeavesTheFileAtTheLastWritesOffset() throws Exception {
    JobResult r = run("[tr]\nioengine=ftruncate\nrw=write\nsize=64k\nbs=4k\n").get(0);

    assertThat(Files.size(dir.resolve("tr.0.0"))).isEqualTo(60 << 10);
    // ftruncate's I/Os are timed as any I/O: clat and lat of each
    assertThat(r.write().totalIos()).isEqualTo(16);
    assertThat(r.write().clat().n()).isEqualTo(16);
    assertThat(r.write().lat().n()).isEqualTo(16);
  }

  @Test
  void fallocAllocatesEachWrittenRangeOfAnUnallocatedFile() throws Exception {
    JobResult r = run("[fa]\nioengine=falloc\nrw=write\nsize=1m\nbs=64k\nfallocate=none\n").get(0);

    Path file = dir.resolve("fa.0.0");
    assertThat(Files.size(file)).isEqualTo(1 << 20);
    assertThat(allocatedBytes(file)).isGreaterThanOrEqualTo(1 << 20);
    assertThat(r.write().totalIos()).isEqualTo(16);
  }

  @Test
  void fallocReadsReserveTheBlocksOfASparseFileWithoutGrowingIt() throws Exception {
    Path sparse = dir.resolve("sparse");
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(sparse.toFile(), "rw")) {
      f.setLength(1 << 20); // big enough, so the job reuses it as fio does, unallocated
    }
    assertThat(allocatedBytes(sparse)).isLessThan(1 << 20);

    JobResult r = run("[fa]\nioengine=falloc\nrw=read\nsize=1m\nbs=64k\nfilename=sparse\n").get(0);

    // each read is fallocate(FALLOC_FL_KEEP_SIZE) of its range
    assertThat(r.read().totalIos()).isEqualTo(16);
    assertThat(allocatedBytes(sparse)).isGreaterThanOrEqualTo(1 << 20);
    assertThat(Files.size(sparse)).isEqualTo(1 << 20);
  }

  @Test
  void exitallStopsTheEndingJobsGroupButNotAnother() {
    List<JobResult> r =
        run(
            "[global]\nexitall\nsize=1m\n[short]\nrw=read\nio_size=64k\n"
                + "[long]\nrw=read\ntime_based\nruntime=30s\n"
                + "[other]\nnew_group\nrw=read\ntime_based\nruntime=2s\n");

    assertThat(r.get(0).read().totalIos()).isEqualTo(16);
    assertThat(r.get(1).jobRuntimeMs()).isLessThan(10_000);
    // the other group's job is stopped only by its own end, at its runtime
    assertThat(r.get(2).jobRuntimeMs()).isGreaterThanOrEqualTo(1_990);
  }

  @Test
  void exitWhatStonewallStopsEveryRunningJobAndTheNextStonewallStillRuns() {
    List<JobResult> r =
        run(
            "[global]\nexitall\nsize=1m\n[short]\nrw=read\nio_size=64k\nexit_what=stonewall\n"
                + "[long]\nnew_group\nrw=read\ntime_based\nruntime=30s\n"
                + "[after]\nstonewall\nrw=read\n");

    assertThat(r.get(1).jobRuntimeMs()).isLessThan(10_000);
    assertThat(r.get(2).read().ioBytes()).isEqualTo(1 << 20);
  }

  @Test
  void exitWhatAllStopsTheJobsOfLaterStonewallsBeforeTheyStart() {
    List<JobResult> r =
        run(
            "[global]\nexitall\nsize=1m\n[short]\nrw=read\nio_size=64k\nexit_what=all\n"
                + "[never]\nstonewall\nrw=read\n");

    assertThat(r.get(0).read().totalIos()).isEqualTo(16);
    assertThat(r.get(1).read().totalIos()).isZero();
  }

  @Test
  void waitForStartsAJobWhenEveryCloneOfItsWaiteeHasEnded() {
    List<JobResult> r =
        run(
            "[global]\nsize=4m\n[w]\nrw=write\nnumjobs=2\ngroup_reporting\n"
                + "[r]\nnew_group\nwait_for=w\nrw=read\n");

    JobResult writers = r.get(0);
    JobResult reader = r.get(1);
    assertThat(writers.write().ioBytes()).isEqualTo(8L << 20);
    // both in one batch, yet the reader started after the writers' last I/O
    assertThat(reader.jobStartMs())
        .isGreaterThanOrEqualTo(writers.jobStartMs() + writers.write().runtimeMs() - 2);
  }
}
