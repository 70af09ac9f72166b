package io.fsbench.workloads.bonnie;

import io.fsbench.api.BonnieResult.Test;
import io.fsbench.api.BonnieResult.TestResult;
import io.fsbench.api.FsBenchException;
import io.fsbench.core.engine.Threads;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.core.nativeio.OpenFlag;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * bonnie++'s random seeks ({@code CFileOp::seek_test}, {@code action}, {@code doseek}): {@code
 * seeks} tickets drawn from rand() before the threads start (a ticket divisible by 10 is negated:
 * that seek rewrites its block), then {@code seek_procs} threads, each with its own {@code O_RDWR}
 * descriptor, take tickets until an end marker: lseek to chunk {@code |ticket| mod chunks}, read
 * it, and for a negated ticket change a byte, lseek back and write it (and fsync with {@code -b}).
 * Each thread times itself from its first ticket to after its Close (fsync, close); the test runs
 * from the first thread's start to the last one's stop, and its CPU is the sum of each thread's
 * process CPU over its own interval, as bonnie++ adds up its seekers' {@code CPU_Duration}s.
 */
final class SeekTest {

  /** bonnie++'s {@code END_SEEK_PROCESS}. */
  private static final int END = Integer.MIN_VALUE;

  private final Path file;
  private final int chunk;
  private final long chunks;
  private final int seeks;
  private final int procs;
  private final boolean fsync;
  private final LongSupplier clock;

  SeekTest(BonnieRun run, LongSupplier clock) {
    this.file = run.ioFile();
    this.chunk = (int) run.spec().chunkSize().bytes();
    this.chunks = run.fileSize().bytes() / chunk;
    this.seeks = run.spec().seeks();
    this.procs = run.spec().seekProcs();
    this.fsync = run.spec().fsync();
    this.clock = clock;
  }

  /** The tickets, in bonnie++'s order and with its signs, then one end marker per thread. */
  static int[] tickets(GlibcRand random, int seeks, int procs) {
    int[] tickets = new int[seeks + procs];
    for (int i = 0; i < seeks; i++) {
      int t = random.next();
      tickets[i] = t % 10 == 0 ? -t : t; // 0 stays 0, and so is not an update, as in bonnie++
    }
    for (int i = seeks; i < tickets.length; i++) {
      tickets[i] = END;
    }
    return tickets;
  }

  /** Runs the threads; {@code updates} receives the count of rewritten seeks. */
  TestResult run(GlibcRand random, long[] updates) throws IOException {
    int[] tickets = tickets(random, seeks, procs);
    AtomicInteger next = new AtomicInteger();
    CountDownLatch ready = new CountDownLatch(procs);
    CountDownLatch go = new CountDownLatch(1);
    List<Seeker> seekers = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < procs; i++) {
      Seeker s = new Seeker(tickets, next, ready, go);
      seekers.add(s);
      Thread t = new Thread(s, "fsbench-bonnie-seeker-" + i);
      t.setDaemon(true);
      threads.add(t);
    }
    // bonnie++'s seek_test reopens the file before starting the seekers and Closes it (fsync,
    // close) once the tickets are written, while they seek.
    NativeFile main = NativeFile.open(file, OpenFlag.READ_WRITE);
    threads.forEach(Thread::start);
    try {
      ready.await(); // bonnie++ sleeps 3 s for this; fsbench waits until each has its file open
      go.countDown();
      main.fsync();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "bonnie was interrupted");
    } finally {
      go.countDown();
      closeQuietly(main);
      Threads.joinAll(threads, () -> {});
    }
    return result(seekers, updates);
  }

  private TestResult result(List<Seeker> seekers, long[] updates) throws IOException {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    Duration cpu = Duration.ZERO;
    long maxOp = 0;
    long done = 0;
    long writes = 0;
    long syncs = 0;
    for (Seeker s : seekers) {
      if (s.error != null) {
        throw s.error;
      }
      first = Math.min(first, s.start);
      last = Math.max(last, s.stop);
      cpu = cpu.plus(s.cpu);
      maxOp = Math.max(maxOp, s.maxOp);
      done += s.seeks;
      writes += s.writes;
      syncs += s.fsyncs;
    }
    updates[0] = writes;
    return new TestResult(
        Test.SEEKS,
        seeks,
        Duration.ofNanos(last - first),
        cpu,
        Duration.ofNanos(maxOp),
        done,
        done * chunk,
        writes * chunk,
        syncs);
  }

  /** One of bonnie++'s seeker threads. */
  private final class Seeker implements Runnable {
    private final int[] tickets;
    private final AtomicInteger next;
    private final CountDownLatch ready;
    private final CountDownLatch go;
    private final ByteBuffer buffer = AlignedBuffers.allocate(chunk);
    IOException error;
    long start;
    long stop;
    Duration cpu = Duration.ZERO;
    long maxOp;
    long seeks;
    long writes;
    long fsyncs;

    Seeker(int[] tickets, AtomicInteger next, CountDownLatch ready, CountDownLatch go) {
      this.tickets = tickets;
      this.next = next;
      this.ready = ready;
      this.go = go;
    }

    @Override
    public void run() {
      NativeFile fd = null;
      boolean counted = false;
      try {
        fd = NativeFile.open(file, OpenFlag.READ_WRITE);
        ready.countDown();
        counted = true;
        go.await();
        int ticket = tickets[next.getAndIncrement()];
        start = clock.getAsLong();
        Duration cpuStart = Stopwatch.processCpu();
        while (ticket != END) {
          long opStart = clock.getAsLong();
          seek(fd, ticket);
          maxOp = Math.max(maxOp, clock.getAsLong() - opStart);
          ticket = tickets[next.getAndIncrement()];
        }
        fd.fsync();
        fsyncs++;
        fd.close();
        stop = clock.getAsLong();
        cpu = Stopwatch.processCpu().minus(cpuStart);
      } catch (IOException e) {
        error = e;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        error = new IOException("a seeker was interrupted", e);
      } finally {
        if (!counted) {
          ready.countDown(); // a thread that failed to open must not leave the others waiting
        }
        closeQuietly(fd);
      }
    }

    /** bonnie++'s {@code doseek}. */
    private void seek(NativeFile fd, int ticket) throws IOException {
      boolean update = ticket < 0;
      long where = Math.abs((long) ticket) % chunks;
      fd.seek(where * chunk, false);
      readBlock(fd);
      seeks++;
      if (update) {
        int at = (int) (where % chunk);
        buffer.put(at, (byte) (buffer.get(at) - 1));
        fd.seek(where * chunk, false);
        buffer.clear();
        if (fd.write(buffer) != chunk) {
          throw new IOException(file + ": can't write block " + where);
        }
        writes++;
        if (fsync) {
          fd.fsync();
          fsyncs++;
        }
      }
    }

    private void readBlock(NativeFile fd) throws IOException {
      buffer.clear();
      while (buffer.hasRemaining()) {
        if (fd.read(buffer) == 0) {
          throw new IOException(file + ": can't read a full block, only got " + buffer.position());
        }
      }
    }
  }

  private static void closeQuietly(NativeFile fd) {
    if (fd != null) {
      try {
        fd.close();
      } catch (IOException e) {
        // the failure under way is the one to report
      }
    }
  }
}
