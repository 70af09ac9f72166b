package io.fsbench.workloads.common;

import io.fsbench.core.nativeio.NativeBuffer;
import java.io.IOException;

/**
 * A stdio {@code FILE} over a file descriptor, issuing the same read(2) and write(2) sizes as
 * glibc's {@code fread}/{@code fwrite} with a buffer of the filesystem's block size (glibc sizes it
 * from {@code st_blksize}). PostMark's buffered mode runs through stdio, so its 512-byte blocks
 * reach the kernel as block-sized calls; emulating that is what makes the buffered mode honest.
 *
 * <p>Like glibc, the buffer is set up on the first read or non-empty write, at the cost of one
 * fstat(2); writes that fit are copied, the full buffer is flushed when more data arrives, and
 * requests of a whole buffer or more go straight to the file in whole blocks (glibc's {@code
 * _IO_new_file_xsputn} and {@code _IO_file_xsgetn}). One per thread, reused for every file.
 * IOzone's fwrite and fread tests run through it too, with the buffer its {@code setvbuf} gives.
 */
public final class StdioStream {

  private final NativeBuffer buffer;
  private final int capacity;
  private RawFile file;
  private boolean allocated;
  private boolean writing;
  private int start; // first unread byte when reading
  private int end; // end of buffered data: unread when reading, unwritten when writing

  public StdioStream(int bufferSize) {
    this.buffer = NativeBuffer.allocate(bufferSize);
    this.capacity = bufferSize;
  }

  /** Attaches to a freshly opened file, as fopen does. */
  public void open(RawFile file) {
    this.file = file;
    this.allocated = false;
    this.writing = false;
    this.start = 0;
    this.end = 0;
  }

  private void allocate() throws IOException {
    if (!allocated) {
      file.fstat(); // glibc's _IO_file_doallocate calls fstat to size the buffer
      allocated = true;
      start = 0;
      end = 0;
    }
  }

  /** fwrite of {@code length} bytes of {@code data} from {@code offset}. */
  public void write(NativeBuffer data, int offset, int length) throws IOException {
    int toDo = length;
    if (toDo == 0) {
      return;
    }
    if (allocated && writing) {
      int n = Math.min(capacity - end, toDo);
      if (n > 0) {
        copyIn(data, offset, n);
        offset += n;
        toDo -= n;
      }
    }
    if (toDo == 0) {
      return;
    }
    // _IO_OVERFLOW: set the buffer up on first use, else write the full buffer out.
    if (!allocated || !writing) {
      allocate();
      writing = true;
    } else {
      flush();
    }
    int direct = toDo - (capacity >= 128 ? toDo % capacity : 0);
    if (direct > 0) {
      file.write(data, offset, direct);
      offset += direct;
      toDo -= direct;
    }
    if (toDo > 0) {
      copyIn(data, offset, toDo);
    }
  }

  private void copyIn(NativeBuffer data, int offset, int n) {
    buffer.buffer().put(end, data.buffer(), offset, n);
    end += n;
  }

  /** Writes out what the buffer holds, as fflush does. */
  public void flush() throws IOException {
    if (writing && end > 0) {
      file.write(buffer, 0, end);
      end = 0;
    }
  }

  /**
   * fread of {@code want} bytes into {@code into} (PostMark reads every block into one buffer, so
   * the bytes land at its start); returns the bytes read, fewer only at end of file.
   */
  public int read(NativeBuffer into, int want) throws IOException {
    if (want == 0) {
      return 0;
    }
    allocate();
    int got = 0;
    while (want > 0) {
      int have = end - start;
      if (want <= have) {
        copyOut(into, got, want);
        return got + want;
      }
      if (have > 0) {
        copyOut(into, got, have);
        got += have;
        want -= have;
      }
      if (want < capacity) {
        start = 0;
        end = file.read(buffer, 0, capacity);
        if (end <= 0) {
          end = 0;
          break;
        }
        continue;
      }
      start = 0;
      end = 0;
      int count = want - (capacity >= 128 ? want % capacity : 0);
      int n = file.read(into, got, count);
      if (n <= 0) {
        break;
      }
      got += n;
      want -= n;
    }
    return got;
  }

  private void copyOut(NativeBuffer into, int at, int n) {
    into.buffer().put(at, buffer.buffer(), start, n);
    start += n;
  }

  /** fclose: flush, then close the file. */
  public void close() throws IOException {
    try {
      flush();
    } finally {
      RawFile f = file;
      file = null;
      f.close();
    }
  }
}
