package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilebenchRunTest {

  /** varmail.f's loop on a small fileset; the file says run 60, the test's runtime replaces it. */
  static final String VARMAIL =
      """
      set $dir=/tmp
      set $nfiles=1000
      set $nthreads=16
      set $filesize=cvar(type=cvar-gamma,parameters=mean:4096;gamma:1.5)
      define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=1000000,prealloc=80
      define process name=filereader,instances=1
      {
        thread name=filereaderthread,memsize=1m,instances=$nthreads
        {
          flowop deletefile name=deletefile1,filesetname=bigfileset
          flowop createfile name=createfile2,filesetname=bigfileset,fd=1
          flowop appendfilerand name=appendfilerand2,iosize=16k,fd=1
          flowop fsync name=fsyncfile2,fd=1
          flowop closefile name=closefile2,fd=1
          flowop openfile name=openfile3,filesetname=bigfileset,fd=1
          flowop readwholefile name=readfile3,fd=1,iosize=64k
          flowop appendfilerand name=appendfilerand3,iosize=16k,fd=1
          flowop fsync name=fsyncfile3,fd=1
          flowop closefile name=closefile3,fd=1
          flowop openfile name=openfile4,filesetname=bigfileset,fd=1
          flowop readwholefile name=readfile4,fd=1,iosize=64k
          flowop closefile name=closefile4,fd=1
        }
      }
      echo "varmail-like loaded"
      run 60
      """;

  static final List<String> LOOP =
      List.of(
          "createfile2",
          "appendfilerand2",
          "fsyncfile2",
          "closefile2",
          "openfile3",
          "readfile3",
          "appendfilerand3",
          "fsyncfile3",
          "closefile3",
          "openfile4",
          "readfile4",
          "closefile4");

  @TempDir Path temp;
  Path dir;

  @BeforeEach
  void makeDirectory() throws IOException {
    dir = Files.createDirectories(temp.resolve("fsbench-filebench"));
  }

  @Test
  void runsVarmailLikeLoopWithOpCountsInTheLoopsProportionsAndFilesFollowingTheRotor()
      throws IOException {
    int threads = 4;
    List<String> echoed = new ArrayList<>();
    WmlScript script = WmlParser.parse("varmail.f", VARMAIL);
    FilebenchOptions options =
        FilebenchOptions.in(dir)
            .set("nfiles", "200")
            .set("nthreads", Integer.toString(threads))
            .runtime(Duration.ofSeconds(1))
            .seed(7)
            .output(echoed::add);

    FilebenchRun run = FilebenchRun.prepare(script, options);
    FilebenchResult result = run.execute();

    assertThat(echoed).contains("varmail-like loaded");
    assertThat(result.duration()).isBetween(Duration.ofMillis(900), Duration.ofSeconds(5));
    Map<String, FilebenchResult.FlowopLine> byName =
        result.flowops().stream()
            .collect(Collectors.toMap(FilebenchResult.FlowopLine::name, f -> f));
    // filebench lists the last-defined flowop first
    assertThat(result.flowops().get(0).name()).isEqualTo("closefile4");
    long first = byName.get("createfile2").ops();
    assertThat(first).isGreaterThan(20);
    for (String name : LOOP) {
      // after the stats clear each thread ran a stretch of the loop from wherever it was, so each
      // flowop's count is within one per thread of any other's (plus one per thread for the clear,
      // which is not atomic across flowops)
      assertThat(byName.get(name).ops())
          .as(name)
          .isBetween(first - 2 * threads, first + 2 * threads);
    }
    // a deletefile is skipped (not counted) while another thread has the file open
    long deletes = byName.get("deletefile1").ops();
    assertThat(deletes).isBetween(1L, first + threads);

    // every create and delete kept the rotor's state and the disk in step, and nothing is left
    // open or busy
    assertFilesetMatchesDisk(run.filesets().get(0), dir);

    FilebenchResult.IoSummary s = result.summary();
    long ioOps = result.flowops().stream().mapToLong(FilebenchResult.FlowopLine::ops).sum();
    assertThat(s.ops()).isEqualTo(ioOps); // every flowop here is an I/O flowop
    long reads = byName.get("readfile3").ops() + byName.get("readfile4").ops();
    double seconds = result.duration().toNanos() / 1e9;
    assertThat(s.readsPerSec()).isCloseTo(reads / seconds, within(1e-6));
    assertThat(FilebenchReport.text(result))
        .contains("Per-Operation Breakdown", "IO Summary:", "p99.9", "Seed 7");
    assertThat(result.metrics()).anyMatch(m -> m.name().equals("flowop.readfile3.latency_p99"));
  }

  @Test
  void reportsOpsSamplesEvery500MsTheProcessCpuAndTheDatasetAgainstRam() throws IOException {
    String script =
        """
        define fileset name=reads,path=/tmp,size=4k,entries=20,dirwidth=100,prealloc=100
        define process name=p
        {
          thread name=t,memsize=1m,instances=2
          {
            flowop openfile name=open,filesetname=reads,fd=1
            flowop readwholefile name=read,fd=1,iosize=4k
            flowop closefile name=close,fd=1
          }
        }
        run 60
        """;
    List<String> echoed = new ArrayList<>();
    FilebenchOptions options =
        FilebenchOptions.in(dir).runtime(Duration.ofMillis(1000)).output(echoed::add);

    FilebenchResult result = FilebenchRun.run(WmlParser.parse("reads.f", script), options);

    FilebenchResult.OpsSamples samples = result.samples();
    assertThat(samples.interval()).isEqualTo(Duration.ofMillis(500));
    // a 1 s run: two windows of 500 ms
    assertThat(samples.opsPerSec()).hasSize(2).allSatisfy(r -> assertThat(r).isPositive());
    double sampled = samples.opsPerSec().stream().mapToDouble(r -> r * 0.5).sum();
    assertThat(sampled).isCloseTo(result.summary().ops(), within(result.summary().ops() * 0.1));
    assertThat(result.cpu().user().plus(result.cpu().system())).isPositive();
    assertThat(result.dataset().bytes()).isEqualTo(20 * 4096);
    assertThat(result.dataset().ramBytes())
        .isEqualTo(FilebenchPersonalities.hostRamBytes())
        .isPositive();
    assertThat(echoed).anyMatch(line -> line.startsWith("Warning: the dataset (80.0 KiB) is"));
    assertThat(result.metrics())
        .extracting(io.fsbench.api.Metric::name)
        .contains(
            "samples.ops_per_sec_mean",
            "samples.count",
            "cpu.usr",
            "cpu.sys",
            "dataset.bytes",
            "dataset.ram_ratio");
    assertThat(FilebenchReport.text(result))
        .contains("Ops/s every 500 ms (fsbench)", "CPU (fsbench, the process): usr ")
        .contains("Dataset (fsbench): 80.0 KiB", "Warning: the dataset");
  }

  @Test
  void filesOnDiskMatchTheRotorsStateAfterARunToCompletion() throws IOException {
    String script =
        """
        define fileset name=set1,path=/tmp,size=100,entries=40,dirwidth=1000000,prealloc=50
        set mode quit alldone
        define process name=p,instances=1
        {
          thread name=t,instances=3
          {
            flowop createfile name=create,filesetname=set1,fd=1
            flowop closefile name=close,fd=1
            flowop deletefile name=delete,filesetname=set1
            flowop finishoncount name=done,value=3000
          }
        }
        run
        """;
    FilebenchRun run =
        FilebenchRun.prepare(WmlParser.parse("rotor.f", script), FilebenchOptions.in(dir).seed(3));
    FilebenchResult result = run.execute();

    assertThat(line(result, "create").ops()).isGreaterThan(5);
    assertFilesetMatchesDisk(run.filesets().get(0), dir);
  }

  /** Each entry exists on disk exactly when the model says so; none is busy or open. */
  private static void assertFilesetMatchesDisk(Fileset fileset, Path dir) throws IOException {
    EntryPool files = fileset.files();
    for (int i = 0; i < files.count(); i++) {
      assertThat(Files.exists(fileset.file(dir, i))).as("entry " + i).isEqualTo(files.exists(i));
      assertThat(files.busy(i)).as("entry " + i + " busy").isFalse();
      assertThat(files.openCount(i)).as("entry " + i + " open").isZero();
    }
    assertThat(countFiles(fileset.root(dir))).isEqualTo(files.existingCount());
  }

  @Test
  void appendfilerandWritesAMeanOfHalfItsIosize() throws IOException {
    String script =
        """
        define file name=log,path=/tmp,size=0,prealloc
        set mode quit alldone
        define process name=p,instances=1
        {
          thread name=t,memsize=1m,instances=1
          {
            flowop appendfilerand name=append,filesetname=log,iosize=1000
            flowop finishoncount name=done,value=20000
          }
        }
        run
        """;
    FilebenchResult result =
        FilebenchRun.run(WmlParser.parse("append.f", script), FilebenchOptions.in(dir).seed(11));

    FilebenchResult.FlowopLine append = line(result, "append");
    // the first op is the implicit open of the file on fd 0; the rest are uniform over [0, 999]
    long appends = append.ops() - 1;
    assertThat(appends).isGreaterThanOrEqualTo(19_999);
    double mean = append.bytes() / (double) appends;
    // sd of the mean: 288.7 / sqrt(20000) = 2.0 bytes; 5 sd either side
    assertThat(mean).isCloseTo(499.5, within(10.0));
    assertThat(sizeOfFiles(dir.resolve("log"))).isGreaterThanOrEqualTo(append.bytes());
  }

  @Test
  void ioSummaryIsComputedAsStatsCDoes() {
    FilebenchResult.IoSummary s =
        FilebenchResult.IoSummary.of(100, 30, 20, 10L << 20, 50_000_000L, 2.0);

    assertThat(s.opsPerSec()).isEqualTo(50.0);
    assertThat(s.readsPerSec()).isEqualTo(15.0);
    assertThat(s.writesPerSec()).isEqualTo(10.0);
    assertThat(s.mbPerSec()).isEqualTo(5.0);
    assertThat(s.msPerOp()).isEqualTo(0.5);
    assertThat(FilebenchReport.summary(s))
        .isEqualTo("IO Summary:   100 ops 50.000 ops/s 15/10 rd/wr   5.0mb/s 0.500ms/op");
  }

  @Test
  void nonIoFlowopsAreReportedButNotCountedInTheSummary() {
    String script =
        """
        define file name=f,path=/tmp,size=8k,prealloc
        set mode quit alldone
        define process name=p,instances=1
        {
          thread name=t,memsize=64k,instances=1
          {
            flowop read name=r,filesetname=f,iosize=4k,random
            flowop hog name=h,value=100
            flowop delay name=d,value=0
            flowop finishoncount name=done,target=r,value=500
          }
        }
        run
        """;
    FilebenchResult result =
        FilebenchRun.run(WmlParser.parse("mix.f", script), FilebenchOptions.in(dir));

    assertThat(line(result, "h").ops()).isGreaterThanOrEqualTo(499);
    // every op reads 4 KiB but the first, the implicit open (the statistics see every op)
    assertThat(line(result, "r").bytes()).isEqualTo(4096 * (line(result, "r").ops() - 1));
    // the summary's ops are the reads (and the implicit open), not hog, delay or finishoncount
    assertThat(result.summary().ops()).isEqualTo(line(result, "r").ops());
  }

  @Test
  void cancellationStopsEveryThreadAndLeavesNoFileOpen() throws IOException {
    long before = openDescriptors();
    long start = System.nanoTime();
    AtomicLong cancelledAt = new AtomicLong();
    FilebenchOptions options =
        FilebenchOptions.in(dir)
            .set("nfiles", "100")
            .set("nthreads", "8")
            .cancelled(
                () -> {
                  if (System.nanoTime() - start < Duration.ofMillis(1500).toNanos()) {
                    return false;
                  }
                  cancelledAt.compareAndSet(0, System.nanoTime());
                  return true;
                });

    assertThatThrownBy(() -> FilebenchRun.run(WmlParser.parse("varmail.f", VARMAIL), options))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("cancelled");

    // every thread stopped, and the run returned, within a second of the cancellation
    assertThat(Duration.ofNanos(System.nanoTime() - cancelledAt.get()))
        .isLessThan(Duration.ofSeconds(1));
    assertThat(descriptorsInto(dir)).isEmpty();
    assertThat(openDescriptors()).isLessThanOrEqualTo(before + 2); // a class loader may open a jar
    assertThat(Thread.getAllStackTraces().keySet())
        .noneMatch(t -> t.getName().startsWith("fsbench-filebench-") && t.isAlive());
  }

  @Test
  void refusesSystemBecauseItRunsAShell() {
    String script = "system \"rm -rf /\"\nrun 1\n";
    assertThatThrownBy(
            () -> FilebenchRun.run(WmlParser.parse("sys.f", script), FilebenchOptions.in(dir)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("sys.f:1")
        .hasMessageContaining("runs a shell");
  }

  @Test
  void refusesAWorkloadWithoutRunUnlessGivenARuntime() {
    String script = "echo \"nothing\"\n";
    assertThatThrownBy(
            () -> FilebenchRun.run(WmlParser.parse("norun.f", script), FilebenchOptions.in(dir)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("no run command");
  }

  @Test
  void overridesReplaceTheFilesSetsAndParseSizes() {
    assertThat(FilebenchRun.overrideValue("iosize", "16k"))
        .isEqualTo(new WmlScript.Value.Number(16384));
    assertThat(FilebenchRun.overrideValue("dir", "/mnt/x"))
        .isEqualTo(new WmlScript.Value.Text("/mnt/x"));
    assertThatThrownBy(() -> FilebenchRun.overrideValue("n", "99999999999999999999"))
        .hasMessageContaining("$n");
  }

  @Test
  void writewholefileWritesWholeIosizesPastTheFilesSizeAsFilebenchsLoopDoes() {
    String script =
        """
        define file name=f,path=/tmp,size=10,prealloc
        set mode quit alldone
        define process name=p,instances=1
        {
          thread name=t,instances=1
          {
            flowop writewholefile name=w,filesetname=f,iosize=4
            flowop finishoncount name=done,target=w,value=101
          }
        }
        run
        """;
    FilebenchResult result =
        FilebenchRun.run(WmlParser.parse("whole.f", script), FilebenchOptions.in(dir));

    FilebenchResult.FlowopLine w = line(result, "w");
    // each op writes 4 + 4 + 4 bytes for the 10-byte file; the first op is the implicit open
    assertThat(w.ops()).isGreaterThan(1);
    assertThat(w.bytes()).isEqualTo(12 * (w.ops() - 1));
  }

  @Test
  void deletefileOnAClosedFdDeletesTheFileLastOpenOnItAsFilebenchDoes() {
    // netsfs.f closes fd 1 and then deletes "fd=1": filebench keeps the fd's file after closing it
    String script =
        """
        define fileset name=s,path=/tmp,size=1k,entries=4,dirwidth=100,prealloc
        set mode quit firstdone
        define process name=p
        {
          thread name=t
          {
            flowop openfile name=open,filesetname=s,fd=1
            flowop closefile name=close,fd=1
            flowop deletefile name=delete,fd=1
          }
        }
        run 10
        """;
    FilebenchRun run =
        FilebenchRun.prepare(WmlParser.parse("closed.f", script), FilebenchOptions.in(dir));
    FilebenchResult result = run.execute();

    assertThat(line(result, "delete").ops()).isEqualTo(4);
    assertThat(run.filesets().get(0).files().existingCount()).isZero();
  }

  @Test
  void eventlimitPacesTheLoopAtTheEventgenRate() {
    String script =
        """
        eventgen rate=200
        define process name=p,instances=1
        {
          thread name=t,instances=2
          {
            flowop eventlimit name=limit
          }
        }
        run 2
        """;
    FilebenchResult result =
        FilebenchRun.run(WmlParser.parse("paced.f", script), FilebenchOptions.in(dir));

    double seconds = result.duration().toNanos() / 1e9;
    // the generator posts every 50 ms, so the last tick's events may not be taken yet
    assertThat(line(result, "limit").ops() / seconds).isBetween(200 * 0.9, 200 * 1.02);
    assertThat(result.summary().ops()).isZero(); // eventlimit is not an I/O flowop
  }

  @Test
  void psrunPrintsASummaryEveryInterval() {
    String script =
        """
        define file name=f,path=/tmp,size=64k,prealloc
        define process name=p,instances=1
        {
          thread name=t,memsize=64k,instances=1
          {
            flowop read name=r,filesetname=f,iosize=4k
          }
        }
        psrun 1 2
        """;
    List<String> lines = new ArrayList<>();
    FilebenchResult result =
        FilebenchRun.run(
            WmlParser.parse("ps.f", script), FilebenchOptions.in(dir).output(lines::add));

    assertThat(lines).anyMatch(l -> l.startsWith("IO Summary:"));
    assertThat(result.duration()).isGreaterThanOrEqualTo(Duration.ofMillis(1900));
    assertThat(line(result, "r").ops()).isPositive();
  }

  private static FilebenchResult.FlowopLine line(FilebenchResult result, String name) {
    return result.flowops().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
  }

  private static long countFiles(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile).count();
    }
  }

  private static long sizeOfFiles(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }

  /** The descriptors of this process open on files under {@code root}. */
  static List<Path> descriptorsInto(Path root) throws IOException {
    List<Path> into = new ArrayList<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : (Iterable<Path>) fds::iterator) {
        try {
          Path target = Files.readSymbolicLink(fd);
          if (target.startsWith(root)) {
            into.add(target);
          }
        } catch (IOException gone) {
          // closed while listing (the listing's own descriptor)
        }
      }
    }
    return into;
  }

  private static long openDescriptors() {
    String[] fds = new File("/proc/self/fd").list();
    return fds == null ? 0 : fds.length;
  }

  @Test
  void aRunAskedToFinishEndsLongBeforeItsTimeWithItsResultMarkedCutShort() throws IOException {
    String script =
        """
        define fileset name=reads,path=/tmp,size=4k,entries=20,dirwidth=100,prealloc=100
        define process name=p
        {
          thread name=t,memsize=1m,instances=2
          {
            flowop openfile name=open,filesetname=reads,fd=1
            flowop readwholefile name=read,fd=1,iosize=4k
            flowop closefile name=close,fd=1
          }
        }
        run 600
        """;
    io.fsbench.core.engine.FinishRequest finish = new io.fsbench.core.engine.FinishRequest();
    // asked as soon as the threads are let go, which the run announces with "Running..."
    FilebenchOptions options =
        FilebenchOptions.in(dir)
            .finishing(finish::whenRequested)
            .output(
                line -> {
                  if (line.equals("Running...")) {
                    finish.request();
                  }
                });

    FilebenchResult result = FilebenchRun.run(WmlParser.parse("reads.f", script), options);

    assertThat(result.cutShort()).isTrue();
    assertThat(result.duration()).isLessThan(Duration.ofSeconds(60));
    assertThat(result.metrics()).anyMatch(m -> m.name().equals("cut_short"));
  }

  @Test
  void aRunThatRanItsTimeIsNotCutShort() throws IOException {
    String script =
        """
        define fileset name=reads,path=/tmp,size=4k,entries=20,dirwidth=100,prealloc=100
        define process name=p
        {
          thread name=t,memsize=1m,instances=1
          {
            flowop openfile name=open,filesetname=reads,fd=1
            flowop closefile name=close,fd=1
          }
        }
        run 1
        """;

    FilebenchResult result =
        FilebenchRun.run(
            WmlParser.parse("reads.f", script),
            FilebenchOptions.in(dir).runtime(Duration.ofMillis(200)));

    assertThat(result.cutShort()).isFalse();
    assertThat(result.metrics()).noneMatch(m -> m.name().equals("cut_short"));
  }
}
