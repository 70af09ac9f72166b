package io.fsbench.core.engine;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where another client's files of the same spec are, for a phase that visits them (mdtest's {@code
 * -N}): the directory its names are in, and what they start with.
 *
 * @param root the directory of the other client's run (or the directory shared with it)
 * @param prefix what each of its names starts with: its {@code TAG.} in a shared directory, else
 *     nothing
 */
public record NeighbourFiles(Path root, String prefix) {
  public NeighbourFiles {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(prefix, "prefix");
  }
}
