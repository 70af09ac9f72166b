package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The choice of mechanism, with a fake probe: no kernel feature is touched. */
class IoQueuesTest {

  private final FakeProbe probe = new FakeProbe();
  private final IoQueues queues = new IoQueues(probe);

  @Test
  void prefersIoUringWhenItWorks() throws Exception {
    assertThat(queues.openPreferred(8, IoQueues.PREFERENCE).mechanism())
        .isEqualTo(IoMechanism.IO_URING);
  }

  @Test
  void fallsBackToLibaioWhenIoUringIsDisabled() throws Exception {
    probe.unavailable(IoMechanism.IO_URING, "io_uring_setup failed: EPERM");
    IoQueue queue = queues.openPreferred(8, IoQueues.PREFERENCE);
    assertThat(queue.mechanism()).isEqualTo(IoMechanism.LIBAIO);
    assertThat(queue.depth()).isEqualTo(8);
  }

  @Test
  void fallsBackToThreadsKeepingTheDepthWhenNeitherKernelInterfaceWorks() throws Exception {
    probe.unavailable(IoMechanism.IO_URING, "ENOSYS");
    probe.unavailable(IoMechanism.LIBAIO, "libaio.so.1 is missing");
    IoQueue queue = queues.openPreferred(64, IoQueues.PREFERENCE);
    assertThat(queue.mechanism()).isEqualTo(IoMechanism.THREAD_POOL);
    assertThat(queue.depth()).isEqualTo(64);
  }

  @Test
  void movesOnWhenAProbedMechanismFailsToOpenAtThisDepth() throws Exception {
    probe.failOpen(IoMechanism.IO_URING, NativeIoException.ENOMEM);
    assertThat(queues.openPreferred(8, IoQueues.PREFERENCE).mechanism())
        .isEqualTo(IoMechanism.LIBAIO);
    assertThat(probe.opened).containsExactly(IoMechanism.IO_URING, IoMechanism.LIBAIO);
  }

  @Test
  void aRequestedMechanismThatDoesNotWorkIsAnErrorWithTheReason() {
    probe.unavailable(IoMechanism.IO_URING, "kernel.io_uring_disabled is set");
    assertThatThrownBy(() -> queues.openPreferred(8, List.of(IoMechanism.IO_URING)))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("io_uring: unavailable (kernel.io_uring_disabled is set)");
    assertThat(probe.opened).isEmpty();
  }

  @Test
  void nothingWorkingListsEveryAttempt() {
    probe.unavailable(IoMechanism.IO_URING, "ENOSYS");
    probe.unavailable(IoMechanism.LIBAIO, "missing");
    probe.unavailable(IoMechanism.THREAD_POOL, "no threads");
    assertThatThrownBy(() -> queues.openPreferred(8, IoQueues.PREFERENCE))
        .hasMessageContaining("io_uring: unavailable (ENOSYS)")
        .hasMessageContaining("libaio: unavailable (missing)")
        .hasMessageContaining("threads: unavailable (no threads)");
  }

  @Test
  void refusesDepthsOutsideOneTo4096() {
    assertThatThrownBy(() -> queues.openPreferred(0, IoQueues.PREFERENCE))
        .hasMessageContaining("depth (0) must be between 1 and 4096");
  }

  @Test
  void statusesListEveryMechanism() {
    probe.unavailable(IoMechanism.LIBAIO, "missing");
    assertThat(queues.probeAll())
        .extracting(MechanismStatus::toString)
        .containsExactly(
            "io_uring: available", "libaio: unavailable (missing)", "threads: available");
  }

  @Test
  void theSystemProbeFindsThreadsAlwaysAvailable() {
    assertThat(IoQueues.statuses()).contains(MechanismStatus.available(IoMechanism.THREAD_POOL));
  }

  private static final class FakeProbe implements MechanismProbe {
    private final Map<IoMechanism, String> reasons = new EnumMap<>(IoMechanism.class);
    private final Map<IoMechanism, Integer> openErrors = new EnumMap<>(IoMechanism.class);
    final List<IoMechanism> opened = new ArrayList<>();

    void unavailable(IoMechanism mechanism, String reason) {
      reasons.put(mechanism, reason);
    }

    void failOpen(IoMechanism mechanism, int errno) {
      openErrors.put(mechanism, errno);
    }

    @Override
    public MechanismStatus probe(IoMechanism mechanism) {
      String reason = reasons.get(mechanism);
      return reason == null
          ? MechanismStatus.available(mechanism)
          : MechanismStatus.unavailable(mechanism, reason);
    }

    @Override
    public IoQueue open(IoMechanism mechanism, int depth) throws NativeIoException {
      opened.add(mechanism);
      Integer errno = openErrors.get(mechanism);
      if (errno != null) {
        throw NativeIoException.of(errno, "open " + mechanism, "-");
      }
      return new FakeQueue(mechanism, depth);
    }
  }

  private static final class FakeQueue extends AbstractIoQueue {
    private final IoMechanism mechanism;

    FakeQueue(IoMechanism mechanism, int depth) {
      super(depth);
      this.mechanism = mechanism;
    }

    @Override
    public IoMechanism mechanism() {
      return mechanism;
    }

    @Override
    void prepare(int op, int fd, long address, int length, long offset, int slot, int index) {}

    @Override
    int submitQueued(int count) {
      return count;
    }

    @Override
    void reapInto(int min, IoCompletions into) {}

    @Override
    void release() {}
  }
}
