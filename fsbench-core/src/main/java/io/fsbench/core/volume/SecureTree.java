package io.fsbench.core.volume;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * Removes directory trees through {@link SecureDirectoryStream}s — openat(O_NOFOLLOW) and unlinkat
 * relative to open directories, as {@code rm -rf} does — so that no symbolic link is followed, not
 * even one swapped in while the removal runs: a link is removed, never what it points to.
 */
public final class SecureTree {

  private SecureTree() {}

  /** Counts what a removal took away. */
  public interface Removed {
    void removed(boolean directory);

    Removed NOTHING = directory -> {};
  }

  /** Thrown when the directory to remove is not the one expected; nothing was removed. */
  public static final class NotTheSameDirectory extends IOException {
    private static final long serialVersionUID = 1L;

    NotTheSameDirectory(String message) {
      super(message);
    }
  }

  /**
   * The identity of a directory (its device and inode, as the JDK's file key prints them), read
   * without following a link; a directory replaced by another has another identity.
   */
  public static String identity(Path directory) throws IOException {
    BasicFileAttributes attributes =
        Files.readAttributes(directory, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!attributes.isDirectory()) {
      throw new NotTheSameDirectory(directory + " is not a directory (or is a link)");
    }
    return String.valueOf(attributes.fileKey());
  }

  /** Removes {@code root} and everything below it; nothing when it does not exist. */
  public static void remove(Path root) throws IOException {
    remove(root, null, true, Removed.NOTHING);
  }

  /**
   * Removes the directory {@code root} and what it holds, opening it from its parent without
   * following links.
   *
   * @param identity the {@link #identity} recorded when it was made; null when none was
   * @param nonEmpty whether a directory holding entries may be removed; without an identity a
   *     caller that cannot trust the parent passes false, and only an empty directory goes
   * @return false when there was nothing to remove
   * @throws NotTheSameDirectory when it is a link, a file, or not the directory recorded
   */
  public static boolean remove(Path root, String identity, boolean nonEmpty, Removed counts)
      throws IOException {
    Path absolute = root.toAbsolutePath().normalize();
    Path parent = Objects.requireNonNull(absolute.getParent(), "cannot remove /");
    Path name = absolute.getFileName();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(parent)) {
      if (!(stream instanceof SecureDirectoryStream<Path> secure)) {
        throw new IOException(
            "this JVM cannot open directories relative to each other here, so fsbench will not"
                + " remove "
                + absolute
                + "; remove it by hand");
      }
      BasicFileAttributes attributes;
      try {
        attributes = attributesOf(secure, name);
      } catch (NoSuchFileException e) {
        return false;
      }
      if (!attributes.isDirectory()) {
        throw new NotTheSameDirectory(
            absolute + " is no longer a directory (a link or a file was put in its place)");
      }
      try (SecureDirectoryStream<Path> child =
          secure.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
        String actual =
            String.valueOf(
                child
                    .getFileAttributeView(BasicFileAttributeView.class)
                    .readAttributes()
                    .fileKey());
        if (identity != null && !identity.equals(actual)) {
          throw new NotTheSameDirectory(
              absolute + " is not the directory fsbench made there (it was replaced since)");
        }
        if (nonEmpty) {
          removeContents(child, counts);
        }
      }
      try {
        secure.deleteDirectory(name);
      } catch (DirectoryNotEmptyException e) {
        throw new NotTheSameDirectory(
            absolute
                + " is not empty, and fsbench has no record of having made it, so it is left"
                + " alone");
      }
      counts.removed(true);
      return true;
    }
  }

  /** Removes everything in {@code dir}; unlinks first and descends only where that fails. */
  public static void removeContents(SecureDirectoryStream<Path> dir, Removed counts)
      throws IOException {
    for (Path entry : dir) {
      Path name = entry.getFileName();
      try {
        dir.deleteFile(name);
        counts.removed(false);
      } catch (NoSuchFileException gone) {
        // removed meanwhile; nothing to do
      } catch (FileSystemException e) {
        if (!attributesOf(dir, name).isDirectory()) {
          throw e;
        }
        try (SecureDirectoryStream<Path> child =
            dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
          removeContents(child, counts);
        }
        dir.deleteDirectory(name);
        counts.removed(true);
      }
    }
  }

  private static BasicFileAttributes attributesOf(SecureDirectoryStream<Path> dir, Path name)
      throws IOException {
    return dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
        .readAttributes();
  }
}
