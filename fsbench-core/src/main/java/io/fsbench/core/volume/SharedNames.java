package io.fsbench.core.volume;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The names a run makes with its client's prefix ({@code TAG.}) in a directory shared with other
 * clients, recorded in the registry while the run lasts, so that what a killed run left is released
 * by the next start or {@code fsbench cleanup}, as its own directory would be. A run opens it only
 * when the directory holds no name with the prefix, so every name removed is one the run made.
 */
public final class SharedNames implements AutoCloseable {

  static final String PREFIX = "prefix";
  static final Pattern VALID_PREFIX = Pattern.compile("[A-Za-z0-9_-]{1,64}\\.");

  private final ResourceRegistry registry;
  private final Path directory;
  private final String prefix;
  private ResourceEntry entry;

  private SharedNames(ResourceRegistry registry, Path directory, String prefix) {
    this.registry = registry;
    this.directory = directory;
    this.prefix = prefix;
  }

  /**
   * Refuses a directory that already holds a name with {@code prefix}, then records the names the
   * run will make there, with the directory's identity.
   *
   * @throws InvalidInputException naming the name found and what to do
   */
  public static SharedNames open(ResourceRegistry registry, Path directory, String tag) {
    Path dir = directory.toAbsolutePath().normalize();
    String prefix = tag + ".";
    requireNone(dir, tag);
    SharedNames names = new SharedNames(registry, dir, prefix);
    String identity;
    try {
      identity = SecureTree.identity(dir);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot use the shared directory " + dir + ": " + e.getMessage(),
          e);
    }
    names.entry =
        registry.record(
            ResourceKind.SHARED_NAMES,
            Map.of("path", dir.toString(), PREFIX, prefix, VolumeFactory.IDENTITY, identity));
    return names;
  }

  /** Refuses a directory that holds a name starting with {@code tag} and a dot. */
  public static void requireNone(Path directory, String tag) {
    List<Path> found = list(directory, tag + ".", 1);
    if (!found.isEmpty()) {
      throw new InvalidInputException(
          "shared directory ("
              + directory
              + ") already holds "
              + found.get(0).getFileName()
              + ", a name with this client's tag ("
              + tag
              + "): another client runs with the same tag, or a killed run left it ('fsbench"
              + " cleanup' releases what a killed run recorded); give every client its own tag,"
              + " or remove what starts with '"
              + tag
              + ".' there");
    }
  }

  /**
   * Removes every name with the prefix and drops the record; a name that cannot be removed keeps
   * the record for {@code fsbench cleanup}.
   *
   * @throws FsBenchException naming what could not be removed
   */
  @Override
  public void close() {
    if (entry == null) {
      return;
    }
    List<String> failed =
        removeAll(directory, prefix, entry.attributes().get(VolumeFactory.IDENTITY));
    if (!failed.isEmpty()) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "could not remove from the shared directory "
              + directory
              + ": "
              + String.join("; ", failed)
              + "; recorded for 'fsbench cleanup'");
    }
    registry.drop(entry);
    entry = null;
  }

  /**
   * Removes the directory's entries whose names start with {@code prefix}, through directory
   * descriptors as {@code rm -rf} does: the directory is opened from its parent without following a
   * link (and, given its identity, only while it is still that directory), a directory entry is
   * removed with what it holds, anything else unlinked (a link itself, never what it points to).
   *
   * @param identity the directory's identity when the names were recorded; null to skip the check
   * @return what could not be removed, and why
   */
  static List<String> removeAll(Path directory, String prefix, String identity) {
    List<String> failed = new ArrayList<>();
    Path dir = directory.toAbsolutePath().normalize();
    try (DirectoryStream<Path> parent = Files.newDirectoryStream(dir.getParent())) {
      if (!(parent instanceof SecureDirectoryStream<Path> secure)) {
        return List.of(
            dir
                + " (this JVM cannot open directories relative to each other; remove the names"
                + " starting with '"
                + prefix
                + "' by hand)");
      }
      try (SecureDirectoryStream<Path> shared =
          secure.newDirectoryStream(dir.getFileName(), LinkOption.NOFOLLOW_LINKS)) {
        Object key =
            shared.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
        if (identity != null && !identity.equals(String.valueOf(key))) {
          return List.of(dir + " (it is not the directory the names were made in; left alone)");
        }
        List<Path> own = new ArrayList<>();
        for (Path entry : shared) {
          if (entry.getFileName().toString().startsWith(prefix)) {
            own.add(entry.getFileName());
          }
        }
        for (Path name : own) {
          try {
            removeEntry(shared, name);
          } catch (IOException | RuntimeException e) {
            failed.add(name + " (" + e.getMessage() + ")");
          }
        }
      }
    } catch (NoSuchFileException gone) {
      return List.of(); // the directory itself is gone, and with it every name
    } catch (IOException e) {
      failed.add(dir + " (" + e.getMessage() + ")");
    }
    return failed;
  }

  private static void removeEntry(SecureDirectoryStream<Path> dir, Path name) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes =
          dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
              .readAttributes();
    } catch (NoSuchFileException gone) {
      return;
    }
    if (!attributes.isDirectory()) {
      dir.deleteFile(name);
      return;
    }
    try (SecureDirectoryStream<Path> child =
        dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
      SecureTree.removeContents(child, SecureTree.Removed.NOTHING);
    }
    dir.deleteDirectory(name);
  }

  /** Up to {@code limit} entries of the directory whose names start with {@code prefix}. */
  private static List<Path> list(Path directory, String prefix, int limit) {
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
