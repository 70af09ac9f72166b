package io.fsbench;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Another client's files, for a phase of fsmark that visits them rather than this client's own
 * (mdtest's {@code -N}: stat, read, rename or remove what a neighbour created, so that no client
 * finds its own files in its cache): they are in {@code directory}, each name tagged {@code tag},
 * as the other client's {@link Session#shareDirectory} made them there. The other client ran the
 * same spec, so its file names follow from its tag and the spec's seed: nothing is listed. See
 * {@link Session#neighbours}.
 *
 * <pre>{@code
 * Neighbour inShared = new Neighbour(shared, "2");             // mdtest's shared directory
 * Neighbour inItsOwn = new Neighbour(base.resolve("client-2"), "2"); // mdtest -u
 * }</pre>
 *
 * @param directory where the other client made its files, absolute: the directory it shares with
 *     this client, or one of its own
 * @param tag the other client's tag, as it gave {@code shareDirectory}
 */
public record Neighbour(Path directory, String tag) {

  public Neighbour {
    Objects.requireNonNull(directory, "directory");
    Objects.requireNonNull(tag, "tag");
    if (!directory.isAbsolute()) {
      throw new InvalidInputException(
          "the neighbour's directory (" + directory + ") must be absolute");
    }
    if (tag.isEmpty()) {
      throw new InvalidInputException("the neighbour's tag is empty; give the other client's tag");
    }
  }
}
