package io.fsbench.workloads.common;

import io.fsbench.core.nativeio.NativeBuffer;
import java.io.IOException;

/** An open file as stdio sees it: the system calls under a {@code FILE}. */
public interface RawFile {

  /** read(2) of up to {@code length} bytes into {@code into} at {@code offset}; 0 at the end. */
  int read(NativeBuffer into, int offset, int length) throws IOException;

  /** write(2) of all {@code length} bytes of {@code from} at {@code offset}. */
  void write(NativeBuffer from, int offset, int length) throws IOException;

  /** fstat(2), which glibc makes to size a stream's buffer. */
  void fstat() throws IOException;

  void close() throws IOException;
}
