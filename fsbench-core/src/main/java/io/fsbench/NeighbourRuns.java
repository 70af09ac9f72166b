package io.fsbench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.core.engine.NeighbourFiles;
import io.fsbench.core.engine.RunNames;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * A session's {@link Neighbour}s as a run's context gives them to its workload: the other client's
 * directory and the prefix of its names. Only a run whose own names are tagged can have neighbours:
 * they find its files by its tag as it finds theirs.
 */
final class NeighbourRuns {

  private NeighbourRuns() {}

  /** Refuses neighbours for a run whose names are not tagged, before anything is made. */
  static void check(IntFunction<Neighbour> neighbours, RunNames names) {
    if (neighbours != null && !names.shared()) {
      throw new InvalidInputException(
          "neighbours (visiting another client's files) need this client's names tagged too, as"
              + " its neighbours find them by its tag: call shareDirectory(TAG) on the session,"
              + " in the shared directory or in a directory of the client's own");
    }
  }

  /** The files phase {@code step} visits, by step; none when {@code neighbours} is null. */
  static IntFunction<Optional<NeighbourFiles>> files(
      IntFunction<Neighbour> neighbours, RunNames names) {
    if (neighbours == null) {
      return step -> Optional.empty();
    }
    check(neighbours, names);
    return step -> {
      Neighbour other = neighbours.apply(step);
      return Optional.of(
          new NeighbourFiles(other.directory(), RunNames.tagged(other.tag()).prefix()));
    };
  }
}
