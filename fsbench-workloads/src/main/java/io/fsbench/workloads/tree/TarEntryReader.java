package io.fsbench.workloads.tree;

import io.fsbench.core.nativeio.NativeBuffer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * The reading half of {@link TarExtractor}, run on its own thread: parses the archive with
 * commons-compress, checks every name, and hands the writer a stream of operations with file data
 * in pooled native buffers. Parsing tar headers costs a few microseconds of Java per entry; on this
 * thread it overlaps with the writer's system calls instead of adding to them, much as GNU tar's
 * decompressor runs beside it. Operations travel in batches, and the data of many small files is
 * packed into each pooled buffer, so that the two threads wake each other a few times per megabyte
 * rather than for every entry.
 */
final class TarEntryReader implements Runnable {

  /** What the writer does, in archive order. */
  sealed interface Op permits Directory, FileStart, Chunk, FileEnd, Release, Link, End, Failure {}

  /** Who an entry belongs to on this machine ({@link Owners}), and its mode with special bits. */
  record Stat(int uid, int gid, int mode) {}

  record Directory(String name, int mode, FileTime modified, Stat stat) implements Op {}

  record FileStart(String name, int mode, FileTime modified, long size, Stat stat) implements Op {}

  /** {@code length} bytes of the open file's data at {@code offset} of {@code data}. */
  record Chunk(NativeBuffer data, int offset, int length) implements Op {}

  record FileEnd() implements Op {}

  /** The writer is done with every chunk in {@code data}, which goes back to the pool. */
  record Release(NativeBuffer data) implements Op {}

  record Link(String path, String target, boolean symbolic, FileTime modified, Stat stat)
      implements Op {}

  record End() implements Op {}

  record Failure(Throwable error) implements Op {}

  static final int BATCH_OPS = 512;
  private static final long BATCH_BYTES = 4 << 20;

  private final InputStream tarBytes;
  private final BlockingQueue<List<Op>> batches;
  private final BlockingQueue<NativeBuffer> buffers;
  private final byte[] heap;
  private final Owners owners;
  private List<Op> batch = new ArrayList<>(BATCH_OPS);
  private long batchBytes;
  private NativeBuffer current;
  private int used;

  TarEntryReader(
      InputStream tarBytes,
      BlockingQueue<List<Op>> batches,
      BlockingQueue<NativeBuffer> buffers,
      int size,
      Owners owners) {
    this.tarBytes = tarBytes;
    this.owners = owners;
    this.batches = batches;
    this.buffers = buffers;
    this.heap = new byte[size];
  }

  @Override
  public void run() {
    try {
      read();
      put(new End());
      flush();
    } catch (InterruptedException e) {
      // the writer gave up; it no longer reads the queue
    } catch (Throwable e) {
      try {
        put(new Failure(e));
        flush();
      } catch (InterruptedException ignored) {
        // the writer gave up
      }
    }
  }

  private void put(Op op) throws InterruptedException {
    batch.add(op);
    if (batch.size() >= BATCH_OPS || batchBytes >= BATCH_BYTES) {
      flush();
    }
  }

  private void flush() throws InterruptedException {
    if (!batch.isEmpty()) {
      batches.put(batch);
      batch = new ArrayList<>(BATCH_OPS);
      batchBytes = 0;
    }
  }

  /**
   * A free buffer; hands over the batch first when it holds them all, or this would wait forever.
   */
  private NativeBuffer buffer() throws InterruptedException {
    NativeBuffer buffer = buffers.poll();
    if (buffer == null) {
      flush();
      buffer = buffers.take();
    }
    return buffer;
  }

  private void read() throws IOException, InterruptedException {
    TarArchiveInputStream tar = new TarArchiveInputStream(tarBytes, StandardCharsets.UTF_8.name());
    TarArchiveEntry entry;
    while ((entry = tar.getNextEntry()) != null) {
      String name = relativeName(entry.getName());
      if (name.isEmpty()) {
        continue; // the archive's own root, "./"
      }
      Stat stat = stat(entry);
      if (entry.isDirectory()) {
        put(new Directory(name, entry.getMode() & 0777, entry.getLastModifiedTime(), stat));
      } else if (entry.isSymbolicLink()) {
        put(new Link(name, entry.getLinkName(), true, entry.getLastModifiedTime(), stat));
      } else if (entry.isLink()) {
        put(new Link(name, relativeName(entry.getLinkName()), false, null, stat));
      } else if (entry.isFile()) {
        put(
            new FileStart(
                name, entry.getMode() & 0777, entry.getLastModifiedTime(), entry.getSize(), stat));
        copyData(tar, name, entry.getSize());
        put(new FileEnd());
      }
    }
  }

  private Stat stat(TarArchiveEntry entry) {
    return new Stat(
        owners.uid(entry.getUserName(), entry.getLongUserId()),
        owners.gid(entry.getGroupName(), entry.getLongGroupId()),
        entry.getMode() & 07777);
  }

  private void copyData(InputStream tar, String name, long size)
      throws IOException, InterruptedException {
    long left = size;
    while (left > 0) {
      int room = (int) Math.min(room(left), left);
      int filled = 0;
      while (filled < room) {
        int n = tar.read(heap, filled, room - filled);
        if (n < 0) {
          throw new IOException("archive ends inside entry '" + name + "'");
        }
        filled += n;
      }
      current.buffer().put(used, heap, 0, filled);
      put(new Chunk(current, used, filled));
      used += filled;
      batchBytes += filled;
      left -= filled;
    }
  }

  /**
   * The room for the next piece of a file with {@code left} bytes to go; moves to a fresh buffer
   * when the current one is full, or when the rest would fit a fresh one but not this one, so that
   * a file no larger than a buffer is written with one call.
   */
  private int room(long left) throws IOException, InterruptedException {
    int free = current == null ? 0 : current.capacity() - used;
    if (free == 0 || (left > free && left <= heap.length)) {
      if (current != null) {
        put(new Release(current));
      }
      current = buffer();
      used = 0;
      free = current.capacity();
    }
    return Math.min(free, heap.length);
  }

  /**
   * The entry's path relative to the destination, without "." components and trailing slashes.
   *
   * @throws UnsafeArchiveException for absolute paths and ".." components
   */
  static String relativeName(String name) {
    if (name.startsWith("/")) {
      throw new UnsafeArchiveException(name, "is an absolute path");
    }
    if (isPlain(name)) {
      return name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
    }
    StringBuilder clean = new StringBuilder(name.length());
    for (String part : name.split("/")) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (part.equals("..")) {
        throw new UnsafeArchiveException(name, "has a '..' component");
      }
      if (part.indexOf('\0') >= 0) {
        throw new UnsafeArchiveException(name, "holds a NUL character");
      }
      if (clean.length() > 0) {
        clean.append('/');
      }
      clean.append(part);
    }
    return clean.toString();
  }

  /** Whether the name needs no cleaning: no ".", "..", empty or NUL component. */
  private static boolean isPlain(String name) {
    return !name.isEmpty()
        && name.charAt(0) != '.'
        && !name.contains("/.")
        && !name.contains("//")
        && name.indexOf('\0') < 0;
  }
}
