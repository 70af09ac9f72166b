package io.fsbench.workloads.tree;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;

/**
 * Writes a tree as a POSIX tar archive, as {@code tar cf} does: directories, regular files,
 * symbolic links, and hard links as links to the first name seen. Entries are named relative to the
 * tree's parent, so the archive extracts to a directory of the tree's name. Writing goes through
 * commons-compress.
 */
final class TarCreator {

  private final byte[] buffer = new byte[1 << 16];

  /** Archives {@code tree} into a new file {@code archive}. */
  TreeCounts create(Path tree, Path archive) throws IOException {
    TreeCounts counts = new TreeCounts();
    Path base = tree.toAbsolutePath();
    // Only files with more than one link are remembered: per-link state, never per file.
    Map<Object, String> linked = new HashMap<>();
    try (TarArchiveOutputStream tar = newArchive(archive)) {
      Files.walkFileTree(
          tree,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
                throws IOException {
              if (dir.equals(tree)) {
                return FileVisitResult.CONTINUE;
              }
              TarArchiveEntry entry = new TarArchiveEntry(name(base, dir) + "/");
              describe(entry, attrs);
              tar.putArchiveEntry(entry);
              tar.closeArchiveEntry();
              counts.directory();
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path path, BasicFileAttributes attrs)
                throws IOException {
              String name = name(base, path);
              if (attrs.isSymbolicLink()) {
                TarArchiveEntry entry = new TarArchiveEntry(name, TarConstants.LF_SYMLINK);
                entry.setLinkName(Files.readSymbolicLink(path).toString());
                describe(entry, attrs);
                tar.putArchiveEntry(entry);
                tar.closeArchiveEntry();
              } else if (attrs.isRegularFile()) {
                String first = firstName(path, attrs, name, linked);
                if (first != null) {
                  TarArchiveEntry entry = new TarArchiveEntry(name, TarConstants.LF_LINK);
                  entry.setLinkName(first);
                  describe(entry, attrs);
                  tar.putArchiveEntry(entry);
                  tar.closeArchiveEntry();
                } else {
                  TarArchiveEntry entry = new TarArchiveEntry(name);
                  describe(entry, attrs);
                  entry.setSize(attrs.size());
                  tar.putArchiveEntry(entry);
                  counts.bytes += copyInto(path, tar, attrs.size());
                  tar.closeArchiveEntry();
                }
              } else {
                return FileVisitResult.CONTINUE; // devices, sockets, fifos: skipped
              }
              counts.file();
              return FileVisitResult.CONTINUE;
            }
          });
      tar.finish();
    }
    return counts;
  }

  /**
   * A new POSIX tar archive at {@code archive}, which must not exist: UTF-8 names, PAX headers for
   * long names and big numbers, written through a 64 KiB buffer.
   */
  static TarArchiveOutputStream newArchive(Path archive) throws IOException {
    OutputStream file =
        Files.newOutputStream(archive, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    TarArchiveOutputStream tar =
        new TarArchiveOutputStream(
            new BufferedOutputStream(file, 1 << 16), StandardCharsets.UTF_8.name());
    tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
    tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
    return tar;
  }

  private static String name(Path base, Path path) {
    return base.relativize(path.toAbsolutePath()).toString();
  }

  /** The name this file was archived under if it is a hard link to one already archived. */
  private static String firstName(
      Path path, BasicFileAttributes attrs, String name, Map<Object, String> linked)
      throws IOException {
    Object key = attrs.fileKey();
    if (key == null) {
      return null;
    }
    int links = (Integer) Files.getAttribute(path, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
    if (links < 2) {
      return null;
    }
    return linked.putIfAbsent(key, name);
  }

  private static void describe(TarArchiveEntry entry, BasicFileAttributes attrs) {
    entry.setModTime(attrs.lastModifiedTime());
    if (attrs instanceof PosixFileAttributes posix) {
      int mode = 0;
      for (PosixFilePermission p : posix.permissions()) {
        mode |= 1 << (8 - p.ordinal());
      }
      entry.setMode((entry.getMode() & ~0777) | mode);
    }
  }

  private long copyInto(Path path, OutputStream out, long size) throws IOException {
    long copied = 0;
    try (FileChannel in = FileChannel.open(path, StandardOpenOption.READ)) {
      ByteBuffer wrapped = ByteBuffer.wrap(buffer);
      while (copied < size) {
        wrapped.clear().limit((int) Math.min(buffer.length, size - copied));
        int n = in.read(wrapped);
        if (n < 0) {
          throw new IOException(path + " shrank while being archived");
        }
        out.write(buffer, 0, n);
        copied += n;
      }
    }
    return copied;
  }
}
