package io.fsbench.workloads.dd;

import io.fsbench.core.nativeio.NativeFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.BooleanSupplier;

/**
 * dd's copy loop ({@code dd_copy} in coreutils' dd.c with {@code bs=}, so one buffer serves input
 * and output): up to {@code count} times, one read of a block, then that many bytes written,
 * retrying a short write as dd's {@code iwrite} does; an empty read ends the copy. Records are
 * counted as dd counts them: full when the whole block was read (or written), partial otherwise.
 *
 * <p>Each side keeps the offset its read or write would be at, and the calls are pread and pwrite
 * at that offset through fsbench's JNI shim: the kernel does the same I/O as for read and write on
 * the file's position, without JNA's per-call cost. /dev/zero and /dev/null ignore the offset.
 */
final class DdCopy {

  /** How many bytes between checks for cancellation and progress reports. */
  private static final long CHECK_BYTES = 64L << 20;

  long recordsInFull;
  long recordsInPartial;
  long recordsOutFull;
  long recordsOutPartial;
  long bytes;

  private long inOffset;
  private long outOffset;

  /** Copies up to {@code count} blocks of {@code buffer.capacity()} bytes. */
  void copy(
      NativeFile in,
      NativeFile out,
      ByteBuffer buffer,
      long count,
      BooleanSupplier cancelled,
      Progress progress)
      throws IOException {
    int blockSize = buffer.capacity();
    long checkMask = Long.highestOneBit(Math.max(1, CHECK_BYTES / blockSize)) - 1;
    for (long block = 0; block < count; block++) {
      buffer.clear();
      int read = in.pread(buffer, inOffset);
      if (read == 0) {
        return; // end of input, which dd reports as fewer records, not as an error
      }
      inOffset += read;
      if (read == blockSize) {
        recordsInFull++;
      } else {
        recordsInPartial++;
      }
      buffer.flip();
      int written = writeAll(out, buffer);
      bytes += written;
      if (written == blockSize) {
        recordsOutFull++;
      } else {
        recordsOutPartial++;
      }
      if ((block & checkMask) == checkMask) {
        if (cancelled.getAsBoolean()) {
          return;
        }
        progress.at((block + 1) / (double) count);
      }
    }
  }

  private int writeAll(NativeFile out, ByteBuffer buffer) throws IOException {
    int written = 0;
    while (buffer.hasRemaining()) {
      int n = out.pwrite(buffer, outOffset);
      if (n == 0) {
        // dd's iwrite gives up on a write that makes no progress, and so does this copy.
        throw new IOException(
            out.path() + ": write made no progress after " + written + " bytes of a block");
      }
      outOffset += n;
      written += n;
    }
    return written;
  }

  /** Where the copy is, 0..1. */
  interface Progress {
    void at(double fraction);
  }
}
