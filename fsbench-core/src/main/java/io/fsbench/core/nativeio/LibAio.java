package io.fsbench.core.nativeio;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

/**
 * Direct-mapped libaio.so.1 (Debian package libaio1), loaded only when first used so that a host
 * without it can still use io_uring or threads. libaio returns minus errno rather than setting
 * errno.
 */
final class LibAio {

  static final String LIBRARY = "libaio.so.1";

  static final short IOCB_CMD_PREAD = 0;
  static final short IOCB_CMD_PWRITE = 1;
  static final short IOCB_CMD_FSYNC = 2;
  static final short IOCB_CMD_FDSYNC = 3;

  static {
    Native.register(LibAio.class, NativeLibrary.getInstance(LIBRARY));
  }

  private LibAio() {}

  /** Forces loading; throws UnsatisfiedLinkError when libaio.so.1 is missing. */
  static void load() {}

  static native int io_setup(int maxEvents, long contextOut);

  static native int io_destroy(long context);

  static native int io_submit(long context, long count, long iocbPointers);

  static native int io_getevents(long context, long min, long max, long events, long timeout);
}
