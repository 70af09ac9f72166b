package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.core.nativeio.IoMechanism;
import io.fsbench.core.nativeio.IoQueues;
import io.fsbench.core.nativeio.MechanismStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** aiowrite and aiowait as filebench 1.5 runs them on Linux, on libaio and on the thread pool. */
class FilebenchAioTest {

  /** oltp.f's three kinds of thread, with few of them and small files. */
  static final String OLTP_LIKE =
      """
      set $iosize=2k
      define fileset name=tables,path=/tmp,size=1m,entries=4,dirwidth=1024,prealloc=100,reuse
      define fileset name=redolog,path=/tmp,size=1m,entries=1,dirwidth=1024,prealloc=100,reuse
      define process name=logwriter,instances=1
      {
        thread name=logwriter,memsize=1m,useism
        {
          flowop aiowrite name=log-append,filesetname=redolog,iosize=256k,random,dsync
          flowop aiowait name=log-reap
          flowop semblock name=log-gate,value=32,highwater=10
        }
      }
      define process name=tablewriter,instances=2
      {
        thread name=tablewriter,memsize=1m,useism
        {
          flowop aiowrite name=table-write,filesetname=tables,iosize=$iosize,random,iters=100,dsync
          flowop hog name=table-cpu,value=10000
          flowop semblock name=table-gate,value=10,highwater=20
          flowop aiowait name=table-reap
        }
      }
      define process name=query,instances=4
      {
        thread name=query,memsize=1m,useism
        {
          flowop read name=query-read,filesetname=tables,iosize=$iosize,random
          flowop hog name=query-cpu,value=2000
          flowop sempost name=query-to-log,value=1,target=log-gate,blocking
          flowop sempost name=query-to-table,value=1,target=table-gate,blocking
        }
      }
      run 60
      """;

  /** One thread that a test drives flowop by flowop. */
  static final String ONE_WRITER =
      """
      define file name=data,path=/tmp,size=1m,prealloc
      define process name=p,instances=1
      {
        thread name=t,memsize=1m
        {
          flowop aiowrite name=w,filesetname=data,iosize=4k,random
          flowop aiowait name=reap,target=nothing
          flowop closefile name=close
        }
      }
      run 1
      """;

  @TempDir Path temp;
  Path dir;

  @BeforeEach
  void makeDirectory() throws IOException {
    dir = Files.createDirectories(temp.resolve("fsbench-filebench"));
  }

  @Test
  void aiowriteCountsIosizeBytesPerWriteAndAiowaitCountsOpsOfNoBytes() throws IOException {
    List<String> output = new ArrayList<>();
    FilebenchResult result =
        FilebenchRun.run(
            WmlParser.parse("oltp-like.f", OLTP_LIKE),
            FilebenchOptions.in(dir).runtime(Duration.ofSeconds(1)).output(output::add));

    FilebenchResult.FlowopLine log = line(result, "log-append");
    FilebenchResult.FlowopLine table = line(result, "table-write");
    FilebenchResult.FlowopLine reaps = line(result, "table-reap");
    // each thread's first aiowrite opens its file (an op of 0 bytes); every other op is a write
    assertThat(log.ops()).isGreaterThan(1);
    assertThat(log.bytes()).isEqualTo(256 * 1024 * (log.ops() - 1));
    assertThat(table.ops()).isGreaterThan(2);
    assertThat(table.bytes()).isEqualTo(2048 * (table.ops() - 2));
    assertThat(reaps.ops()).isPositive();
    assertThat(reaps.bytes()).isZero();
    assertThat(line(result, "log-reap").bytes()).isZero();
    // aio flowops are ops of the summary (FLOW_TYPE_AIO); aiowrite counts as a write
    long ioOps =
        result.flowops().stream()
            .filter(f -> f.name().contains("append") || f.name().contains("write"))
            .mapToLong(FilebenchResult.FlowopLine::ops)
            .sum();
    long waits = line(result, "log-reap").ops() + reaps.ops();
    assertThat(result.summary().ops()).isEqualTo(ioOps + waits + line(result, "query-read").ops());
    assertThat(output).contains(AsyncWrites.choose().note());
    // the writes were random and inside the files: nothing grew
    try (Stream<Path> files = Files.walk(dir)) {
      assertThat(files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()))
          .containsOnly(1L << 20);
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = IoMechanism.class,
      names = {"LIBAIO", "THREAD_POOL"})
  void aiowaitTakesHalfOfTheCompletedWritesAndAtLeastOne(IoMechanism mechanism) throws Exception {
    Driven t = drive(mechanism);
    Flowop write = t.flowop("w");
    Flowop reap = t.flowop("reap");
    try {
      for (int i = 0; i < 10; i++) {
        assertThat(t.thread.execute(write)).isEqualTo(ThreadFlow.OK);
      }
      assertThat(t.thread.writes().outstanding()).isEqualTo(10);
      t.thread.writes().settle(reap); // every write complete: aiowait's rule alone decides

      List<Integer> left = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        t.thread.execute(reap);
        left.add(t.thread.writes().outstanding());
      }

      assertThat(left).containsExactly(5, 3, 2, 1, 0, 0);
      assertThat(write.stats.count()).isEqualTo(11); // the implicit open and 10 writes
      assertThat(write.stats.bytes()).isEqualTo(10 * 4096);
      assertThat(reap.stats.count()).isEqualTo(6);
      assertThat(reap.stats.bytes()).isZero();
    } finally {
      t.thread.release();
    }
  }

  @Test
  void aiowaitTakesAtMostMaxReapAndGoesOnWhileMoreRemain() throws Exception {
    Driven t = drive(IoMechanism.THREAD_POOL);
    Flowop write = t.flowop("w");
    Flowop reap = t.flowop("reap");
    try {
      for (int i = 0; i < 9000; i++) {
        t.thread.execute(write);
      }
      t.thread.writes().settle(reap);

      t.thread.execute(reap); // 9000 -> 4904 -> 808: two rounds, one op
      assertThat(t.thread.writes().outstanding()).isEqualTo(808);
      assertThat(reap.stats.count()).isEqualTo(1);
      t.thread.execute(reap);
      assertThat(t.thread.writes().outstanding()).isEqualTo(404);
    } finally {
      t.thread.release();
    }
  }

  @Test
  void aiowaitWithNothingOutstandingIsAnOpThatTakesNothing() throws Exception {
    Driven t = drive(IoMechanism.THREAD_POOL);
    Flowop reap = t.flowop("reap");
    try {
      t.thread.execute(reap);

      assertThat(t.thread.writes().outstanding()).isZero();
      assertThat(reap.stats.count()).isEqualTo(1);
    } finally {
      t.thread.release();
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = IoMechanism.class,
      names = {"LIBAIO", "THREAD_POOL"})
  void releaseWaitsForTheWritesInFlightThenClosesQueueAndFiles(IoMechanism mechanism)
      throws Exception {
    long contexts = aioContexts();
    Driven t = drive(mechanism);
    Flowop write = t.flowop("w");
    for (int i = 0; i < 500; i++) {
      t.thread.execute(write);
    }
    assertThat(t.thread.writes().outstanding()).isEqualTo(500);
    boolean libaio = mechanism == IoMechanism.LIBAIO;
    assertThat(aioContexts()).isEqualTo(contexts + (libaio ? 1 : 0));
    assertThat(liveThreads("fsbench-io-slot-"))
        .isEqualTo(libaio ? 0 : AsyncWrites.THREAD_POOL_DEPTH);

    t.thread.release();

    assertThat(t.thread.writes().inFlight()).isZero();
    assertThat(aioContexts()).isEqualTo(contexts);
    assertThat(FilebenchRunTest.descriptorsInto(dir)).isEmpty();
    assertThat(liveThreads("fsbench-io-slot-")).isZero();
    assertThat(t.files.get(0).files().openCount(0)).isZero();
    assertThat(Files.size(t.files.get(0).file(dir, 0))).isEqualTo(1L << 20);
  }

  @Test
  void closefileWaitsForTheThreadsWritesBeforeItClosesTheirDescriptor() throws Exception {
    Driven t = drive(IoMechanism.THREAD_POOL);
    try {
      for (int i = 0; i < 100; i++) {
        t.thread.execute(t.flowop("w"));
      }
      t.thread.execute(t.flowop("close"));

      assertThat(t.thread.writes().inFlight()).isZero();
      assertThat(t.thread.writes().outstanding()).isEqualTo(100); // complete, still on the list
    } finally {
      t.thread.release();
    }
  }

  @Test
  void cancellationReleasesEveryAioContextThreadAndDescriptor() throws IOException {
    long contexts = aioContexts();
    long start = System.nanoTime();
    AtomicLong cancelledAt = new AtomicLong();
    FilebenchOptions options =
        FilebenchOptions.in(dir)
            .cancelled(
                () -> {
                  if (System.nanoTime() - start < Duration.ofMillis(1500).toNanos()) {
                    return false;
                  }
                  cancelledAt.compareAndSet(0, System.nanoTime());
                  return true;
                });

    assertThatThrownBy(() -> FilebenchRun.run(WmlParser.parse("oltp-like.f", OLTP_LIKE), options))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("cancelled");

    assertThat(Duration.ofNanos(System.nanoTime() - cancelledAt.get()))
        .isLessThan(Duration.ofSeconds(1));
    assertThat(aioContexts()).isEqualTo(contexts);
    assertThat(FilebenchRunTest.descriptorsInto(dir)).isEmpty();
    assertThat(liveThreads("fsbench-filebench-")).isZero();
    assertThat(liveThreads("fsbench-io-slot-")).isZero();
  }

  @Test
  void refusesASequentialAiowriteAsFilebenchFailsIt() {
    String script =
        """
        define file name=f,path=/tmp,size=1m,prealloc
        define process name=p { thread name=t { flowop aiowrite name=w,filesetname=f,iosize=4k } }
        run 1
        """;

    assertThatThrownBy(
            () -> FilebenchRun.run(WmlParser.parse("aio.f", script), FilebenchOptions.in(dir)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("aio.f:2")
        .hasMessageContaining("aiowrite w")
        .hasMessageContaining("add random");
  }

  @Test
  void refusesAioreadWhichFilebenchDoesNotHave() {
    String script =
        """
        define file name=f,path=/tmp,size=1m,prealloc
        define process name=p { thread name=t { flowop aioread name=r,filesetname=f,iosize=4k } }
        run 1
        """;

    assertThatThrownBy(
            () -> FilebenchRun.run(WmlParser.parse("aio.f", script), FilebenchOptions.in(dir)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("aioread")
        .hasMessageContaining("use read");
  }

  @Test
  void choosesLibaioWhereTheHostHasItAndSaysWhyNotOtherwise() {
    MechanismStatus libaio =
        IoQueues.statuses().stream()
            .filter(s -> s.mechanism() == IoMechanism.LIBAIO)
            .findFirst()
            .orElseThrow();

    AsyncWrites.Choice choice = AsyncWrites.choose();

    if (libaio.available()) {
      assertThat(choice.mechanism()).isEqualTo(IoMechanism.LIBAIO);
      assertThat(choice.note()).contains("libaio");
    } else {
      assertThat(choice.mechanism()).isEqualTo(IoMechanism.THREAD_POOL);
      assertThat(choice.note()).contains("thread pool").contains(libaio.reason());
    }
  }

  // ---- helpers ----

  /** The one thread of {@link #ONE_WRITER}, its filesets made, ready to be driven. */
  private record Driven(ThreadFlow thread, List<Fileset> files) {
    Flowop flowop(String name) {
      return thread.flowops().stream().filter(f -> f.name.equals(name)).findFirst().orElseThrow();
    }
  }

  private Driven drive(IoMechanism mechanism) {
    if (mechanism == IoMechanism.LIBAIO) {
      Assumptions.assumeTrue(
          AsyncWrites.choose().mechanism() == IoMechanism.LIBAIO, AsyncWrites.choose().note());
    }
    WmlScript script = WmlParser.parse("one.f", ONE_WRITER);
    FilesetDefinitions definitions = FilesetDefinitions.read(script, 1);
    List<Fileset> filesets = definitions.build();
    for (Fileset fileset : filesets) {
      FilesetPopulator.standard(() -> false).populate(fileset, dir);
    }
    List<WmlScript.DefineProcess> processes =
        script.commands().stream()
            .filter(c -> c instanceof WmlScript.DefineProcess)
            .map(c -> (WmlScript.DefineProcess) c)
            .toList();
    ThreadPlan plan =
        ThreadPlan.make(
            processes,
            List.of(),
            definitions.variables(),
            filesets,
            dir,
            "one.f",
            new SplittableRandom(1));
    RunControl control =
        new RunControl(
            () -> false,
            RunControl.QuitMode.TIMEOUT,
            Optional.empty(),
            plan.semaphores(),
            plan.wakeups());
    return new Driven(plan.threads(control, mechanism).get(0), filesets);
  }

  private static FilebenchResult.FlowopLine line(FilebenchResult result, String name) {
    return result.flowops().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
  }

  /** The libaio contexts of this process: each maps its ring as {@code [aio]}. */
  private static long aioContexts() throws IOException {
    try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
      return maps.filter(l -> l.contains("[aio]")).count();
    }
  }

  private static long liveThreads(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith(prefix) && t.isAlive())
        .count();
  }
}
