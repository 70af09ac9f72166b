package io.fsbench.core.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * An {@link IoQueue} on Linux native AIO through libaio, as fio's libaio engine. Truly asynchronous
 * only for O_DIRECT files: on buffered files io_submit does the I/O before it returns, so the queue
 * depth is nominal (fio behaves the same).
 */
final class LibAioQueue extends AbstractIoQueue {

  private static final int IOCB_SIZE = 64;
  private static final int EVENT_SIZE = 32;

  private final Memory context;
  private final long contextHandle;
  private final Memory iocbMemory;
  private final ByteBuffer iocbs;
  private final long iocbsAddress;
  private final Memory pendingMemory;
  private final ByteBuffer pending;
  private final long pendingAddress;
  private final Memory eventMemory;
  private final ByteBuffer events;
  private final long eventsAddress;
  private final int[] rejectedSlots;
  private final long[] rejectedErrors;
  private int rejected;

  LibAioQueue(int depth) throws NativeIoException {
    super(depth);
    LibAio.load();
    context = new Memory(8);
    context.clear();
    int r = LibAio.io_setup(depth, Pointer.nativeValue(context));
    if (r < 0) {
      String hint =
          -r == NativeIoException.EAGAIN ? "raise fs.aio-max-nr (sysctl) or lower the depth" : null;
      throw NativeIoException.of(-r, "io_setup(" + depth + ")", "libaio", hint);
    }
    contextHandle = context.getLong(0);
    iocbMemory = new Memory((long) IOCB_SIZE * depth);
    iocbMemory.clear();
    iocbs = iocbMemory.getByteBuffer(0, iocbMemory.size()).order(ByteOrder.nativeOrder());
    iocbsAddress = Pointer.nativeValue(iocbMemory);
    pendingMemory = new Memory(8L * depth);
    pending = pendingMemory.getByteBuffer(0, pendingMemory.size()).order(ByteOrder.nativeOrder());
    pendingAddress = Pointer.nativeValue(pendingMemory);
    eventMemory = new Memory((long) EVENT_SIZE * depth);
    events = eventMemory.getByteBuffer(0, eventMemory.size()).order(ByteOrder.nativeOrder());
    eventsAddress = Pointer.nativeValue(eventMemory);
    rejectedSlots = new int[depth];
    rejectedErrors = new long[depth];
  }

  /** linux/aio_abi.h: aio_reqprio holds the request's priority. */
  private static final long IOCB_FLAG_IOPRIO = 1 << 1;

  @Override
  public IoMechanism mechanism() {
    return IoMechanism.LIBAIO;
  }

  @Override
  void prepare(int op, int fd, long address, int length, long offset, int slot, int index) {
    short command =
        switch (op) {
          case OP_READ -> LibAio.IOCB_CMD_PREAD;
          case OP_WRITE -> LibAio.IOCB_CMD_PWRITE;
          case OP_FDATASYNC -> LibAio.IOCB_CMD_FDSYNC;
          default -> LibAio.IOCB_CMD_FSYNC;
        };
    // struct iocb: data, key, rw_flags, opcode, reqprio, fildes, buf, nbytes, offset, pad, flags,
    // resfd. Each slot owns one iocb; the pending array lists them in submission order.
    int iocb = slot * IOCB_SIZE;
    iocbs.putLong(iocb, slot);
    iocbs.putLong(iocb + 8, 0L);
    iocbs.putShort(iocb + 16, command);
    // a priority of its own only with IOCB_FLAG_IOPRIO in aio_flags, as fio's libaio engine
    int ioprio = op == OP_READ || op == OP_WRITE ? priority : 0;
    iocbs.putShort(iocb + 18, (short) ioprio);
    iocbs.putInt(iocb + 20, fd);
    iocbs.putLong(iocb + 24, address);
    iocbs.putLong(iocb + 32, length);
    iocbs.putLong(iocb + 40, offset);
    iocbs.putLong(iocb + 48, 0L);
    iocbs.putLong(iocb + 56, ioprio == 0 ? 0L : IOCB_FLAG_IOPRIO);
    pending.putLong(8 * index, iocbsAddress + iocb);
  }

  @Override
  int submitQueued(int count) throws NativeIoException {
    int done = 0;
    while (done < count) {
      int r = LibAio.io_submit(contextHandle, count - done, pendingAddress + 8L * done);
      if (r == -NativeIoException.EINTR) {
        continue;
      }
      if (r == -NativeIoException.EAGAIN && done > 0) {
        break; // out of kernel resources: what went in must complete first
      }
      if (r == -NativeIoException.EAGAIN || r == -NativeIoException.ENOMEM) {
        throw NativeIoException.of(-r, "io_submit(" + (count - done) + ")", "libaio");
      }
      if (r < 0) {
        // io_submit refuses the first request itself (e.g. EBADF, EINVAL): complete it with the
        // error, as io_uring would, so the engine sees one kind of failure.
        int slot = (int) ((pending.getLong(8 * done) - iocbsAddress) / IOCB_SIZE);
        rejectedSlots[rejected] = slot;
        rejectedErrors[rejected] = r;
        rejected++;
        r = 1;
      }
      done += r;
    }
    // Keep the ones io_submit did not take at the front for the next call.
    for (int i = done; i < count; i++) {
      pending.putLong(8 * (i - done), pending.getLong(8 * i));
    }
    return done;
  }

  @Override
  void reapInto(int min, IoCompletions into) throws NativeIoException {
    for (int i = 0; i < rejected; i++) {
      into.add(rejectedSlots[i], rejectedErrors[i]);
    }
    rejected = 0;
    int wait = Math.max(0, min - into.count());
    int max = into.capacity() - into.count();
    int got;
    do {
      got = LibAio.io_getevents(contextHandle, wait, max, eventsAddress, 0);
    } while (got == -NativeIoException.EINTR);
    if (got < 0) {
      throw NativeIoException.of(-got, "io_getevents(" + wait + ")", "libaio");
    }
    // struct io_event: data, obj, res, res2.
    for (int i = 0; i < got; i++) {
      into.add((int) events.getLong(EVENT_SIZE * i), events.getLong(EVENT_SIZE * i + 16));
    }
  }

  @Override
  void release() {
    LibAio.io_destroy(contextHandle);
    context.close();
    iocbMemory.close();
    pendingMemory.close();
    eventMemory.close();
  }

  /** Why libaio cannot be used here, or null when it can. */
  static String unavailableReason() {
    try {
      LibAio.load();
    } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
      return LibAio.LIBRARY + " is missing (apt-get install libaio1): " + e.getMessage();
    }
    try (Memory context = new Memory(8)) {
      context.clear();
      int r = LibAio.io_setup(1, Pointer.nativeValue(context));
      if (r < 0) {
        return "io_setup failed: " + NativeIoException.describe(-r);
      }
      LibAio.io_destroy(context.getLong(0));
      return null;
    }
  }
}
