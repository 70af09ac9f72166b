package io.fsbench;

import static io.fsbench.api.Size.kib;
import static io.fsbench.api.Size.mib;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.fsbench.api.Availability;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.RunResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.api.Workload;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.ofEpochMilli(1_800_000_000_123L), ZoneOffset.UTC);

  @TempDir Path temp;

  private final Host host = mock(Host.class);
  private final FakeBlockJobs engine = new FakeBlockJobs();
  private FsBench fsbench;
  private Path target;

  @BeforeEach
  void setUp() throws IOException {
    fsbench = NonRootFixture.fsbench(host, temp);
    target = Files.createDirectory(temp.resolve("fsbench-target"));
  }

  private Session onDirectory() {
    return new Session(fsbench, null, Target.directory(target), engine, CLOCK);
  }

  private List<Path> leftInTarget() throws IOException {
    try (Stream<Path> entries = Files.list(target)) {
      return entries.toList();
    }
  }

  private Path filebenchFile(String extra) throws IOException {
    return Files.writeString(
        temp.resolve("fsbench-echo.f"),
        """
        define fileset name=few,path=/tmp,size=1k,entries=2,dirwidth=10,prealloc=100
        define process name=p
        {
          thread name=t,memsize=64k
          {
            flowop statfile name=stat,filesetname=few
          }
        }
        echo "fsbench says hello"
        """
            + extra
            + "\nrun 1\n");
  }

  @Test
  void passesTheLinesAWorkloadPrintsToTheMessagesListener() throws IOException {
    List<String> lines = new java.util.ArrayList<>();

    onDirectory().messages(lines::add).run(io.fsbench.api.FilebenchSpec.of(filebenchFile("")));

    assertThat(lines).contains("fsbench says hello", "Running...");
    assertThat(leftInTarget()).isEmpty();
  }

  @Test
  void runsAFilebenchSystemCommandOnlyWhenTheSpecAllowsIt() throws IOException {
    Path file = filebenchFile("system \"echo fsbench-from-a-shell\"");
    List<String> lines = new java.util.ArrayList<>();

    assertThatThrownBy(() -> onDirectory().run(io.fsbench.api.FilebenchSpec.of(file)))
        .hasMessageContaining("system \"echo fsbench-from-a-shell\"");
    onDirectory().messages(lines::add).run(io.fsbench.api.FilebenchSpec.of(file).allowSystem(true));

    assertThat(lines).contains("fsbench-from-a-shell");
  }

  @Test
  void aOneShotRunWorksInAFreshSubdirectoryAndLeavesNothingBehind() throws IOException {
    RunResult result = onDirectory().randWrite(kib(4)).size(mib(8)).run();

    Path runDirectory = engine.directories.get(0);
    assertThat(runDirectory.getFileName().toString()).startsWith("fsbench-run-");
    assertThat(runDirectory.startsWith(target)).isTrue();
    assertThat(leftInTarget()).isEmpty();
    assertThat(result.jobs()).extracting(j -> j.jobname()).containsExactly("randwrite-4k");
    assertThat(result.timestampMs()).isEqualTo(CLOCK.millis());
    assertThat(result.volume().fileSystem()).isEqualTo("dir");
    assertThat(result.volume().target()).isInstanceOf(Target.Directory.class);
    assertThat(result.volume().asMap())
        .containsEntry("target", "directory")
        .doesNotContainKey("mkfs_seconds");
    assertThat(result.environment().kernel()).isNotBlank();
    assertThat(result.environment().toolVersions()).containsKey("java");
    assertThat(result.environment().asMap()).containsKeys("kernel", "cpu_count", "tool.java");
    assertThat(engine.hadVolume).containsExactly(false);
  }

  @Test
  void anOpenSessionRunsEveryJobOnOneVolumeAndReleasesItOnClose() throws IOException {
    try (Session session = onDirectory().open()) {
      session.seqWrite(kib(128)).size(mib(8)).run();
      session.seqRead(kib(128)).size(mib(8)).run();

      Path first = engine.directories.get(0);
      Path second = engine.directories.get(1);
      assertThat(first.getParent()).isEqualTo(second.getParent());
      assertThat(first).isNotEqualTo(second).doesNotExist();
      assertThat(leftInTarget()).containsExactly(first.getParent());
    }
    assertThat(leftInTarget()).isEmpty();
  }

  @Test
  void aSessionNotOpenedMakesAVolumePerRun() throws IOException {
    Session session = onDirectory();
    session.seqWrite(kib(128)).size(mib(8)).run();
    session.seqWrite(kib(128)).size(mib(8)).run();

    assertThat(engine.directories.get(0).getParent())
        .isNotEqualTo(engine.directories.get(1).getParent());
    assertThat(leftInTarget()).isEmpty();
  }

  @Test
  void everyFluentOptionReachesTheEngine() {
    onDirectory()
        .randReadWrite(kib(8))
        .rwMixRead(70)
        .size(mib(16))
        .numJobs(2)
        .ioDepth(16)
        .ioEngine(IoEngine.IO_URING)
        .direct()
        .runtime(java.time.Duration.ofSeconds(2))
        .timeBased()
        .groupReporting()
        .run();

    JobFile.Job job = engine.lastJobs().get(0);
    assertThat(job.groupReporting()).isTrue();
    assertThat(job.spec().rw()).isEqualTo(ReadWrite.RANDRW);
    assertThat(job.spec().rwMixRead()).isEqualTo(70);
    assertThat(job.spec().numJobs()).isEqualTo(2);
    assertThat(job.spec().ioDepth()).isEqualTo(16);
    assertThat(job.spec().direct()).isTrue();
    assertThat(job.spec().timeBased()).isTrue();
    assertThat(job.options()).containsEntry("bs", "8k").containsEntry("iodepth", "16");
  }

  @Test
  void anUnnamedJobIsNamedAfterWhatItFinallyDoes() {
    onDirectory().seqWrite(kib(128)).blockSize(kib(8)).size(mib(8)).run();
    onDirectory().fioJob(List.of("rw=write", "size=8m")).rw(ReadWrite.RANDREAD).run();
    onDirectory().fioJob(List.of("name=mine", "size=8m")).rw(ReadWrite.RANDREAD).run();

    assertThat(engine.calls)
        .extracting(jobs -> jobs.get(0).spec().name())
        .containsExactly("write-8k", "randread-4k", "mine");
  }

  @Test
  void clonesAreReportedOneByOneUnlessAsked() {
    onDirectory().seqWrite(kib(128)).size(mib(8)).numJobs(2).run();

    assertThat(engine.lastJobs().get(0).groupReporting()).isFalse();
  }

  @Test
  void aJobGivenAsFioOptionsIsParsedAsAJobFileSectionIs() {
    onDirectory().fioJob(List.of("rw=randread", "bs=8k", "size=16m", "group_reporting")).run();

    JobFile.Job job = engine.lastJobs().get(0);
    assertThat(job.spec().rw()).isEqualTo(ReadWrite.RANDREAD);
    assertThat(job.spec().readBlockSize().toString()).isEqualTo("8k");
    assertThat(job.spec().size()).isEqualTo(mib(16));
    assertThat(job.groupReporting()).isTrue();
  }

  @Test
  void anUnsupportedFioOptionIsRefusedByNameBeforeAnythingIsMade() throws IOException {
    assertThatThrownBy(() -> onDirectory().fioJob(List.of("rw=write", "pre_read=1")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'pre_read'");
    assertThat(engine.calls).isEmpty();
    assertThat(leftInTarget()).isEmpty();
  }

  @Test
  void aDirectoryOptionIsRefusedWhereTheTargetIsAlreadyGiven() throws IOException {
    assertThatThrownBy(() -> onDirectory().fioJob(List.of("rw=write", "size=1m", "directory=/x")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("directory (/x)")
        .hasMessageContaining("--dir");
    assertThatThrownBy(() -> Workloads.named("randread-4k", java.util.Map.of("directory", "/x")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--param directory");
    assertThat(engine.calls).isEmpty();
  }

  @Test
  void aBadJobIsRefusedBeforeAnyVolumeIsMade() throws IOException {
    Session session = onDirectory();
    assertThatThrownBy(() -> session.randWrite(kib(4)).ioDepth(32).ioEngine(IoEngine.PSYNC).run())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("iodepth (32)");
    assertThat(engine.calls).isEmpty();
    assertThat(leftInTarget()).isEmpty();
  }

  @Test
  void aJobFileRunsWithItsGlobalOptionsAndStonewallGroups() throws IOException {
    Path jobFile =
        Files.writeString(
            temp.resolve("fsbench-two-phases.fio"),
            String.join(
                "\n",
                "[global]",
                "size=16m",
                "bs=64k",
                "group_reporting",
                "[write]",
                "rw=write",
                "[read]",
                "stonewall",
                "rw=read",
                ""));

    RunResult result = onDirectory().fio(jobFile);

    assertThat(engine.lastJobs()).extracting(JobFile.Job::groupId).containsExactly(0, 1);
    assertThat(engine.lastJobs()).allMatch(JobFile.Job::groupReporting);
    assertThat(result.parameters()).containsEntry("size", "16m").containsEntry("bs", "64k");
    assertThat(result.jobs()).extracting(j -> j.jobname()).containsExactly("write", "read");
    assertThat(leftInTarget()).isEmpty();
  }

  @Test
  void aFailedRunStillReleasesItsVolume() throws IOException {
    engine.failure = new FsBenchException(FsBenchException.Kind.RUN_FAILED, "disk on fire");

    assertThatThrownBy(() -> onDirectory().seqWrite(kib(4)).size(mib(8)).run())
        .hasMessage("disk on fire");
    assertThat(leftInTarget()).isEmpty();
  }

  @Test
  void aBlockJobRunAsAnyWorkloadHasTheSameResultRootAsAJob() throws IOException {
    Workload job = JobSpec.builder(ReadWrite.WRITE, kib(64)).size(mib(1)).build();
    PostMarkSpec postMark = PostMarkSpec.builder().files(20).transactions(50).build();

    RunResult blockRun = onDirectory().run(job);
    RunResult otherRun = onDirectory().run(postMark);

    assertThat(blockRun.isBlockRun()).isTrue();
    assertThat(blockRun.jobs())
        .singleElement()
        .satisfies(j -> assertThat(j.write().ioBytes()).isEqualTo(mib(1).bytes()));
    assertThat(blockRun.parameters()).containsEntry("bs", "64k");
    assertThat(otherRun.isBlockRun()).isFalse();
    assertThat(otherRun.jobs()).isEmpty();
    assertThat(otherRun.volume().target()).isEqualTo(blockRun.volume().target());
    assertThat(leftInTarget()).isEmpty();
  }

  @Test
  void runsOtherWorkloadsInAFreshSubdirectory() throws IOException {
    PostMarkSpec small = PostMarkSpec.builder().files(20).transactions(50).build();

    RunResult run = onDirectory().run(small);

    assertThat(run.workload()).isEqualTo("postmark");
    assertThat(run.result().headline().name()).isEqualTo("transactions_per_sec");
    assertThat(run.result().headline().value()).isPositive();
    assertThat(run.parameters()).containsEntry("workload", "postmark").containsEntry("files", "20");
    assertThat(run.volume().fileSystem()).isEqualTo("dir");
    assertThat(leftInTarget()).isEmpty();
  }

  @Test
  void refusesTheLifecycleWorkloadWhichASessionCannotRepeat() {
    assertThatThrownBy(() -> onDirectory().run(Workloads.named("fs-lifecycle", java.util.Map.of())))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("fsbench compare");
  }

  @Test
  void tuningADirectoryIsRefusedBeforeAnythingRuns() throws IOException {
    Session tuned = onDirectory().tuned(Tuning.parse(List.of("atime=off")));

    assertThatThrownBy(() -> tuned.seqWrite(kib(4)).size(mib(8)).run())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("atime=off");
    assertThat(engine.calls).isEmpty();
    assertThat(leftInTarget()).isEmpty();
  }

  @Test
  void aTuningTheFileSystemCannotHonourIsRefusedWhenItIsGiven() {
    when(host.isRoot()).thenReturn(true); // a plugin is available to root only
    FileSystemPlugin xfs = mock(FileSystemPlugin.class);
    when(xfs.id()).thenReturn("xfs");
    when(xfs.availability(host)).thenReturn(Availability.available());
    Tuning writeback = Tuning.parse(List.of("data=writeback"));
    doThrow(new UnsupportedTuningException("xfs", "data", "xfs has no data journaling mode"))
        .when(xfs)
        .validate(writeback, host);
    FsBench withXfs =
        FsBench.builder().host(host).workDir(temp.resolve("fsbench-work")).plugin(xfs).build();

    Session session = withXfs.session("xfs", Target.loop());

    assertThatThrownBy(() -> session.tuned(writeback))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("data");
    verify(xfs, never()).format(any(), any());
  }

  @Test
  void anImageSizeAppliesOnlyToLoopVolumes() {
    assertThatThrownBy(() -> onDirectory().imageSize(Size.gib(1)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("imageSize (1g)")
        .hasMessageContaining("loop volume");
  }

  @Test
  void anUnknownFileSystemIsRefusedWhenTheSessionIsMade() {
    assertThatThrownBy(() -> fsbench.session("xfz", Target.loop()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'xfz'");
  }

  @Test
  void aClosedSessionRunsNothing() {
    Session session = onDirectory().open();
    session.close();
    session.close(); // idempotent

    assertThatThrownBy(() -> session.seqWrite(kib(4)).size(mib(8)).run())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
    assertThat(engine.calls).isEmpty();
  }
}
