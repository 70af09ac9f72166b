package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.RandomGenerator;
import io.fsbench.api.VerifyMethod;
import io.fsbench.api.VerifySettings;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.NativeIoException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * fio's verify for one job clone ({@code verify.c}, {@code backend.c do_verify}, {@code iolog.c
 * log_io_piece}): a writing job logs each write before it is issued, and reads the logged blocks
 * back and checks them after each pass, and, with {@code verify_backlog}, while it writes; a job
 * that only reads checks every block it reads. The verify reads are the job's reads: they count in
 * its read bytes, I/Os and latencies, as in fio's JSON. The first bad block fails the run with the
 * file, the offset and what differed, as fio reports it.
 */
final class Verifier {

  /** Where verify reads are accounted: the clone's read statistics. */
  interface Reads {
    void completed(long bytes, long offset, long clatNanos, long latNanos, long doneNanos);
  }

  /** One logged write, fio's {@code io_piece}. */
  private record Piece(IoFile file, long offset, int length, int numberio) {}

  private final JobSpec spec;
  private final VerifySettings settings;
  private final WriteContent content;
  private final LongSupplier clock;
  private final Reads reads;
  private final ByteBuffer buffer;
  private final boolean logsWrites;
  // fio keeps a list in write order when the file has a random map, else a tree by offset in
  // which a newer write replaces the older ones it overlaps
  private final ArrayDeque<Piece> list = new ArrayDeque<>();
  private final Map<IoFile, TreeMap<Long, Piece>> tree = new java.util.LinkedHashMap<>();
  private final boolean inWriteOrder;
  private final IoErrors errors;
  private int logged;
  private long pendingBytes;
  private long batchLeft;
  private boolean lastWasRead;
  private boolean halted;

  Verifier(
      JobSpec spec,
      List<IoFile> files,
      WriteContent content,
      LongSupplier clock,
      Reads r,
      IoErrors errors) {
    this.spec = spec;
    this.errors = errors;
    this.settings = spec.verifySettings();
    this.content = content;
    this.clock = clock;
    this.reads = r;
    this.buffer = AlignedBuffers.allocate(BlockSizes.maxBlockSize(spec));
    this.logsWrites =
        spec.verify() != VerifyMethod.NONE && spec.rw().writes() && settings.doVerify();
    // fsbench's map counts in the job's smallest size and aligns a larger write down to its own
    // size, so such a write may land on a block written before: then the newest write of each
    // block is what is read back, as fio's tree keeps it
    this.inWriteOrder =
        spec.rw().isRandom()
            && spec.randomMap()
            && spec.randomGenerator() != RandomGenerator.LFSR
            && BlockSizes.minBlockSize(spec) == smallestWrite(spec);
    for (IoFile f : files) {
      tree.put(f, new TreeMap<>());
    }
  }

  private static long smallestWrite(JobSpec spec) {
    return spec.writeBlockSize().splits().stream()
        .mapToLong(split -> split.size().bytes())
        .min()
        .orElseThrow();
  }

  /**
   * fio's {@code verify_interval} after {@code fixup_options}: at most the smallest write (or read)
   * and a divisor of the write sizes, else the block size.
   */
  static int interval(JobSpec spec) {
    long min = Long.MAX_VALUE;
    long max = 0;
    for (var s : spec.writeBlockSize().splits()) {
      min = Math.min(min, s.size().bytes());
      max = Math.max(max, s.size().bytes());
    }
    long interval = spec.verifySettings().interval().bytes();
    if (interval > min) {
      interval = min;
    }
    if (interval == 0 || min % interval != 0 || max % interval != 0) {
      interval = gcd(min, max);
    }
    return (int) interval;
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  /** The bytes logged and not yet verified: what the next verify will read. */
  long pendingBytes() {
    return pendingBytes;
  }

  /** Whether this clone logs its writes for a verify read-back. */
  boolean logsWrites() {
    return logsWrites;
  }

  /** Whether every read of this job is checked (a job that only reads, with verify). */
  boolean checksReads() {
    return spec.verify() != VerifyMethod.NONE && !spec.rw().writes();
  }

  /** fio's {@code log_io_piece}: a write at {@code offset}, about to be issued. */
  void logWrite(IoFile file, long offset, int length) {
    lastWasRead = false;
    Piece p = new Piece(file, offset, length, content.numberio());
    if (inWriteOrder) {
      list.add(p);
      logged++;
      pendingBytes += length;
      return;
    }
    TreeMap<Long, Piece> pieces = tree.get(file);
    Map.Entry<Long, Piece> before = pieces.floorEntry(offset);
    if (before != null && before.getValue().offset() + before.getValue().length() > offset) {
      pieces.remove(before.getKey());
      logged--;
      pendingBytes -= before.getValue().length();
    }
    while (true) {
      Map.Entry<Long, Piece> after = pieces.ceilingEntry(offset);
      if (after == null || after.getKey() >= offset + length) {
        break;
      }
      pieces.remove(after.getKey());
      logged--;
      pendingBytes -= after.getValue().length();
    }
    pieces.put(offset, p);
    logged++;
    pendingBytes += length;
  }

  /**
   * A read of a job that also writes (rw, randrw), issued: fio checks none of them (only the reads
   * of its verify list, {@code do_io}'s {@code IO_U_F_VER_LIST} test), but a read as the last I/O
   * holds back the next backlog batch, as it does a verify read.
   */
  void read() {
    lastWasRead = true;
  }

  /**
   * fio's {@code check_get_verify}, asked before each new I/O: with {@code verify_backlog}, once
   * the log holds a multiple of it and the last I/O was no read (fio's {@code last_ddir}: a verify
   * read, or a mixed job's own read) a batch of verify reads starts; returns whether the next I/O
   * is one.
   */
  boolean backlogDue() {
    if (settings.backlog() == 0 || logged == 0 || halted) {
      return false;
    }
    if (batchLeft == 0 && logged % settings.backlog() == 0 && !lastWasRead) {
      batchLeft = settings.backlogBatch() == 0 ? settings.backlog() : settings.backlogBatch();
    }
    return batchLeft > 0;
  }

  /** One verify read of a backlog batch; returns the bytes read. */
  long verifyNext(String job) throws NativeIoException {
    Piece p = poll();
    if (p == null) {
      return 0;
    }
    batchLeft--;
    lastWasRead = true;
    return verify(job, p);
  }

  /**
   * fio's {@code do_verify} after a pass: every logged write read back, each file opened anew when
   * its first block comes up; returns the bytes read.
   */
  long verifyAll(String job, Runnable checkCancelled) throws NativeIoException {
    if (logged == 0) {
      return 0;
    }
    long bytes = 0;
    int n = 0;
    for (Piece p = halted ? null : poll(); p != null; p = halted ? null : poll()) {
      bytes += verify(job, p);
      if ((++n & 1023) == 0) {
        checkCancelled.run();
      }
    }
    batchLeft = 0;
    return bytes;
  }

  private Piece poll() {
    Piece p = null;
    if (inWriteOrder) {
      p = list.poll();
    } else {
      for (TreeMap<Long, Piece> pieces : tree.values()) {
        Map.Entry<Long, Piece> first = pieces.pollFirstEntry();
        if (first != null) {
          p = first.getValue();
          break;
        }
      }
    }
    if (p != null) {
      logged--;
      pendingBytes -= p.length();
    }
    return p;
  }

  private long verify(String job, Piece p) throws NativeIoException {
    if (p.file().closed) {
      // fio's get_next_verify opens a file closed at its end or by clear_io_state: invalidated
      // unless invalidate=0, then advised, so the reads come from the disk where the pages were
      // clean (fio-diff seed 2032 case 168: a backlog verify after the random map ran out)
      IoFiles.reopen(p.file(), spec);
    }
    buffer.clear().limit(p.length());
    long prepared = clock.getAsLong();
    long issued = clock.getAsLong();
    int n = p.file().descriptor.pread(buffer, p.offset());
    long done = clock.getAsLong();
    reads.completed(n, p.offset(), done - issued, done - prepared, done);
    buffer.flip();
    // fio checks the write number only where one block size makes it certain
    check(job, p.file(), p.offset(), p.length(), n, p.numberio());
    return n;
  }

  /** Checks a block a reading job has just read into {@code read} (position 0, limit n). */
  void checkRead(String job, IoFile file, ByteBuffer read, long offset, int length, long n) {
    check(job, file, offset, length, n, -1, read);
  }

  private void check(String job, IoFile file, long offset, int length, long n, int numberio) {
    check(job, file, offset, length, n, numberio, buffer);
  }

  private void check(
      String job, IoFile file, long offset, int length, long n, int numberio, ByteBuffer block) {
    if (n < length) {
      throw failed(
          job, "short read of " + n + " bytes at file " + file.name() + " offset " + offset);
    }
    ByteBuffer b = block.duplicate().position(0).limit(length);
    List<BlockStamp.Failure> failures =
        content.stamp().check(b, offset, content.interval(), numberio, settings.fatal());
    if (failures.isEmpty()) {
      return;
    }
    if (halted) {
      return; // fio's verify_fatal terminated the job; what is still in flight is not checked
    }
    StringBuilder message = new StringBuilder();
    for (BlockStamp.Failure f : failures) {
      message
          .append(message.length() == 0 ? "" : "; ")
          .append(f.problem())
          .append(" at file ")
          .append(file.name())
          .append(" offset ")
          .append(f.offset())
          .append(", length ")
          .append(f.length())
          .append(" (requested block: offset=")
          .append(offset)
          .append(", length=")
          .append(length)
          .append(')');
      if (settings.dump()) {
        message.append(VerifyDump.dump(file, b, f, content, offset));
      }
    }
    if (errors.verifyFailed(message.toString())) {
      // skipped under continue_on_error=verify; verify_fatal still ends the job when the data
      // was bad, as fio's verify_io_u marks it terminated whatever its error handling, but not
      // for a bad header, which verify_io_u returns before it gets there (observed: fio 3.33
      // reads on after bad magic headers with verify_fatal=1 continue_on_error=all)
      halted = settings.fatal() && !failures.get(0).header();
      return;
    }
    throw failed(job, message.toString());
  }

  /**
   * Whether a bad block ended the job although its error was skipped ({@code verify_fatal=1} under
   * {@code continue_on_error=verify}): fio's {@code fio_mark_td_terminate}.
   */
  boolean halted() {
    return halted;
  }

  private static FsBenchException failed(String job, String what) {
    return new FsBenchException(
        FsBenchException.Kind.RUN_FAILED, "verify failed for job '" + job + "': " + what);
  }
}
