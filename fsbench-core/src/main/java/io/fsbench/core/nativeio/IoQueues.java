package io.fsbench.core.nativeio;

import java.util.ArrayList;
import java.util.List;

/**
 * Opens {@link IoQueue}s on the best mechanism this host offers: io_uring, else libaio, else one
 * thread per slot. Every mechanism keeps the full depth in flight; none silently falls back to
 * depth 1. {@link IoQueue#mechanism()} tells which one a queue uses.
 *
 * <pre>{@code
 * try (IoQueue queue = IoQueues.open(32)) {
 *   report.put("mechanism", queue.mechanism().id());
 * }
 * }</pre>
 */
public final class IoQueues {

  /** The deepest queue we open; fio allows more, but beyond this no device gains anything. */
  public static final int MAX_DEPTH = 4096;

  /** The order in which {@link #open(int)} tries mechanisms. */
  public static final List<IoMechanism> PREFERENCE =
      List.of(IoMechanism.IO_URING, IoMechanism.LIBAIO, IoMechanism.THREAD_POOL);

  private final MechanismProbe probe;

  IoQueues(MechanismProbe probe) {
    this.probe = probe;
  }

  private static final IoQueues SYSTEM = new IoQueues(MechanismProbe.cached(MechanismProbe.SYSTEM));

  /** A queue of {@code depth} on the first mechanism of {@link #PREFERENCE} that works here. */
  public static IoQueue open(int depth) throws NativeIoException {
    return SYSTEM.openPreferred(depth, PREFERENCE);
  }

  /**
   * A queue of {@code depth} on exactly {@code mechanism}.
   *
   * @throws UnsupportedOperationException naming the reason when it does not work here
   */
  public static IoQueue open(int depth, IoMechanism mechanism) throws NativeIoException {
    return SYSTEM.openPreferred(depth, List.of(mechanism));
  }

  /** Each mechanism and whether it works here, for {@code fsbench plugins}-style reports. */
  public static List<MechanismStatus> statuses() {
    return SYSTEM.probeAll();
  }

  List<MechanismStatus> probeAll() {
    List<MechanismStatus> statuses = new ArrayList<>();
    for (IoMechanism mechanism : IoMechanism.values()) {
      statuses.add(probe.probe(mechanism));
    }
    return List.copyOf(statuses);
  }

  IoQueue openPreferred(int depth, List<IoMechanism> preference) throws NativeIoException {
    if (depth < 1 || depth > MAX_DEPTH) {
      throw new IllegalArgumentException(
          "depth (" + depth + ") must be between 1 and " + MAX_DEPTH);
    }
    List<String> failures = new ArrayList<>();
    for (IoMechanism mechanism : preference) {
      MechanismStatus status = probe.probe(mechanism);
      if (!status.available()) {
        failures.add(status.toString());
        continue;
      }
      try {
        return probe.open(mechanism, depth);
      } catch (NativeIoException e) {
        // Probing passed but this depth did not (e.g. fs.aio-max-nr): try the next one.
        failures.add(mechanism.id() + ": " + e.getMessage());
        if (preference.size() == 1) {
          throw e;
        }
      }
    }
    throw new UnsupportedOperationException(
        "cannot open an I/O queue of depth " + depth + " with " + preference + ": " + failures);
  }
}
