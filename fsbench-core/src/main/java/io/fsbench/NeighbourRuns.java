package io.fsbench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.core.engine.NeighbourFiles;
import io.fsbench.core.engine.RunNames;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * A session's {@link Neighbour}s as a run's context gives them to its workload: where the other
 * client's files are, from this run's directory. A tagged neighbour is in the shared directory
 * itself; an own one's run directory has this run's directory's name under its session directory.
 */
final class NeighbourRuns {

  private NeighbourRuns() {}

  /**
   * Refuses, before anything is made, neighbours of the wrong kind for the run: tagged ones for a
   * run in a directory of its own, own ones for a run in a shared directory (checked on the first
   * step's).
   */
  static void check(IntFunction<Neighbour> neighbours, RunNames names) {
    if (neighbours != null) {
      files(neighbours.apply(1), names, Path.of("/fsbench-run"));
    }
  }

  /** The files phase {@code step} visits, by step; none when {@code neighbours} is null. */
  static IntFunction<Optional<NeighbourFiles>> files(
      IntFunction<Neighbour> neighbours, RunNames names, Path runDirectory) {
    if (neighbours == null) {
      return step -> Optional.empty();
    }
    return step -> Optional.of(files(neighbours.apply(step), names, runDirectory));
  }

  private static NeighbourFiles files(Neighbour neighbour, RunNames names, Path runDirectory) {
    if (neighbour instanceof Neighbour.Tagged tagged) {
      if (!names.shared()) {
        throw new InvalidInputException(
            "neighbour tagged "
                + tagged.tag()
                + " is for a run in a shared directory (shareDirectory); this run has a"
                + " directory of its own: name the neighbour's directory (Neighbour.own)");
      }
      return new NeighbourFiles(runDirectory, RunNames.tagged(tagged.tag()).prefix());
    }
    Neighbour.Own own = (Neighbour.Own) neighbour;
    if (names.shared()) {
      throw new InvalidInputException(
          "neighbour in "
              + own.directory()
              + " is for a run in a directory of its own; this run shares its directory as"
              + " client "
              + names.tag()
              + ": name the neighbour's tag (Neighbour.tagged)");
    }
    return new NeighbourFiles(own.directory().resolve(runDirectory.getFileName()), "");
  }
}
