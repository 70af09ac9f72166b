package io.fsbench.workloads.iozone;

import io.fsbench.api.IozoneResult.Measurement;
import io.fsbench.api.IozoneSpec;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.core.nativeio.OpenFlag;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * IOzone's tests on one file and record size, each pass as its {@code *_perf_test} makes it: the
 * file opened with that test's flags, the untimed fsync (and for read, the one priming read) before
 * the clock starts, one call per record, then fsync ({@code -e}) and close ({@code -c}) inside the
 * time or, without them, after it. Every call is one pread(2) or pwrite(2) at the offset IOzone's
 * read(2), write(2) or lseek(2) would be at; the stdio tests go through glibc's buffering rules
 * with a buffer of one record, as IOzone's {@code setvbuf} sets it.
 */
final class FileTests {

  /** How often the record loop looks at cancellation; a volatile read per record costs nothing. */
  private static final int CHECK_MASK = 1023;

  private final Path file;
  private final IozoneSpec spec;
  private final IozoneSpec.Case size;
  private final ByteBuffer buffer;
  private final LongSupplier clock;
  private final BooleanSupplier cancelled;
  private final Stonewall stonewall;

  FileTests(
      Path file,
      IozoneSpec spec,
      IozoneSpec.Case size,
      ByteBuffer buffer,
      LongSupplier clock,
      BooleanSupplier cancelled,
      Stonewall stonewall) {
    this.file = file;
    this.spec = spec;
    this.size = size;
    this.buffer = buffer;
    this.clock = clock;
    this.cancelled = cancelled;
    this.stonewall = stonewall;
  }

  /** A zeroed, aligned buffer of one record, as IOzone's (bzero'd) buffer. */
  static ByteBuffer recordBuffer(IozoneSpec.Case size) {
    return AlignedBuffers.allocate((int) size.recordSize().bytes());
  }

  /**
   * write / rewrite (test 0) and pwrite / re-pwrite (test 9). The first write of test 0 makes the
   * file anew ({@code creat}, then closed); test 9 opens it with O_CREAT.
   */
  Measurement write(String column, boolean create, boolean creat) throws IOException {
    if (creat) {
      NativeFile.open(file, OpenFlag.WRITE, OpenFlag.CREATE, OpenFlag.TRUNCATE).close();
    }
    NativeFile f = NativeFile.open(file, writeFlags(create && !creat));
    f.fsync();
    return timed(column, f, Offsets.sequential(size.records(), recordBytes()), true);
  }

  /** read / reread (test 1, with IOzone's untimed first read) and pread / re-pread (test 10). */
  Measurement read(String column, boolean prime) throws IOException {
    NativeFile f = NativeFile.open(file, readFlags());
    if (prime) {
      f.fsync();
      buffer.clear();
      f.pread(buffer, 0);
    }
    return timed(column, f, Offsets.sequential(size.records(), recordBytes()), false);
  }

  /** random-read (the file opened with O_CREAT) or random-write, every record once (test 2). */
  Measurement random(String column, boolean write) throws IOException {
    NativeFile f = NativeFile.open(file, writeFlags(!write));
    return timed(column, f, Offsets.shuffled(size.records(), recordBytes()), write);
  }

  /** bkwd-read (test 3): from the last record to the first. */
  Measurement backwards() throws IOException {
    NativeFile f = NativeFile.open(file, readFlags());
    f.fsync();
    return timed("bkwd-read", f, Offsets.backwards(size.records(), recordBytes()), false);
  }

  /** record-rewrite (test 4): the first record, written as many times as the file has records. */
  Measurement recordRewrite() throws IOException {
    NativeFile f = NativeFile.open(file, writeFlags(true));
    f.fsync();
    return timed("record-rewrite", f, Offsets.sameRecord(size.records()), true);
  }

  /** stride-read (test 5). */
  Measurement stride() throws IOException {
    NativeFile f = NativeFile.open(file, readFlags());
    f.fsync();
    long[] offsets = Offsets.strided(size.records(), recordBytes(), spec.stride());
    return timed("stride-read", f, offsets, false);
  }

  /** fwrite / frewrite (test 6) and fread / freread (test 7), through stdio. */
  Measurement stdio(String column, boolean write) throws IOException {
    // fopen: "w+" only when the file does not exist (test 0 made it), else "r+"; "r" to read.
    Set<OpenFlag> flags =
        write
            ? Files.exists(file)
                ? EnumSet.of(OpenFlag.READ_WRITE)
                : EnumSet.of(OpenFlag.READ_WRITE, OpenFlag.CREATE, OpenFlag.TRUNCATE)
            : EnumSet.noneOf(OpenFlag.class);
    NativeFile f = NativeFile.open(file, flags);
    f.fsync();
    return new StdioPass(f, size, clock, spec).run(column, write);
  }

  private long recordBytes() {
    return size.recordSize().bytes();
  }

  private Set<OpenFlag> writeFlags(boolean create) {
    Set<OpenFlag> flags = EnumSet.of(OpenFlag.READ_WRITE);
    if (create) {
      flags.add(OpenFlag.CREATE);
    }
    if (spec.sync()) {
      flags.add(OpenFlag.SYNC);
    }
    if (spec.direct()) {
      flags.add(OpenFlag.DIRECT);
    }
    return flags;
  }

  private Set<OpenFlag> readFlags() {
    return spec.direct() ? EnumSet.of(OpenFlag.DIRECT) : EnumSet.noneOf(OpenFlag.class);
  }

  /** The timed part of every test but the stdio ones: the records, then -e and -c's calls. */
  private Measurement timed(String column, NativeFile f, long[] offsets, boolean write)
      throws IOException {
    int record = (int) recordBytes();
    long ios = 0;
    long start = clock.getAsLong();
    try {
      for (long offset : offsets) {
        if (stonewall.reached(ios * record, start) && !write) {
          break; // a reader told to stop stops; a writer finishes its file, as in IOzone
        }
        buffer.clear();
        int n = write ? f.pwrite(buffer, offset) : f.pread(buffer, offset);
        if (n != record) {
          throw new IOException(
              f.path()
                  + ": "
                  + (write ? "write" : "read")
                  + " of record at "
                  + offset
                  + " moved "
                  + n
                  + " of "
                  + record
                  + " bytes");
        }
        ios++;
        if ((ios & CHECK_MASK) == 0 && cancelled.getAsBoolean()) {
          break;
        }
      }
      stonewall.finished(ios * record, start);
      if (spec.includeFsync()) {
        f.fsync();
      }
      if (spec.includeClose()) {
        f.close();
      }
      long end = clock.getAsLong();
      if (!spec.includeClose()) {
        f.fsync();
      }
      return new Measurement(column, ios * record, ios, end - start);
    } finally {
      f.close(); // idempotent: after -c's close, or after a failure
    }
  }
}
