package io.fsbench.workloads.bonnie;

import io.fsbench.api.BonnieResult.Test;
import io.fsbench.api.BonnieResult.TestResult;
import io.fsbench.api.FsBenchException;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.core.nativeio.OpenFlag;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * bonnie++'s {@code TestFileOps} up to the seeks (bonnie++.cpp, bon_io.cpp): per-char output, block
 * output, rewrite, per-char input and block input on one file, with bonnie++'s calls: the file made
 * with {@code unlink} and {@code open(O_RDWR|O_CREAT|O_EXCL)} (plus O_DIRECT for {@code -D}) and
 * reopened {@code O_RDWR} for the later tests; one-byte write(2)s and read(2)s for the per-char
 * tests, timed a chunk at a time; a read(2), lseek(2) back and write(2) per chunk for the rewrite;
 * every test ending with bonnie++'s {@code Close}, fsync and close, inside its time.
 */
final class FileIoTests {

  private final Path file;
  private final int chunk;
  private final long chunks;
  private final long charChunks;
  private final boolean direct;
  private final Stopwatch watch;
  private final BooleanSupplier cancelled;
  private final ByteBuffer buffer;
  private final ByteBuffer oneByte = AlignedBuffers.allocate(1);
  private NativeFile fd;

  FileIoTests(BonnieRun run, Stopwatch watch, BooleanSupplier cancelled) {
    this.file = run.ioFile();
    this.chunk = (int) run.spec().chunkSize().bytes();
    this.chunks = run.fileSize().bytes() / chunk;
    this.charChunks = run.perCharSize().bytes() / chunk;
    this.direct = run.spec().direct();
    this.watch = watch;
    this.cancelled = cancelled;
    this.buffer = AlignedBuffers.allocate(chunk);
  }

  /** The five tests, in bonnie++'s order; per-char ones only when they have bytes to do. */
  void run(List<TestResult> results) throws IOException {
    reopen(true);
    if (charChunks > 0) {
      results.add(putc());
    }
    reopen(true);
    results.add(putBlock());
    reopen(false);
    fd.seek(0, false);
    results.add(rewrite());
    if (charChunks > 0) {
      reopen(false);
      results.add(getc());
    }
    reopen(false);
    fd.seek(0, false);
    results.add(getBlock());
  }

  private TestResult putc() throws IOException {
    watch.start();
    for (long c = 0; c < charChunks; c++) {
      watch.opStart();
      for (int i = 0; i < chunk; i++) {
        oneByte.clear();
        oneByte.put(0, (byte) (i & 0x7f));
        if (fd.write(oneByte) != 1) {
          throw new IOException(file + ": a one-byte write wrote nothing (disk full?)");
        }
      }
      watch.opStop();
      checkCancelled();
    }
    close();
    long bytes = charChunks * chunk;
    return watch.stop(Test.PUTC, bytes / 1024, bytes, 0, bytes, 1);
  }

  private TestResult putBlock() throws IOException {
    buffer.clear();
    for (int i = 0; i < chunk; i++) {
      buffer.put(i, (byte) 0);
    }
    watch.start();
    int index = 0;
    for (long c = 0; c < chunks; c++) {
      buffer.put(index, (byte) (buffer.get(index) + 1));
      index = (index + 1) % chunk;
      watch.opStart();
      writeBlock();
      watch.opStop();
      checkCancelled();
    }
    close();
    long bytes = chunks * chunk;
    return watch.stop(Test.PUT_BLOCK, bytes / 1024, chunks, 0, bytes, 1);
  }

  private TestResult rewrite() throws IOException {
    watch.start();
    int index = 0;
    for (long c = 0; c < chunks; c++) {
      watch.opStart();
      readBlock();
      index = index % chunk;
      buffer.put(index, (byte) (buffer.get(index) + 1));
      index++;
      fd.seek(-chunk, true);
      writeBlock();
      watch.opStop();
      checkCancelled();
    }
    close();
    long bytes = chunks * chunk;
    return watch.stop(Test.REWRITE, bytes / 1024, chunks, bytes, bytes, 1);
  }

  private TestResult getc() throws IOException {
    watch.start();
    for (long c = 0; c < charChunks; c++) {
      watch.opStart();
      for (int i = 0; i < chunk; i++) {
        oneByte.clear();
        if (fd.read(oneByte) != 1) {
          throw new IOException(file + ": a one-byte read found the end of the file");
        }
      }
      watch.opStop();
      checkCancelled();
    }
    close();
    long bytes = charChunks * chunk;
    return watch.stop(Test.GETC, bytes / 1024, bytes, bytes, 0, 1);
  }

  private TestResult getBlock() throws IOException {
    watch.start();
    for (long c = 0; c < chunks; c++) {
      watch.opStart();
      readBlock();
      watch.opStop();
      checkCancelled();
    }
    close();
    long bytes = chunks * chunk;
    return watch.stop(Test.GET_BLOCK, bytes / 1024, chunks, bytes, 0, 1);
  }

  /** bonnie++'s {@code read_block}: read(2) until a chunk is in, failing on the end of file. */
  private void readBlock() throws IOException {
    buffer.clear();
    while (buffer.hasRemaining()) {
      if (fd.read(buffer) == 0) {
        throw new IOException(file + ": can't read a full block, only got " + buffer.position());
      }
    }
  }

  private void writeBlock() throws IOException {
    buffer.clear();
    int n = fd.write(buffer);
    if (n != chunk) {
      throw new IOException(file + ": can't write block: wrote " + n + " of " + chunk + " bytes");
    }
  }

  /** bonnie++'s {@code reopen}: Close, then create afresh (unlink, O_EXCL) or open O_RDWR. */
  private void reopen(boolean create) throws IOException {
    close();
    Set<OpenFlag> flags = EnumSet.of(OpenFlag.READ_WRITE);
    if (create) {
      unlinkIfThere(file);
      flags.add(OpenFlag.CREATE);
      flags.add(OpenFlag.EXCLUSIVE);
      if (direct) {
        flags.add(OpenFlag.DIRECT);
      }
    }
    fd = NativeFile.open(file, flags);
  }

  /** One unlink(2), as bonnie++ makes before it creates the file; none there is fine. */
  static void unlinkIfThere(Path file) throws IOException {
    try {
      FileCalls.unlink(new NativePath().set(NativePath.encode(file)));
    } catch (NoSuchFileException e) {
      // bonnie++ ignores unlink's result: the first time there is nothing to remove.
    }
  }

  /** bonnie++'s {@code Close}: fsync, then close. */
  void close() throws IOException {
    if (fd != null) {
      try {
        fd.fsync();
      } finally {
        fd.close();
        fd = null;
      }
    }
  }

  private void checkCancelled() {
    if (cancelled.getAsBoolean()) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "bonnie was cancelled");
    }
  }
}
