package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import io.fsbench.api.BlockSize;
import io.fsbench.api.BufferContent;
import io.fsbench.api.CacheState;
import io.fsbench.api.Distribution;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Host;
import io.fsbench.spi.Shell;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every verb of the API's builders — a job's ({@link io.fsbench.api.JobSpecBuilder}, {@link
 * JobBuilder}), a comparison's ({@link ComparisonBuilder}) — given a bad value is refused with
 * {@link InvalidInputException} before anything is made: no command runs, and the target directory
 * stays empty. A verb with no case fails the enumeration, unless it takes nothing that can be bad
 * (listed with the reason).
 */
class EveryApiVerbRefusedTest {

  @TempDir Path temp;
  private final Host host = mock(Host.class);
  private final Shell shell = mock(Shell.class);
  private FsBench fsbench;
  private Path target;

  @BeforeEach
  void setUp() throws IOException {
    when(host.shell()).thenReturn(shell);
    fsbench = NonRootFixture.fsbench(host, temp);
    target = Files.createDirectory(temp.resolve("fsbench-target"));
  }

  /** Bad values of the job verbs, each applied to a valid sequential write of 1 MiB. */
  private static final Map<String, Consumer<JobBuilder>> JOB_CASES = new LinkedHashMap<>();

  /** Verbs whose every value is valid (an enum, a flag), with why. */
  private static final Map<String, String> JOB_NOTHING_BAD =
      Map.ofEntries(
          Map.entry("rw", "an enum: every value is a valid pattern"),
          Map.entry("direct", "a flag"),
          Map.entry("endFsync", "a flag"),
          Map.entry("fsyncOnClose", "a flag"),
          Map.entry("noRandomMap", "a flag"),
          Map.entry("randomMap", "a flag"),
          Map.entry("invalidate", "a flag"),
          Map.entry("dropCaches", "a flag"),
          Map.entry("stonewall", "a flag"),
          Map.entry("groupReporting", "a flag"),
          Map.entry("randSeed", "any 64-bit seed is valid, as in fio"),
          Map.entry("verify", "an enum: every method is valid"),
          Map.entry("fallocate", "an enum: every mode is valid"),
          Map.entry("fadviseHint", "an enum: every hint is valid"),
          Map.entry("fileSize", "any size: zero means size / nrfiles, as in fio"),
          Map.entry("ioSize", "any size: zero means size, as in fio"),
          Map.entry("from", "copies a spec that was checked when it was built"),
          Map.entry("measurements", "flags: every combination is one fio accepts"),
          Map.entry("logs", "a LogFiles checks itself; a prefix's directory when the job runs"));

  static {
    JOB_CASES.put("name", b -> b.name("no  double spaces"));
    JOB_CASES.put("rwMixRead", b -> b.rwMixRead(101));
    JOB_CASES.put("blockSize", b -> b.blockSize(Size.ZERO));
    JOB_CASES.put("readBlockSize", b -> b.readBlockSize(BlockSize.of(Size.ZERO)));
    JOB_CASES.put("writeBlockSize", b -> b.writeBlockSize(BlockSize.of(Size.ZERO)));
    JOB_CASES.put("bsSplit", b -> b.bsSplit("4k/60:8k/60"));
    JOB_CASES.put("size", b -> b.size(Size.ZERO));
    JOB_CASES.put("nrFiles", b -> b.nrFiles(0));
    JOB_CASES.put("fileName", b -> b.fileName("../../etc/fsbench-escape"));
    JOB_CASES.put("numJobs", b -> b.numJobs(0));
    JOB_CASES.put("ioDepth", b -> b.ioDepth(0));
    JOB_CASES.put("fsync", b -> b.fsync(-1));
    JOB_CASES.put("fdatasync", b -> b.fdatasync(-1));
    JOB_CASES.put("timeBased", b -> b.timeBased().runtime(Duration.ZERO));
    JOB_CASES.put("runtime", b -> b.runtime(Duration.ofSeconds(-1)));
    JOB_CASES.put("rampTime", b -> b.rampTime(Duration.ofSeconds(-1)));
    JOB_CASES.put("loops", b -> b.loops(0));
    JOB_CASES.put("distribution", b -> b.distribution(Distribution.zipf(-1)));
    JOB_CASES.put("buffers", b -> b.buffers(BufferContent.compressible(101)));
    JOB_CASES.put(
        "verifySettings",
        b ->
            b.verify(io.fsbench.api.VerifyMethod.PATTERN)
                .verifySettings(io.fsbench.api.VerifySettings.DEFAULT));
    JOB_CASES.put("rate", b -> b.rate(new JobSpec.RateLimit(-1, 0, 0, 0)));
    JOB_CASES.put(
        "pacing",
        b ->
            b.pacing(
                new io.fsbench.api.Pacing(
                    Duration.ZERO,
                    Duration.ZERO,
                    1,
                    false,
                    Duration.ZERO,
                    Duration.ZERO,
                    true,
                    JobSpec.RateLimit.NONE)));
    JOB_CASES.put(
        "fileHandling",
        b -> b.fileHandling(io.fsbench.api.FileHandling.DEFAULT.nameFormat("../$jobname")));
    JOB_CASES.put("percentiles", b -> b.percentiles(List.of(101.0)));
    JOB_CASES.put("bwAvgTime", b -> b.bwAvgTime(Duration.ZERO));
    JOB_CASES.put("iopsAvgTime", b -> b.iopsAvgTime(Duration.ZERO));
    JOB_CASES.put("offsets", b -> b.direct().offsets(io.fsbench.api.Offsets.at(Size.bytes(1000))));
    JOB_CASES.put("numberIos", b -> b.numberIos(-1));
    JOB_CASES.put(
        "zones",
        b -> b.nrFiles(2).zones(io.fsbench.api.Zones.strided(Size.kib(64), Size.ZERO, Size.ZERO)));
    // a sequential job never reads blockalign, as in fio
    JOB_CASES.put(
        "blockAlign",
        b -> b.rw(ReadWrite.READ).blockAlign(io.fsbench.api.BlockAlign.both(Size.kib(8))));
    JOB_CASES.put("priority", b -> b.priority(io.fsbench.api.IoPriority.of(4, 0)));
    JOB_CASES.put("flow", b -> b.flow(io.fsbench.api.Flow.weight(1001)));
    // fio's io_uring refuses offloaded submission
    JOB_CASES.put(
        "submitMode",
        b ->
            b.ioEngine(io.fsbench.api.IoEngine.IO_URING)
                .submitMode(io.fsbench.api.SubmitMode.OFFLOAD));
    // a job-wide psync job has no per-I/O priority to give
    JOB_CASES.put(
        "commandPriorities",
        b ->
            b.ioEngine(io.fsbench.api.IoEngine.PSYNC)
                .commandPriorities(
                    io.fsbench.api.CommandPriorities.percentage(
                        50, io.fsbench.api.IoPriority.of(1, 0))));
    JOB_CASES.put(
        "latencyTarget",
        b ->
            b.latencyTarget(
                new io.fsbench.api.LatencyTarget(
                    Duration.ofMillis(-1), Duration.ZERO, 100, false)));
    JOB_CASES.put(
        "trimBlockSize",
        b ->
            b.rw(ReadWrite.RANDTRIM)
                .trimBlockSize(io.fsbench.api.BlockSize.of(Size.kib(4)))
                .verify(io.fsbench.api.VerifyMethod.MD5)); // a trim writes nothing to verify
    JOB_CASES.put(
        "errors",
        b ->
            b.errors(
                io.fsbench.api.ErrorHandling.NONE.ignore(
                    io.fsbench.api.ErrorHandling.WRITE, List.of(-28))));
    JOB_CASES.put(
        "randomGenerator",
        b ->
            b.randomGenerator(io.fsbench.api.RandomGenerator.LFSR)
                .distribution(Distribution.zipf(1.2)));
    JOB_CASES.put(
        "offsetModifier", b -> b.offsetModifier(io.fsbench.api.OffsetModifier.randomEvery(4)));
    JOB_CASES.put(
        "ioEngine", b -> b.ioEngine(io.fsbench.api.IoEngine.PSYNC).ioDepth(8)); // no effect
    JOB_CASES.put(
        "steadyState",
        b ->
            b.rampTime(Duration.ofSeconds(1))
                .steadyState(
                    io.fsbench.api.SteadyState.of(
                        io.fsbench.api.SteadyState.Criterion.IOPS,
                        1,
                        true,
                        Duration.ofSeconds(2),
                        Duration.ZERO)));
    JOB_CASES.put(
        "cpus", b -> b.cpus(io.fsbench.api.CpuPlacement.NONE.cpus(List.of(1023)))); // no such CPU
  }

  @Test
  void everyJobVerbHasABadValueOrAReasonWhyNoneExists() {
    Set<String> verbs = verbs(JobBuilder.class);
    Set<String> covered = new TreeSet<>(JOB_CASES.keySet());
    covered.addAll(JOB_NOTHING_BAD.keySet());

    assertThat(covered).containsExactlyInAnyOrderElementsOf(verbs);
  }

  @Test
  void aBadValueOfEveryJobVerbIsRefusedBeforeAnythingIsMade() throws IOException {
    for (Map.Entry<String, Consumer<JobBuilder>> bad : JOB_CASES.entrySet()) {
      Session session = fsbench.session(null, Target.directory(target));
      assertRefused(
          bad.getKey(),
          () -> {
            JobBuilder job = session.seqWrite(Size.mib(1)).size(Size.mib(1));
            bad.getValue().accept(job);
            job.run();
          });
    }
  }

  /** Bad values of the comparison verbs, each applied to a valid comparison on the directory. */
  @Test
  void aBadValueOfEveryComparisonVerbIsRefusedBeforeAnythingIsMade() throws IOException {
    Map<String, Consumer<ComparisonBuilder>> cases = new LinkedHashMap<>();
    cases.put("fileSystems", c -> c.fileSystems("xfz"));
    cases.put("tune", c -> c.tune("dir", Tuning.parse(List.of("atime=off"))));
    cases.put(
        "workloads", c -> c.workloads(Workloads.named("seqwrite-128k", Map.of("size", "1m"))));
    cases.put("repeat", c -> c.repeat(0));
    cases.put("repeatUntilPrecise", c -> c.repeatUntilPrecise(200, 3, 20));
    cases.put("cache", c -> c.cache(CacheState.COLD_REMOUNT));
    cases.put("runtime", c -> c.runtime(Duration.ofSeconds(-1)));
    cases.put("target", c -> c.target(Target.directory(temp.resolve("fsbench-missing"))));
    cases.put("baseline", c -> c.baseline("xfs"));
    cases.put("cpusAllowed", c -> c.cpusAllowed(List.of(1023))); // a CPU this machine lacks
    cases.put("preset", c -> c.preset("classic-tabel")); // no such table, and workloads given
    cases.put("aged", c -> c.aged("desktop:fullness=150%"));
    Map<String, String> nothingBad =
        Map.of(
            "volumes", "an enum: every policy is valid",
            "listener", "any listener; it only hears progress");

    assertThat(Stream.concat(cases.keySet().stream(), nothingBad.keySet().stream()))
        .containsExactlyInAnyOrderElementsOf(verbs(ComparisonBuilder.class));
    for (Map.Entry<String, Consumer<ComparisonBuilder>> bad : cases.entrySet()) {
      assertRefused(
          bad.getKey(),
          () -> {
            ComparisonBuilder compare =
                fsbench
                    .compare()
                    .target(Target.directory(target))
                    .workloads(Workloads.named("seqwrite-128k", Map.of("size", "1m")))
                    .cache(CacheState.WARM)
                    .repeat(1);
            bad.getValue().accept(compare);
            compare.run();
          });
    }
  }

  @Test
  void aBadValueOfEverySessionVerbIsRefusedBeforeAnythingIsMade() throws IOException {
    Map<String, Consumer<Session>> cases = new LinkedHashMap<>();
    cases.put("imageSize", s -> s.imageSize(Size.gib(1))); // a directory has no image
    cases.put("tuned", s -> s.tuned(Tuning.parse(List.of("atime=off"))).check());
    cases.put("eraseSignatures", Session::eraseSignatures); // a directory is no device
    cases.put("seqRead", s -> s.seqRead(Size.ZERO).size(Size.mib(1)).run());
    cases.put("seqWrite", s -> s.seqWrite(Size.ZERO).size(Size.mib(1)).run());
    cases.put("randRead", s -> s.randRead(Size.ZERO).size(Size.mib(1)).run());
    cases.put("randWrite", s -> s.randWrite(Size.ZERO).size(Size.mib(1)).run());
    cases.put("readWrite", s -> s.readWrite(Size.ZERO).size(Size.mib(1)).run());
    cases.put("randReadWrite", s -> s.randReadWrite(Size.ZERO).size(Size.mib(1)).run());
    cases.put("fioJob", s -> s.fioJob(List.of("rw=sideways")).run());
    cases.put("check", s -> s.check(Workloads.named("postmark", Map.of("number", "0"))));
    cases.put("status", s -> s.status(Duration.ZERO, soFar -> {}));
    cases.put("shareDirectory", s -> s.shareDirectory("client.1")); // a tag holds no dot
    // neighbours find a client's files by its tag; this session's names have none
    cases.put(
        "neighbours",
        s ->
            s.neighbours(step -> new Neighbour(Path.of("/mnt/other"), "1"))
                .check(Workloads.named("fsmark", Map.of("files", "10"))));
    Map<String, String> nothingBad =
        Map.of(
            "progress", "any listener; it only hears progress",
            "messages", "any listener; it only hears the lines a workload prints",
            "open", "takes nothing; it makes the volume the checks allowed",
            "job", "takes a spec that was checked when it was built",
            "cancel", "takes nothing; it stops whatever runs, which is never refused",
            "finish", "takes nothing; it ends whatever runs with its result, never refused",
            "phaseGate", "any gate; the workload waits at it before each phase");

    assertThat(Stream.concat(cases.keySet().stream(), nothingBad.keySet().stream()))
        .containsExactlyInAnyOrderElementsOf(verbs(Session.class));
    for (Map.Entry<String, Consumer<Session>> bad : cases.entrySet()) {
      Session session = fsbench.session(null, Target.directory(target));
      assertRefused(bad.getKey(), () -> bad.getValue().accept(session));
    }
  }

  @Test
  void aBadValueOfEveryQualificationVerbIsRefusedBeforeAnythingIsMade() throws IOException {
    JobSpec small = JobSpec.seqWrite(Size.kib(4)).size(Size.mib(1)).build();
    Map<String, Consumer<Qualification>> cases = new LinkedHashMap<>();
    cases.put(
        "check",
        q -> q.check("write", small, Measure.syncPercentile(99).atMost(Duration.ofMillis(10))));
    cases.put("within", q -> q.check("write", small).within(Duration.ofSeconds(-1)));
    Map<String, String> nothingBad =
        Map.of(
            "progress", "any listener; it only hears progress",
            "messages", "any listener; it only hears a line per check",
            "clock", "any clock",
            "start", "runs what the other verbs checked; refuses a qualification without checks");

    assertThat(Stream.concat(cases.keySet().stream(), nothingBad.keySet().stream()))
        .containsExactlyInAnyOrderElementsOf(verbs(Qualification.class));
    for (Map.Entry<String, Consumer<Qualification>> bad : cases.entrySet()) {
      Qualification qualification =
          Qualification.on(fsbench.session(null, Target.directory(target)));
      assertRefused(
          bad.getKey(),
          () -> {
            bad.getValue().accept(qualification);
            qualification.run();
          });
    }
    assertRefused(
        "start", () -> Qualification.on(fsbench.session(null, Target.directory(target))).start());
  }

  private void assertRefused(String verb, Runnable run) throws IOException {
    Throwable refusal = catchThrowable(run::run);
    assertThat(refusal).as("a bad value of %s", verb).isInstanceOf(InvalidInputException.class);
    assertThat(refusal.getMessage()).as(verb).doesNotContain("Exception", "\tat ");
    verifyNoInteractions(shell);
    try (Stream<Path> left = Files.list(target)) {
      assertThat(left).as("made in the target after a bad %s", verb).isEmpty();
    }
  }

  /** The public instance methods of a builder and its superclasses but build, run and close. */
  static Set<String> verbs(Class<?> type) {
    return Stream.<Class<?>>iterate(type, c -> c != null && c != Object.class, Class::getSuperclass)
        .flatMap(c -> Arrays.stream(c.getDeclaredMethods()))
        .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()))
        .filter(m -> !m.isSynthetic())
        .map(Method::getName)
        .filter(name -> !Set.of("build", "run", "fio", "close", "toString").contains(name))
        .collect(Collectors.toCollection(TreeSet::new));
  }
}
