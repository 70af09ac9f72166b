package io.fsbench.cluster.internal;

import io.fsbench.cluster.ClientResult;
import io.fsbench.cluster.Stonewalled;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The stonewalled aggregate of a run's clients: their work up to the first one's finish. */
public final class Stonewalls {

  private Stonewalls() {}

  /** What {@code clients} did until the first of them ended; see {@link Stonewalled}. */
  public static Stonewalled of(List<ClientResult> clients) {
    long firstEnd = clients.stream().mapToLong(ClientResult::endMicros).min().orElseThrow();
    double bytes = 0;
    double ios = 0;
    List<ClientResult> cut = new ArrayList<>();
    for (ClientResult client : clients) {
      double share = shareBefore(client, firstEnd);
      bytes += client.ioBytes() * share;
      ios += ios(client) * share;
      long start = Math.min(client.startMicros(), firstEnd);
      cut.add(
          new ClientResult(
              client.address(),
              client.hostname(),
              client.run(),
              start,
              Math.min(client.endMicros(), firstEnd),
              client.startedMicros(),
              client.offsetMicros(),
              client.rttMicros()));
    }
    return new Stonewalled(
        Math.round(bytes), Math.round(ios), Duration.ofNanos(Aggregation.unionMicros(cut) * 1000));
  }

  /** The part of the client's window before {@code moment}, 0 to 1. */
  static double shareBefore(ClientResult client, long moment) {
    if (client.endMicros() <= moment) {
      return 1;
    }
    if (client.startMicros() >= moment) {
      return 0;
    }
    return (double) (moment - client.startMicros()) / (client.endMicros() - client.startMicros());
  }

  private static long ios(ClientResult client) {
    return client.run().jobs().stream()
        .mapToLong(j -> j.read().totalIos() + j.write().totalIos() + j.trim().totalIos())
        .sum();
  }
}
