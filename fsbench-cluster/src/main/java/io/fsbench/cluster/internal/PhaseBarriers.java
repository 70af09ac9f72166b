package io.fsbench.cluster.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The controller's side of the phase barriers of one run: which client arrived at which barrier,
 * and when every one of the {@code clients} has, so that the go is sent. Barriers are numbered in
 * the order the clients meet them; every client must name the same phase at the same number (they
 * run the same workload), or the run is refused rather than mixing phases.
 */
final class PhaseBarriers {

  private final int clients;
  private int seq; // the barrier the clients are meeting at
  private String phase;
  private final TreeSet<Integer> arrived = new TreeSet<>();
  private long firstArrivalNanos;

  PhaseBarriers(int clients) {
    this.clients = clients;
  }

  /**
   * Client {@code index} arrived at barrier {@code at}, before {@code name}; the number of the
   * barrier to release when it was the last one there.
   *
   * @throws IllegalArgumentException naming both phases when clients disagree on the phase, or for
   *     a barrier other than the one being met
   */
  Optional<Integer> arrive(int index, int at, String name, long nowNanos) {
    if (at != seq) {
      throw new IllegalArgumentException(
          "client "
              + index
              + " arrived at barrier "
              + at
              + " ("
              + name
              + ") while the clients meet at barrier "
              + seq
              + (phase == null ? "" : " (" + phase + ")"));
    }
    if (phase == null) {
      phase = name;
      firstArrivalNanos = nowNanos;
    } else if (!phase.equals(name)) {
      throw new IllegalArgumentException(
          "client "
              + index
              + " reached the "
              + name
              + " phase where the others reached "
              + phase
              + "; a cluster run's clients run the same phases");
    }
    if (!arrived.add(index)) {
      throw new IllegalArgumentException("client " + index + " arrived twice at barrier " + at);
    }
    if (arrived.size() < clients) {
      return Optional.empty();
    }
    int released = seq++;
    arrived.clear();
    phase = null;
    return Optional.of(released);
  }

  /** Whether some client waits at a barrier the others have not all reached. */
  boolean waiting() {
    return !arrived.isEmpty();
  }

  /** When the first client arrived at the barrier being met (only when {@link #waiting()}). */
  long firstArrivalNanos() {
    return firstArrivalNanos;
  }

  /** The clients not yet at the barrier being met, by index. */
  List<Integer> missing() {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      if (!arrived.contains(i)) {
        out.add(i);
      }
    }
    return out;
  }

  /**
   * Where the run is, for a fault's message: {@code while clients [0, 2] waited at the barrier
   * before stat}, or nothing when nobody waits.
   */
  String describe() {
    if (!waiting()) {
      return "";
    }
    String where =
        "end".equals(phase) ? "the barrier after the last phase" : "the barrier before " + phase;
    return " while clients " + arrived + " waited at " + where;
  }
}
