package io.fsbench.cluster.internal;

import io.fsbench.Neighbour;
import java.nio.file.Path;
import java.util.function.IntFunction;

/**
 * Whose files a client visits under mdtest's {@code -N}: in its m-th phase after create, client
 * {@code (index + m * stride) mod clients}'s, as mdtest's stat, read and remove phases visit rank
 * {@code i + S}, {@code i + 2S} and {@code i + 3S}'s. That client's names carry its index as their
 * tag, in the shared directory or in its own {@code client-N}.
 */
final class Neighbours {

  private Neighbours() {}

  static IntFunction<Neighbour> of(
      int index, int clients, int stride, boolean sharedDir, Path directory) {
    return step -> {
      long other = (index + (long) step * stride) % clients;
      Path where = sharedDir ? directory : directory.resolve("client-" + other);
      return new Neighbour(where, Long.toString(other));
    };
  }
}
