package io.fsbench.core.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * An {@link IoQueue} on io_uring, through raw syscalls (no liburing). The SQ and CQ rings are
 * mmap'd and viewed as direct ByteBuffers; the indices shared with the kernel are read with acquire
 * and published with release semantics, as liburing's smp_load_acquire/smp_store_release.
 *
 * <p>Like fio's io_uring engine with its defaults (no fixed buffers, no registered files, no
 * SQPOLL): one io_uring_enter submits the batch, and one more waits when too few completions are
 * already posted.
 */
final class IoUringQueue extends AbstractIoQueue {

  static {
    // Loads the JNI library (a file copy and a dlopen) when the class is first used, which is
    // before any timed I/O, rather than inside the first one.
    Shim.loaded();
  }

  private static final VarHandle INT =
      MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

  static final int IORING_SETUP_COOP_TASKRUN = 1 << 8;
  static final int IORING_SETUP_TASKRUN_FLAG = 1 << 9;
  static final int IORING_SETUP_SINGLE_ISSUER = 1 << 12;
  static final int IORING_SETUP_DEFER_TASKRUN = 1 << 13;

  /**
   * The setups to try, best first. fio 3.33 asks for the first: completion work deferred until the
   * thread waits for completions (6.1+), so that finishing I/Os does not interrupt the thread that
   * issues them; it requires that one thread, the one that opened the queue, does all submitting.
   * Older kernels refuse it with EINVAL and get cooperative task running (5.19+), then nothing.
   */
  private static final int[] SETUPS = {
    IORING_SETUP_COOP_TASKRUN
        | IORING_SETUP_TASKRUN_FLAG
        | IORING_SETUP_SINGLE_ISSUER
        | IORING_SETUP_DEFER_TASKRUN,
    IORING_SETUP_COOP_TASKRUN | IORING_SETUP_TASKRUN_FLAG,
    0
  };

  private static final int IORING_FEAT_SINGLE_MMAP = 1;
  private static final int IORING_ENTER_GETEVENTS = 1;
  private static final int IORING_SQ_TASKRUN = 1 << 2;
  private static final long IORING_OFF_SQ_RING = 0L;
  private static final long IORING_OFF_CQ_RING = 0x8000000L;
  private static final long IORING_OFF_SQES = 0x10000000L;
  private static final int IORING_REGISTER_PROBE = 8;
  private static final int IO_URING_OP_SUPPORTED = 1;
  private static final int IORING_FSYNC_DATASYNC = 1;

  static final int IORING_OP_FSYNC = 3;
  static final int IORING_OP_READ = 22;
  static final int IORING_OP_WRITE = 23;

  private static final int SQE_SIZE = 64;
  private static final int CQE_SIZE = 16;
  // struct io_uring_params and its io_sqring_offsets/io_cqring_offsets (<linux/io_uring.h>).
  private static final int PARAMS_SIZE = 120;
  private static final int P_SQ_ENTRIES = 0;
  private static final int P_CQ_ENTRIES = 4;
  private static final int P_FLAGS = 8;
  private static final int P_FEATURES = 20;
  private static final int P_SQ_OFF = 40;
  private static final int P_CQ_OFF = 80;
  private static final int SQ_HEAD = 0;
  private static final int SQ_TAIL = 4;
  private static final int SQ_RING_MASK = 8;
  private static final int SQ_FLAGS = 16;
  private static final int SQ_ARRAY = 24;
  private static final int CQ_HEAD = 0;
  private static final int CQ_TAIL = 4;
  private static final int CQ_RING_MASK = 8;
  private static final int CQ_CQES = 20;

  private final int ringFd;
  private final int setupFlags;
  private final long sqRingAddress;
  private final long sqMapSize;
  private final long cqRingAddress;
  private final long cqRingSize;
  private final long sqesAddress;
  private final long sqesSize;

  private final ByteBuffer sqRing;
  private final ByteBuffer cqRing;
  private final ByteBuffer sqes;
  private final int sqTailOffset;
  private final int sqFlagsOffset;
  private final int sqMask;
  private final int cqHeadOffset;
  private final int cqTailOffset;
  private final int cqMask;
  private final int cqesOffset;

  // Our copies of the indices that only we write.
  private int sqTail;
  private int cqHead;

  IoUringQueue(int depth) throws NativeIoException {
    super(depth);
    int entries = Integer.highestOneBit(depth);
    if (entries < depth) {
      entries <<= 1;
    }
    try (Memory params = new Memory(PARAMS_SIZE)) {
      int flags = 0;
      int fd = -1;
      for (int setup : SETUPS) {
        flags = setup;
        fd = setup(entries, params, flags);
        if (fd >= 0 || Native.getLastError() != NativeIoException.EINVAL) {
          break;
        }
      }
      if (fd < 0) {
        throw NativeIoException.of(Native.getLastError(), "io_uring_setup(" + entries + ")", "-");
      }
      ringFd = fd;
      setupFlags = flags;
      int sqEntries = params.getInt(P_SQ_ENTRIES);
      int cqEntries = params.getInt(P_CQ_ENTRIES);
      boolean singleMmap = (params.getInt(P_FEATURES) & IORING_FEAT_SINGLE_MMAP) != 0;
      long sqRingSize = params.getInt(P_SQ_OFF + SQ_ARRAY) + 4L * sqEntries;
      cqRingSize = params.getInt(P_CQ_OFF + CQ_CQES) + (long) CQE_SIZE * cqEntries;
      sqMapSize = singleMmap ? Math.max(sqRingSize, cqRingSize) : sqRingSize;
      sqesSize = (long) SQE_SIZE * sqEntries;
      long[] mapped = new long[3];
      try {
        mapped[0] = map(sqMapSize, IORING_OFF_SQ_RING, "SQ ring");
        mapped[1] = singleMmap ? mapped[0] : map(cqRingSize, IORING_OFF_CQ_RING, "CQ ring");
        mapped[2] = map(sqesSize, IORING_OFF_SQES, "SQEs");
      } catch (NativeIoException e) {
        long[] sizes = {sqMapSize, singleMmap ? 0 : cqRingSize, sqesSize};
        for (int i = 0; i < mapped.length; i++) {
          if (mapped[i] != 0 && sizes[i] != 0) {
            LibC.munmap(mapped[i], sizes[i]);
          }
        }
        LibC.close(fd);
        throw e;
      }
      sqRingAddress = mapped[0];
      cqRingAddress = mapped[1];
      sqesAddress = mapped[2];
      sqRing = view(sqRingAddress, sqMapSize);
      cqRing = singleMmap ? sqRing : view(cqRingAddress, cqRingSize);
      sqes = view(sqesAddress, sqesSize);

      int sqHeadOffset = params.getInt(P_SQ_OFF + SQ_HEAD);
      sqTailOffset = params.getInt(P_SQ_OFF + SQ_TAIL);
      sqMask = sqRing.getInt(params.getInt(P_SQ_OFF + SQ_RING_MASK));
      sqFlagsOffset = params.getInt(P_SQ_OFF + SQ_FLAGS);
      int sqArrayOffset = params.getInt(P_SQ_OFF + SQ_ARRAY);
      cqHeadOffset = params.getInt(P_CQ_OFF + CQ_HEAD);
      cqTailOffset = params.getInt(P_CQ_OFF + CQ_TAIL);
      cqMask = cqRing.getInt(params.getInt(P_CQ_OFF + CQ_RING_MASK));
      cqesOffset = params.getInt(P_CQ_OFF + CQ_CQES);

      // Each SQE slot i is always submitted through SQ array entry i.
      for (int i = 0; i < sqEntries; i++) {
        sqRing.putInt(sqArrayOffset + 4 * i, i);
      }
      sqTail = (int) INT.getAcquire(sqRing, sqTailOffset);
      cqHead = (int) INT.getAcquire(cqRing, cqHeadOffset);
      if (sqTail != (int) INT.getAcquire(sqRing, sqHeadOffset)) {
        throw new IllegalStateException("a new io_uring's SQ ring is not empty");
      }
    }
  }

  @Override
  public IoMechanism mechanism() {
    return IoMechanism.IO_URING;
  }

  @Override
  void prepare(int op, int fd, long address, int length, long offset, int slot, int index) {
    int sqe = ((sqTail + index) & sqMask) * SQE_SIZE;
    int opcode;
    int opFlags = 0;
    switch (op) {
      case OP_READ -> opcode = IORING_OP_READ;
      case OP_WRITE -> opcode = IORING_OP_WRITE;
      case OP_FDATASYNC -> {
        opcode = IORING_OP_FSYNC;
        opFlags = IORING_FSYNC_DATASYNC;
      }
      default -> opcode = IORING_OP_FSYNC;
    }
    // struct io_uring_sqe: opcode, flags, ioprio, fd, off, addr, len, rw_flags, user_data, rest 0.
    // One little-endian int writes opcode, flags 0 and ioprio (x86_64 and aarch64 are LE); fio
    // gives syncs no priority.
    int ioprio = op == OP_READ || op == OP_WRITE ? priority : 0;
    sqes.putInt(sqe, opcode | ioprio << 16);
    sqes.putInt(sqe + 4, fd);
    sqes.putLong(sqe + 8, offset);
    sqes.putLong(sqe + 16, address);
    sqes.putInt(sqe + 24, length);
    sqes.putInt(sqe + 28, opFlags);
    sqes.putLong(sqe + 32, slot);
    sqes.putLong(sqe + 40, 0L);
    sqes.putLong(sqe + 48, 0L);
    sqes.putLong(sqe + 56, 0L);
  }

  @Override
  int submitQueued(int count) throws NativeIoException {
    // Release publishes the SQEs written in prepare before the kernel can see the new tail.
    INT.setRelease(sqRing, sqTailOffset, sqTail + count);
    long submitted;
    do {
      submitted = enter(count, 0, 0);
    } while (submitted == -NativeIoException.EINTR);
    if (submitted < 0) {
      throw NativeIoException.of(
          (int) -submitted, "io_uring_enter(submit " + count + ")", "io_uring");
    }
    // SQEs the kernel did not consume stay published in the ring and stay queued for us: the
    // next submit counts them again, and the next prepare writes after them.
    sqTail += (int) submitted;
    return (int) submitted;
  }

  @Override
  int submitAndReapInto(int count, int min, int inFlight, IoCompletions into)
      throws NativeIoException {
    INT.setRelease(sqRing, sqTailOffset, sqTail + count);
    long submitted = enter(count, min, IORING_ENTER_GETEVENTS);
    if (submitted < 0) {
      int errno = (int) -submitted;
      if (errno != NativeIoException.EINTR) {
        throw NativeIoException.of(errno, "io_uring_enter(submit " + count + ")", "io_uring");
      }
      submitted = 0; // interrupted before submitting anything: the SQEs stay queued
    }
    sqTail += (int) submitted;
    reapInto(Math.min(min, inFlight + (int) submitted), into);
    return (int) submitted;
  }

  @Override
  void reapInto(int min, IoCompletions into) throws NativeIoException {
    harvest(into);
    while (into.count() < min || taskRunPending()) {
      int wait = Math.max(0, min - into.count());
      long r = enter(0, wait, IORING_ENTER_GETEVENTS);
      if (r < 0 && r != -NativeIoException.EINTR) {
        throw NativeIoException.of((int) -r, "io_uring_enter(wait " + wait + ")", "io_uring");
      }
      harvest(into);
      if (wait == 0) {
        break;
      }
    }
  }

  @Override
  void release() {
    LibC.munmap(sqesAddress, sqesSize);
    if (cqRingAddress != sqRingAddress) {
      LibC.munmap(cqRingAddress, cqRingSize);
    }
    LibC.munmap(sqRingAddress, sqMapSize);
    LibC.close(ringFd);
  }

  /** Why io_uring cannot be used here, or null when it can (setup works, READ/WRITE supported). */
  static String unavailableReason() {
    try (Memory params = new Memory(PARAMS_SIZE);
        Memory probe = new Memory(16 + 8 * 256)) {
      int fd = setup(1, params, 0);
      if (fd < 0) {
        int errno = Native.getLastError();
        return "io_uring_setup failed: "
            + NativeIoException.describe(errno)
            + (errno == NativeIoException.ENOSYS
                ? " (kernel older than 5.1, or a seccomp filter blocks it)"
                : errno == NativeIoException.EPERM
                    ? " (kernel.io_uring_disabled is set, or a seccomp filter blocks it)"
                    : "");
      }
      try {
        probe.clear();
        long r =
            LibC.syscall(
                LibC.SYS_IO_URING_REGISTER,
                fd,
                IORING_REGISTER_PROBE,
                Pointer.nativeValue(probe),
                256,
                0,
                0);
        if (r < 0) {
          return "io_uring_register(PROBE) failed: "
              + NativeIoException.describe(Native.getLastError())
              + " (kernel older than 5.6 has no IORING_OP_READ)";
        }
        int ops = probe.getByte(1) & 0xFF;
        for (int op : new int[] {IORING_OP_READ, IORING_OP_WRITE, IORING_OP_FSYNC}) {
          if (op >= ops || (probe.getShort(16 + 8L * op + 2) & IO_URING_OP_SUPPORTED) == 0) {
            return "io_uring does not support opcode " + op + " (kernel older than 5.6)";
          }
        }
        return null;
      } finally {
        LibC.close(fd);
      }
    } catch (UnsatisfiedLinkError | UnsupportedOperationException e) {
      return "native calls unavailable: " + e.getMessage();
    }
  }

  private boolean taskRunPending() {
    return (setupFlags & IORING_SETUP_TASKRUN_FLAG) != 0
        && ((int) INT.getAcquire(sqRing, sqFlagsOffset) & IORING_SQ_TASKRUN) != 0;
  }

  private void harvest(IoCompletions into) {
    // Acquire pairs with the kernel's release of the tail: the CQEs before it are complete.
    int tail = (int) INT.getAcquire(cqRing, cqTailOffset);
    int head = cqHead;
    while (head != tail && !into.isFull()) {
      int cqe = cqesOffset + (head & cqMask) * CQE_SIZE;
      into.add((int) cqRing.getLong(cqe), cqRing.getInt(cqe + 8));
      head++;
    }
    if (head != cqHead) {
      cqHead = head;
      // Release: we are done reading these CQEs before the kernel may reuse them.
      INT.setRelease(cqRing, cqHeadOffset, head);
    }
  }

  /** io_uring_enter(2): its result, or -errno. */
  private long enter(int toSubmit, int minComplete, int flags) {
    return Shim.ioUringEnter(ringFd, toSubmit, minComplete, flags);
  }

  private static int setup(int entries, Memory params, int flags) {
    params.clear();
    params.setInt(P_FLAGS, flags);
    return (int)
        LibC.syscall(LibC.SYS_IO_URING_SETUP, entries, Pointer.nativeValue(params), 0, 0, 0, 0);
  }

  private long map(long size, long offset, String what) throws NativeIoException {
    long address =
        LibC.mmap(
            0,
            size,
            LibC.PROT_READ | LibC.PROT_WRITE,
            LibC.MAP_SHARED | LibC.MAP_POPULATE,
            ringFd,
            offset);
    if (address == -1L) {
      throw NativeIoException.of(Native.getLastError(), "mmap(io_uring " + what + ")", "io_uring");
    }
    return address;
  }

  private static ByteBuffer view(long address, long size) {
    return new Pointer(address).getByteBuffer(0, size).order(ByteOrder.nativeOrder());
  }
}
