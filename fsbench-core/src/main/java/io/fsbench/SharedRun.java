package io.fsbench;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.core.engine.FinishRequest;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.engine.RunNames;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.volume.OpenVolumes;
import io.fsbench.core.volume.SecureTree;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link Session}'s run in a directory shared with other clients: the run makes its names there
 * with the client's tag, and afterwards exactly the names with that tag are removed. A run starts
 * only when the directory holds none, so every name removed is one this run made (never one of
 * another client, a user, or a killed run, which the run refuses to start beside).
 */
final class SharedRun {

  private static final Logger log = LoggerFactory.getLogger(Session.class);

  private SharedRun() {}

  /**
   * Runs {@code work} in {@code directory} as this client, as work that a signal waits for and
   * cancels, and removes the client's names afterwards.
   *
   * @throws InvalidInputException before anything is made when the directory holds a name with this
   *     client's tag
   */
  static <T> T run(
      Path directory,
      RunNames names,
      DoubleConsumer progress,
      Consumer<String> messages,
      AtomicBoolean cancelled,
      FinishRequest finish,
      Function<WorkloadContext, T> work) {
    requireNoneOf(directory, names);
    try (OpenVolumes.Work running = OpenVolumes.beginWork(cancelled)) {
      return work.apply(
          new RunContext(directory, null, progress, cancelled, messages, finish, names));
    } finally {
      removeOwn(directory, names);
    }
  }

  /** Refuses a directory that already holds a name with this client's prefix. */
  static void requireNoneOf(Path directory, RunNames names) {
    List<Path> found = own(directory, names, 1);
    if (!found.isEmpty()) {
      throw new InvalidInputException(
          "shared directory ("
              + directory
              + ") already holds "
              + found.get(0).getFileName()
              + ", a name with this client's tag ("
              + names.tag()
              + "): another client runs with the same tag, or a killed run left it; give every"
              + " client its own tag, or remove what starts with '"
              + names.prefix()
              + "' there");
    }
  }

  /**
   * Removes every entry of the directory that carries this client's prefix: a directory with what
   * it holds (opened without following links), anything else by unlinking it (a link itself, never
   * what it points to).
   */
  static void removeOwn(Path directory, RunNames names) {
    for (Path path : own(directory, names, Integer.MAX_VALUE)) {
      try {
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
          SecureTree.remove(path);
        } else {
          Files.deleteIfExists(path);
        }
      } catch (IOException | RuntimeException e) {
        log.warn("could not remove {} from the shared directory: {}", path, e.getMessage());
      }
    }
  }

  /** Up to {@code limit} entries of the directory whose names start with the client's prefix. */
  private static List<Path> own(Path directory, RunNames names, int limit) {
    String prefix = names.prefix();
    List<Path> found = new ArrayList<>();
    try (DirectoryStream<Path> entries =
        Files.newDirectoryStream(directory, p -> p.getFileName().toString().startsWith(prefix))) {
      for (Path entry : entries) {
        found.add(entry);
        if (found.size() >= limit) {
          break;
        }
      }
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot list the shared directory " + directory + ": " + e.getMessage(),
          e);
    }
    return found;
  }
}
