package io.fsbench.workloads.iozone;

import io.fsbench.api.IozoneResult.Measurement;
import io.fsbench.api.IozoneSpec;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeBuffer;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.workloads.common.RawFile;
import io.fsbench.workloads.common.StdioStream;
import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * IOzone's {@code fwrite_perf_test} and {@code fread_perf_test} after the fopen: {@code
 * setvbuf(stream, buf, _IOFBF, reclen)}, then one fwrite (or fread) of a record per record, timed;
 * then fflush and fsync ({@code -e}) and fclose ({@code -c}) inside the time or after it. The
 * stream follows glibc's rules ({@link StdioStream}), so the kernel sees what glibc would send it:
 * write(2) and read(2) calls of the buffer's size on the file's position.
 */
final class StdioPass implements RawFile {

  private final NativeFile file;
  private final IozoneSpec.Case size;
  private final LongSupplier clock;
  private final IozoneSpec spec;

  StdioPass(NativeFile file, IozoneSpec.Case size, LongSupplier clock, IozoneSpec spec) {
    this.file = file;
    this.size = size;
    this.clock = clock;
    this.spec = spec;
  }

  Measurement run(String column, boolean write) throws IOException {
    int record = (int) size.recordSize().bytes();
    StdioStream stream = new StdioStream(record);
    NativeBuffer data = NativeBuffer.allocate(record);
    stream.open(this);
    long ios = 0;
    try {
      long start = clock.getAsLong();
      for (long i = 0; i < size.records(); i++) {
        if (write) {
          stream.write(data, 0, record);
        } else if (stream.read(data, record) != record) {
          throw new IOException(file.path() + ": fread of record " + i + " came up short");
        }
        ios++;
      }
      if (spec.includeFsync()) {
        stream.flush();
        file.fsync();
      }
      if (spec.includeClose()) {
        stream.close();
      }
      long end = clock.getAsLong();
      if (!spec.includeClose()) {
        stream.flush();
        file.fsync();
        stream.close();
      }
      return new Measurement(column, ios * record, ios, end - start);
    } finally {
      file.close();
    }
  }

  @Override
  public int read(NativeBuffer into, int offset, int length) throws IOException {
    return FileCalls.read(file.fd(), into, offset, length);
  }

  @Override
  public void write(NativeBuffer from, int offset, int length) throws IOException {
    FileCalls.writeFully(file.fd(), from, offset, length);
  }

  /** setvbuf gave the stream its buffer, so glibc makes no fstat to size one. */
  @Override
  public void fstat() {}

  @Override
  public void close() throws IOException {
    file.close();
  }
}
