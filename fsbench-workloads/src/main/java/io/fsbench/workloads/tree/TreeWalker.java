package io.fsbench.workloads.tree;

import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeDirectory;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Walks a tree without following links: getdents64 of every directory and an lstat (statx relative
 * to the open directory) of every entry, as {@code ls -lR} and {@code du} do. The find variant
 * matches every name against a glob and, like GNU find, stats nothing: the kernel's d_type says
 * which entries are directories.
 */
final class TreeWalker {

  private final PathMatcher matcher;
  private long matches;

  private TreeWalker(PathMatcher matcher) {
    this.matcher = matcher;
  }

  /** Counts the entries below {@code root}. */
  static TreeCounts walk(Path root) throws IOException {
    return new TreeWalker(null).run(root);
  }

  /** Walks as {@link #walk} and counts names matching {@code glob}; see {@link #matches()}. */
  static TreeWalker find(Path root, String glob, TreeCounts into) throws IOException {
    TreeWalker walker = new TreeWalker(FileSystems.getDefault().getPathMatcher("glob:" + glob));
    TreeCounts counts = walker.run(root);
    into.files = counts.files;
    into.directories = counts.directories;
    return walker;
  }

  long matches() {
    return matches;
  }

  private TreeCounts run(Path root) throws IOException {
    TreeCounts counts = new TreeCounts();
    if (FileCalls.available()) {
      try (NativeDirectory dir = NativeDirectory.open(root)) {
        walk(dir, counts);
      }
      return counts;
    }
    return runWithJdk(root, counts);
  }

  /**
   * readdir and, for the walk, a statx of every entry relative to its directory; the find reads
   * only names and d_type, as GNU find -name does.
   */
  private void walk(NativeDirectory dir, TreeCounts counts) throws IOException {
    while (dir.next()) {
      if (matcher == null) {
        dir.lstatSize();
      } else {
        match(Path.of(dir.name()));
      }
      if (dir.type() == NativeDirectory.DT_DIR) {
        counts.directory();
        try (NativeDirectory child = dir.openEntry()) {
          walk(child, counts);
        }
      } else {
        counts.file();
      }
    }
  }

  /** The same through the JDK, which stats every entry; for JVMs without libc access. */
  TreeCounts runWithJdk(Path root, TreeCounts counts) throws IOException {
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(root)) {
      if (stream instanceof SecureDirectoryStream<Path> secure) {
        walk(secure, counts);
        return counts;
      }
    }
    walkByPath(root, counts);
    return counts;
  }

  private void walk(SecureDirectoryStream<Path> dir, TreeCounts counts) throws IOException {
    for (Path entry : dir) {
      Path name = entry.getFileName();
      BasicFileAttributes attrs =
          dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
              .readAttributes();
      match(name);
      if (attrs.isDirectory()) {
        counts.directory();
        try (SecureDirectoryStream<Path> child =
            dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
          walk(child, counts);
        }
      } else {
        counts.file();
      }
    }
  }

  private void match(Path name) {
    if (matcher != null && matcher.matches(name)) {
      matches++;
    }
  }

  private void walkByPath(Path root, TreeCounts counts) throws IOException {
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
            if (!dir.equals(root)) {
              counts.directory();
              match(dir.getFileName());
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            counts.file();
            match(file.getFileName());
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
