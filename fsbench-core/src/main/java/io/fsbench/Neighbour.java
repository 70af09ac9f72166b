package io.fsbench;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Another client's files, for a phase of fsmark that visits them rather than this client's own
 * (mdtest's {@code -N}: stat, read, rename or remove what a neighbour created, so that no client
 * finds its own files in its cache). The other client ran the same spec, so its file names follow
 * from its tag and the spec's seed: nothing is listed. See {@link Session#neighbours}.
 */
public sealed interface Neighbour {

  /**
   * In the directory this client shares with it ({@link Session#shareDirectory}), its names tagged
   * {@code tag}.
   *
   * @param tag the other client's tag, as it gave {@code shareDirectory}
   */
  record Tagged(String tag) implements Neighbour {
    public Tagged {
      Objects.requireNonNull(tag, "tag");
      if (tag.isEmpty()) {
        throw new InvalidInputException(
            "the neighbour's tag is empty; give the other client's tag");
      }
    }
  }

  /**
   * In a directory of its own: {@code directory} is the other client's session directory (its
   * {@code Target.directory}), in which its run has a run directory of the same name as this
   * client's (each client's first run of a fresh session).
   *
   * @param directory the other client's session directory, absolute
   */
  record Own(Path directory) implements Neighbour {
    public Own {
      Objects.requireNonNull(directory, "directory");
      if (!directory.isAbsolute()) {
        throw new InvalidInputException(
            "the neighbour's directory (" + directory + ") must be absolute");
      }
    }
  }

  /** Another client's files in the directory shared with it, tagged {@code tag}. */
  static Neighbour tagged(String tag) {
    return new Tagged(tag);
  }

  /** Another client's files in its own session directory {@code directory}. */
  static Neighbour own(Path directory) {
    return new Own(directory);
  }
}
