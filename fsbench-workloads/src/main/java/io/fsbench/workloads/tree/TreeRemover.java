package io.fsbench.workloads.tree;

import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeDirectory;
import io.fsbench.core.volume.SecureTree;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * {@code rm -rf} that never leaves the tree it was given: symbolic links are removed, never
 * followed, and the root must lie strictly inside a boundary directory (the workload's own).
 *
 * <p>On Linux it works through {@link SecureDirectoryStream}s, i.e. openat(O_NOFOLLOW) and unlinkat
 * relative to open directories, so even a directory swapped for a link while it runs cannot
 * redirect it. Like rm it does not stat what it removes: it unlinks each entry and only when that
 * fails because the entry is a directory, descends into it.
 */
final class TreeRemover {

  private TreeRemover() {}

  /**
   * Removes {@code root} and everything below it; nothing when it does not exist.
   *
   * @throws IllegalArgumentException when {@code root} is not strictly inside {@code boundary}
   */
  static TreeCounts remove(Path root, Path boundary) throws IOException {
    requireInside(root, boundary);
    TreeCounts counts = new TreeCounts();
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(root, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return counts;
    }
    if (!attributes.isDirectory()) {
      Files.delete(root); // a file, or a link: the link goes, not what it points to
      counts.file();
      return counts;
    }
    if (FileCalls.available()) {
      try (NativeDirectory dir = NativeDirectory.open(root)) {
        removeContents(dir, counts);
      }
      Files.delete(root);
      counts.directory();
      return counts;
    }
    return removeWithJdk(root, counts);
  }

  /** The same through the JDK's secure directory streams; for JVMs without libc access. */
  static TreeCounts removeWithJdk(Path root, TreeCounts counts) throws IOException {
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(root)) {
      if (stream instanceof SecureDirectoryStream<Path> secure) {
        SecureTree.removeContents(secure, counts::removed);
      } else {
        removeByWalking(root, counts);
        return counts;
      }
    }
    Files.delete(root);
    counts.directory();
    return counts;
  }

  static void requireInside(Path root, Path boundary) {
    Path r = root.toAbsolutePath().normalize();
    Path b = boundary.toAbsolutePath().normalize();
    if (!r.startsWith(b) || r.equals(b)) {
      throw new IllegalArgumentException(
          "refusing to remove " + root + ": it is not inside the workload directory " + boundary);
    }
  }

  private static void removeContents(NativeDirectory dir, TreeCounts counts) throws IOException {
    while (dir.next()) {
      if (dir.type() == NativeDirectory.DT_DIR) {
        try (NativeDirectory child = dir.openEntry()) {
          removeContents(child, counts);
        }
        dir.removeEntry(true);
        counts.directory();
      } else {
        dir.removeEntry(false); // a link goes, never what it points to
        counts.file();
      }
    }
  }

  /** Where the JDK has no secure directory streams: a walk that does not follow links. */
  private static void removeByWalking(Path root, TreeCounts counts) throws IOException {
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.delete(file);
            counts.file();
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
            if (e != null) {
              throw e;
            }
            Files.delete(dir);
            counts.directory();
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
