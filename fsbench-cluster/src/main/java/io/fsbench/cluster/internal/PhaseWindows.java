package io.fsbench.cluster.internal;

import io.fsbench.cluster.PhaseTotals;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The clients' windows of one phase as the aggregate's: counts added, the time the length of the
 * union of the windows (the time during which at least one client was in the phase), from the first
 * start to the last end. Overlapping windows count once; a gap between windows (clients that
 * drifted apart without barriers) counts not at all.
 */
final class PhaseWindows {

  private PhaseWindows() {}

  /** The aggregate of the same phase on several clients, its windows in one clock. */
  static PhaseTotals union(List<PhaseTotals> clients) {
    if (clients.isEmpty()) {
      throw new IllegalArgumentException("no client ran the phase");
    }
    String name = clients.get(0).phase();
    long files = 0;
    long directories = 0;
    long bytes = 0;
    for (PhaseTotals client : clients) {
      if (!client.phase().equals(name)) {
        throw new IllegalArgumentException(
            "phases " + name + " and " + client.phase() + " are not one phase");
      }
      files += client.files();
      directories += client.directories();
      bytes += client.bytes();
    }
    List<PhaseTotals> byStart = new ArrayList<>(clients);
    byStart.sort(Comparator.comparing(PhaseTotals::started));
    Duration covered = Duration.ZERO;
    Instant from = byStart.get(0).started();
    Instant to = byStart.get(0).ended();
    for (PhaseTotals window : byStart.subList(1, byStart.size())) {
      if (window.started().isAfter(to)) {
        covered = covered.plus(Duration.between(from, to));
        from = window.started();
        to = window.ended();
      } else if (window.ended().isAfter(to)) {
        to = window.ended();
      }
    }
    covered = covered.plus(Duration.between(from, to));
    Instant last =
        clients.stream().map(PhaseTotals::ended).max(Comparator.naturalOrder()).orElseThrow();
    return new PhaseTotals(
        name, files, directories, bytes, covered, byStart.get(0).started(), last);
  }

  /** {@code phase} moved by {@code micros}: a client's clock into the controller's. */
  static PhaseTotals shifted(PhaseTotals phase, long micros) {
    return new PhaseTotals(
        phase.phase(),
        phase.files(),
        phase.directories(),
        phase.bytes(),
        phase.time(),
        phase.started().plusNanos(micros * 1000),
        phase.ended().plusNanos(micros * 1000));
  }
}
