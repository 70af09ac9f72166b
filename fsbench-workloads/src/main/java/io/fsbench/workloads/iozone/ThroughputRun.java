package io.fsbench.workloads.iozone;

import io.fsbench.api.IozoneResult;
import io.fsbench.api.IozoneResult.Measurement;
import io.fsbench.api.IozoneSpec;
import io.fsbench.api.IozoneSpec.Test;
import io.fsbench.core.engine.Threads;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.nativeio.FileCalls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * IOzone's throughput mode ({@code -t N}, threads as {@code -T}): for each phase — initial writers,
 * rewriters, readers, re-readers, reverse readers, stride readers, random readers, random writers,
 * in {@code throughput_test}'s order — N threads, each on its own file, wait until all are ready,
 * are started together, and run the pass; the parent's time runs from the start until the last has
 * finished. With the stonewall, the first thread to finish makes the others take their figures
 * there: readers stop, writers finish their files (so that the readers that follow find them
 * whole), as in IOzone's {@code thread_*_test}.
 */
final class ThroughputRun {

  private final IozoneSpec spec;
  private final WorkloadContext context;
  private final IozoneSpec.Case size;

  ThroughputRun(IozoneSpec spec, WorkloadContext context) {
    this.spec = spec;
    this.context = context;
    this.size = spec.matrix().get(0);
  }

  IozoneResult run() throws IOException {
    List<IozoneResult.Throughput> phases = new ArrayList<>();
    List<String> columns = columns();
    for (int i = 0; i < columns.size(); i++) {
      phases.add(phase(columns.get(i)));
      context.failIfCancelled(spec.name());
      context.progress((i + 1) / (double) columns.size());
    }
    if (!spec.keepFiles()) {
      for (int t = 0; t < spec.threads(); t++) {
        Files.deleteIfExists(file(t));
      }
    }
    return new IozoneResult(spec, List.of(), phases, List.of());
  }

  private List<String> columns() {
    List<String> columns = new ArrayList<>();
    for (Test t : List.of(Test.WRITE, Test.READ, Test.BACKWARDS, Test.STRIDE)) {
      if (spec.tests().contains(t)) {
        columns.addAll(t.columns());
      }
    }
    if (spec.tests().contains(Test.RANDOM)) {
      columns.addAll(Test.RANDOM.columns());
    }
    return columns;
  }

  private Path file(int thread) {
    return context.directory().resolve(IozoneRunner.FILE + ".DUMMY." + thread);
  }

  private IozoneResult.Throughput phase(String column) throws IOException {
    FileCalls.syncfs(context.directory()); // IOzone syncs between phases
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch ready = new CountDownLatch(spec.threads());
    CountDownLatch go = new CountDownLatch(1);
    List<Child> children = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < spec.threads(); t++) {
      Stonewall wall = new Stonewall(stop, spec.stonewall(), context::nanoTime);
      FileTests tests =
          new FileTests(
              file(t),
              spec,
              size,
              FileTests.recordBuffer(size),
              context::nanoTime,
              context::cancelled,
              wall);
      Child child = new Child(tests, wall, column, ready, go);
      children.add(child);
      Thread thread = new Thread(child, "fsbench-iozone-" + t);
      thread.setDaemon(true);
      threads.add(thread);
    }
    threads.forEach(Thread::start);
    long start;
    try {
      ready.await();
      start = context.nanoTime();
      go.countDown();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while starting the iozone threads", e);
    } finally {
      go.countDown();
      Threads.joinAll(threads, () -> {});
    }
    long parent = context.nanoTime() - start;
    List<IozoneResult.Child> results = new ArrayList<>();
    for (Child c : children) {
      if (c.error != null) {
        throw c.error;
      }
      results.add(new IozoneResult.Child(c.wall.bytes(), c.wall.nanos(), c.done.bytes()));
    }
    return new IozoneResult.Throughput(column, size.recordSize(), results, parent);
  }

  /** One thread: waits for the start, runs its pass. */
  private static final class Child implements Runnable {
    private final FileTests tests;
    private final Stonewall wall;
    private final String column;
    private final CountDownLatch ready;
    private final CountDownLatch go;
    Measurement done = new Measurement("none", 0, 0, 0);
    IOException error;

    Child(FileTests tests, Stonewall wall, String column, CountDownLatch ready, CountDownLatch go) {
      this.tests = tests;
      this.wall = wall;
      this.column = column;
      this.ready = ready;
      this.go = go;
    }

    @Override
    public void run() {
      try {
        ready.countDown();
        go.await();
        done = pass();
      } catch (IOException e) {
        error = e;
      } catch (RuntimeException e) {
        error = new IOException(e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    private Measurement pass() throws IOException {
      return switch (column) {
        case "write" -> tests.write(column, false, true);
        case "rewrite" -> tests.write(column, false, false);
        case "read", "reread" -> tests.read(column, true);
        case "bkwd-read" -> tests.backwards();
        case "stride-read" -> tests.stride();
        case "random-read" -> tests.random(column, false);
        case "random-write" -> tests.random(column, true);
        default -> throw new IllegalStateException("no throughput phase " + column);
      };
    }
  }
}
