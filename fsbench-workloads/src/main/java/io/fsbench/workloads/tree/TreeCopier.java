package io.fsbench.workloads.tree;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

/**
 * Copies a tree as {@code cp -r} does: directories are made, regular files copied through a 128 KiB
 * buffer (cp's), symbolic links recreated as links (never followed), hard links copied as separate
 * files; modes and times are not preserved. Copying again over an existing copy truncates and
 * rewrites every file, as {@code cp -rf} over its own earlier output does.
 *
 * <p>Targets are opened with O_NOFOLLOW, so a link in the target tree is never written through.
 */
final class TreeCopier {

  static final int BUFFER = 128 << 10;

  private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ);
  private static final Set<OpenOption> WRITE =
      Set.of(
          StandardOpenOption.WRITE,
          StandardOpenOption.CREATE,
          StandardOpenOption.TRUNCATE_EXISTING,
          LinkOption.NOFOLLOW_LINKS);

  private final ByteBuffer buffer;

  TreeCopier(int bufferSize) {
    this.buffer = ByteBuffer.allocateDirect(bufferSize);
  }

  /** Copies the tree at {@code source} to {@code target}, which may exist from an earlier copy. */
  TreeCounts copyTree(Path source, Path target) throws IOException {
    TreeCounts counts = new TreeCounts();
    Files.walkFileTree(
        source,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
              throws IOException {
            Path to = target.resolve(source.relativize(dir).toString());
            try {
              Files.createDirectory(to);
            } catch (FileAlreadyExistsException e) {
              if (!Files.isDirectory(to, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException("cannot copy directory " + dir + ": " + to + " is not one");
              }
            }
            if (!dir.equals(source)) {
              counts.directory(); // the tree's own directory is its container, not part of it
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Path to = target.resolve(source.relativize(file).toString());
            if (attrs.isSymbolicLink()) {
              Path link = Files.readSymbolicLink(file);
              Files.deleteIfExists(to); // deletes a link itself, never its target
              Files.createSymbolicLink(to, link);
              counts.file();
            } else if (attrs.isRegularFile()) {
              counts.bytes += copyFile(file, to);
              counts.file();
            }
            return FileVisitResult.CONTINUE;
          }
        });
    return counts;
  }

  /** Copies one file's data, truncating an existing target; returns the bytes copied. */
  long copyFile(Path from, Path to) throws IOException {
    long copied = 0;
    try (FileChannel in = FileChannel.open(from, READ);
        FileChannel out = FileChannel.open(to, WRITE)) {
      while (true) {
        buffer.clear();
        int n = in.read(buffer);
        if (n < 0) {
          break;
        }
        buffer.flip();
        while (buffer.hasRemaining()) {
          out.write(buffer);
        }
        copied += n;
      }
    }
    return copied;
  }
}
