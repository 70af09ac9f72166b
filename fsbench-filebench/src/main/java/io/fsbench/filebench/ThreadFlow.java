package io.fsbench.filebench;

import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.IoMechanism;
import io.fsbench.core.nativeio.NativeBuffer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One filebench thread ({@code threadflow.c: threadflow_createthread}, {@code flowop.c:
 * flowop_start}): its {@code memsize} buffer (direct, page-aligned, zeroed), its table of open
 * files, and the loop over its flowops, each run {@code iters} times, until the run stops, a flowop
 * fails (the run fails) or runs out of resources (the thread ends, and the run as {@code set mode
 * quit} says). When it ends, however it ends, its asynchronous writes in flight are waited for and
 * their queue released, then every file it holds open is closed.
 *
 * <p>Timing is filebench's: {@link #begin} and {@link #end} around the operation, with {@code
 * System.nanoTime}; as in {@code flowop_beginop}/{@code flowop_endop} the start time is the
 * thread's, so a flowop that ends without beginning (a limit whose bucket is not empty) records the
 * time since the thread's last begin, as filebench's does.
 */
final class ThreadFlow implements Runnable {

  /** filebench's {@code THREADFLOW_MAXFD}: fd numbers 0 to 127. */
  static final int MAX_FD = 128;

  static final int OK = 0;
  static final int NO_RESOURCE = 1;

  private static final VarHandle BYTES = MethodHandles.arrayElementVarHandle(byte[].class);

  final String name;
  final RunControl control;
  final SplittableRandom random;
  private final List<Flowop> flowops;
  private final NativeBuffer memory;
  private final int memsize;
  private final byte[] hogTarget = new byte[1];
  private final AsyncWrites writes;
  private final FileFlowops files;
  private final AioFlowops aio;
  private final SyncFlowops sync;
  private long startNanos;
  private String noResource;
  private Flowop current; // the flowop running, inner ones of composites included

  ThreadFlow(
      String name,
      List<Flowop> flowops,
      long memsize,
      RunControl control,
      long seed,
      Path directory,
      IoMechanism aioMechanism) {
    // memsize was checked by ThreadPlan.make, so that a check finds it before any file is made
    this.name = name;
    this.flowops = List.copyOf(flowops);
    this.control = control;
    this.random = new SplittableRandom(seed);
    this.memsize = (int) memsize;
    this.memory = memsize == 0 ? null : NativeBuffer.wrap(AlignedBuffers.allocate((int) memsize));
    this.writes = new AsyncWrites(aioMechanism);
    this.files = new FileFlowops(this, directory, writes);
    this.aio = new AioFlowops(this, files, writes);
    this.sync = new SyncFlowops(this);
  }

  List<Flowop> flowops() {
    return flowops;
  }

  @Override
  public void run() {
    try {
      loop();
    } catch (InterruptedException e) {
      if (!control.getAsBoolean()) {
        control.fail("thread " + name + " was interrupted");
      }
    } catch (FlowopFailure e) {
      control.fail(e.getMessage());
    } catch (RuntimeException | Error e) {
      // a bug in fsbench, not in the workload: say so, with what a report needs
      control.fail(
          "thread "
              + name
              + " failed with an internal error, a bug in fsbench rather than in the workload ("
              + e
              + "); please report it with the workload file");
    } finally {
      release();
    }
  }

  /** Releases what the thread holds: its asynchronous writes first, then its open files. */
  void release() {
    try {
      writes.close(); // first: the writes in flight use the thread's buffers and descriptors
    } catch (RuntimeException e) {
      control.fail("thread " + name + " could not release its asynchronous I/O: " + e.getMessage());
    } finally {
      files.closeAll();
    }
  }

  /** The thread's list of asynchronous writes (filebench's {@code tf_aiolist}). */
  AsyncWrites writes() {
    return writes;
  }

  private void loop() throws InterruptedException {
    if (flowops.isEmpty()) {
      return; // flowop_start: a thread without flowops ends at once
    }
    while (!control.getAsBoolean()) {
      for (Flowop flowop : flowops) {
        long iterations = Flowop.draw(flowop.iters);
        for (long i = 0; i < iterations; i++) {
          if (execute(flowop) == NO_RESOURCE) {
            control.threadFinished(current.where + "flowop " + current.name, noResource);
            return;
          }
          if (control.getAsBoolean()) {
            return;
          }
        }
      }
    }
  }

  /** Runs one flowop once: OK, or NO_RESOURCE when it ran out. */
  int execute(Flowop f) throws InterruptedException {
    current = f;
    return switch (f.type) {
      case READ -> files.read(f);
      case WRITE -> files.write(f);
      case OPENFILE -> files.openfile(f);
      case CREATEFILE -> files.createfile(f);
      case CLOSEFILE -> files.closefile(f);
      case DELETEFILE -> files.deletefile(f);
      case STATFILE -> files.statfile(f);
      case FSYNC -> files.fsync(f);
      case FSYNCSET -> files.fsyncset(f);
      case READWHOLEFILE -> files.readwholefile(f);
      case WRITEWHOLEFILE -> files.writewholefile(f);
      case AIOWRITE -> aio.aiowrite(f);
      case AIOWAIT -> aio.aiowait(f);
      case APPENDFILE -> files.appendfile(f);
      case APPENDFILERAND -> files.appendfilerand(f);
      case MAKEDIR -> files.makedir(f);
      case REMOVEDIR -> files.removedir(f);
      case LISTDIR -> files.listdir(f);
      case HOG -> hog(f);
      case DELAY -> sync.delay(f);
      case SEMBLOCK -> sync.semblock(f);
      case SEMPOST -> sync.sempost(f);
      case BLOCK -> sync.block(f);
      case WAKEUP -> sync.wakeup(f);
      case EVENTLIMIT -> sync.eventlimit(f);
      case IOPSLIMIT, OPSLIMIT, BWLIMIT -> sync.limit(f);
      case FINISHONCOUNT, FINISHONBYTES -> sync.finish(f);
      case COMPOSITE -> composite(f);
    };
  }

  /**
   * flowop_composite: one pass over the composite's flowops, each {@code iters} times; an inner
   * flowop that runs out ends the pass and the thread, the flowop that ran out named.
   */
  private int composite(Flowop f) throws InterruptedException {
    for (Flowop inner : f.inner) {
      long iterations = Flowop.draw(inner.iters);
      for (long i = 0; i < iterations; i++) {
        if (control.getAsBoolean()) {
          return OK;
        }
        if (execute(inner) == NO_RESOURCE) {
          return NO_RESOURCE;
        }
      }
    }
    return OK;
  }

  /** flowoplib_hog: {@code value} stores to the thread's memory, a CPU burn. */
  private int hog(Flowop f) {
    long value = Flowop.draw(f.value);
    begin();
    for (long i = 0; i < value; i++) {
      BYTES.setOpaque(hogTarget, 0, (byte) 1); // opaque: the JIT may not fold the stores away
    }
    end(f, 0);
    return OK;
  }

  void begin() {
    startNanos = System.nanoTime();
  }

  void end(Flowop f, long bytes) {
    long nanos = System.nanoTime() - startNanos;
    f.stats.record(Math.max(0, nanos), bytes);
    control.add(f.type, bytes);
  }

  /** Ends the thread's loop because {@code why}: filebench's FILEBENCH_NORSC. */
  int noResource(String why) {
    noResource = why;
    return NO_RESOURCE;
  }

  /**
   * The I/O buffer of {@code f} for {@code iosize} bytes ({@code flowoplib_iobufsetup}): at a
   * random place in the thread's memory, or with memsize 0 a buffer of the flowop's own. Returns
   * the offset in {@link #buffer(Flowop)}.
   */
  int bufferOffset(Flowop f, long iosize) {
    if (iosize <= 0) {
      throw new FlowopFailure(f, "iosize is 0; give the flowop iosize=...");
    }
    long needed = f.directio ? iosize + AlignedBuffers.ALIGNMENT : iosize;
    if (memory == null) {
      f.ownBuffer(needed);
      return 0;
    }
    if (memsize < needed) {
      throw new FlowopFailure(
          f,
          "iosize ("
              + iosize
              + ") does not fit in its thread's memsize ("
              + memsize
              + "): raise the thread's memsize");
    }
    long offset = uniformRounded(memsize, needed);
    return f.directio ? (int) (offset & -AlignedBuffers.ALIGNMENT) : (int) offset;
  }

  NativeBuffer buffer(Flowop f) {
    return memory == null ? f.ownBuffer() : memory;
  }

  /**
   * {@code fb_random64(max, round)}: uniform over [0, max - round], rounded down to a multiple of
   * {@code round}.
   */
  long uniformRounded(long max, long round) {
    long r = random.nextLong(max - round + 1);
    return round > 1 ? r - r % round : r;
  }
}
