package io.fsbench.tck;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/** Writing and reading test data the way the kit's checks need it. */
final class Data {

  private static final int ALIGNMENT = 4096;

  private Data() {}

  static byte[] random(int length, long seed) {
    byte[] data = new byte[length];
    new Random(seed).nextBytes(data);
    return data;
  }

  static void writeAndSync(Path file, byte[] data) throws IOException {
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ByteBuffer buffer = ByteBuffer.wrap(data);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      channel.force(true);
    }
  }

  /** Writes text that any compressor shrinks several times, then syncs the whole filesystem. */
  static void writeCompressibleAndSync(Path file, long bytes) throws IOException {
    byte[] line =
        "fsbench compatibility kit: this line repeats, so it compresses well.\n"
            .getBytes(StandardCharsets.US_ASCII);
    byte[] chunk = new byte[1 << 20];
    for (int i = 0; i < chunk.length; i++) {
      chunk[i] = line[i % line.length];
    }
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      for (long done = 0; done < bytes; done += chunk.length) {
        ByteBuffer buffer = ByteBuffer.wrap(chunk);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
      }
      channel.force(true);
    }
    syncFileSystem(file.getParent());
  }

  /** Space in use on the filesystem holding {@code path}, after syncing it. */
  static long usedBytes(Path path) throws IOException {
    syncFileSystem(path);
    FileStore store = Files.getFileStore(path);
    return store.getTotalSpace() - store.getUnallocatedSpace();
  }

  /**
   * Commits the filesystem (syncfs through {@code sync -f}): copy-on-write filesystems only update
   * their free-space counters when a transaction commits, which fsync of one file need not do.
   */
  static void syncFileSystem(Path path) throws IOException {
    Process sync = new ProcessBuilder("sync", "-f", path.toString()).inheritIO().start();
    try {
      if (!sync.waitFor(2, TimeUnit.MINUTES) || sync.exitValue() != 0) {
        throw new IOException("sync -f " + path + " failed");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while syncing " + path, e);
    }
  }

  static void writeDirect(Path file, byte[] data) throws IOException {
    ByteBuffer buffer = aligned(data.length);
    buffer.put(data).flip();
    try (FileChannel channel =
        FileChannel.open(
            file,
            StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE,
            ExtendedOpenOption.DIRECT)) {
      long position = 0;
      while (buffer.hasRemaining()) {
        position += channel.write(buffer, position);
      }
    }
  }

  static byte[] readDirect(Path file, int length) throws IOException {
    ByteBuffer buffer = aligned(length);
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
      long position = 0;
      while (buffer.hasRemaining()) {
        int n = channel.read(buffer, position);
        if (n < 0) {
          break;
        }
        position += n;
      }
    }
    buffer.flip();
    byte[] out = new byte[buffer.remaining()];
    buffer.get(out);
    return out;
  }

  private static ByteBuffer aligned(int length) {
    int rounded = (length + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
    return ByteBuffer.allocateDirect(rounded + ALIGNMENT).alignedSlice(ALIGNMENT).limit(length);
  }
}
