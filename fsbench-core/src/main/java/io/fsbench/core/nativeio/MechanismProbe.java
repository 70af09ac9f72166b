package io.fsbench.core.nativeio;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tells whether a mechanism works here and opens queues on it. The system probe asks the kernel;
 * tests pass their own to check the selection without depending on (or breaking) the kernel.
 */
interface MechanismProbe {

  MechanismStatus probe(IoMechanism mechanism);

  IoQueue open(IoMechanism mechanism, int depth) throws NativeIoException;

  /** {@code probe} with each mechanism probed once: a host's kernel and libraries do not change. */
  static MechanismProbe cached(MechanismProbe probe) {
    Map<IoMechanism, MechanismStatus> statuses = new ConcurrentHashMap<>();
    return new MechanismProbe() {
      @Override
      public MechanismStatus probe(IoMechanism mechanism) {
        return statuses.computeIfAbsent(mechanism, probe::probe);
      }

      @Override
      public IoQueue open(IoMechanism mechanism, int depth) throws NativeIoException {
        return probe.open(mechanism, depth);
      }
    };
  }

  /** The real host: io_uring_setup, libaio's io_setup, and threads that always work. */
  MechanismProbe SYSTEM =
      new MechanismProbe() {
        @Override
        public MechanismStatus probe(IoMechanism mechanism) {
          String reason =
              switch (mechanism) {
                case IO_URING -> IoUringQueue.unavailableReason();
                case LIBAIO -> LibAioQueue.unavailableReason();
                case THREAD_POOL -> null;
              };
          return reason == null
              ? MechanismStatus.available(mechanism)
              : MechanismStatus.unavailable(mechanism, reason);
        }

        @Override
        public IoQueue open(IoMechanism mechanism, int depth) throws NativeIoException {
          return switch (mechanism) {
            case IO_URING -> new IoUringQueue(depth);
            case LIBAIO -> new LibAioQueue(depth);
            case THREAD_POOL -> new ThreadPoolQueue(depth);
          };
        }
      };
}
