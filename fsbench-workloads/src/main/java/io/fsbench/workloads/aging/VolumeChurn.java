package io.fsbench.workloads.aging;

import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.FileSystemStats;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;

/**
 * Aging's operations on real files under one directory: data written through a page-cache write
 * (not fallocate, as Geriatrix does: a write lets delayed allocation place the blocks, as it does
 * for the files people write), from one buffer of incompressible bytes, with no sync per file.
 */
final class VolumeChurn implements Churn {

  private static final int CHUNK = 1 << 20;

  private final Path root;
  private final ByteBuffer data;

  VolumeChurn(Path root, long seed) {
    this.root = root;
    this.data = ByteBuffer.allocateDirect(CHUNK);
    SplittableRandom random = new SplittableRandom(seed);
    while (data.remaining() >= Long.BYTES) {
      data.putLong(random.nextLong());
    }
    data.clear();
  }

  @Override
  public void makeDirectory(String path) throws IOException {
    Files.createDirectory(root.resolve(path));
  }

  @Override
  public void create(String path, long size) throws IOException {
    write(root.resolve(path), size);
  }

  @Override
  public void replace(String path, String temporary, long size) throws IOException {
    Path fresh = root.resolve(temporary);
    write(fresh, size);
    Files.move(fresh, root.resolve(path), StandardCopyOption.ATOMIC_MOVE);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    Files.move(root.resolve(from), root.resolve(to), StandardCopyOption.ATOMIC_MOVE);
  }

  @Override
  public void delete(String path) throws IOException {
    Files.delete(root.resolve(path));
  }

  @Override
  public void sync() throws IOException {
    FileCalls.syncfs(root);
  }

  /**
   * A sync, then a freeze and thaw, which makes XFS free the blocks of deleted files it frees in
   * the background (without it, one aging read back 78.9% and 83.9% full on two volumes for the
   * same files). Aging runs only on volumes fsbench made, which nothing else writes to.
   */
  @Override
  public void quiesce() throws IOException {
    FileCalls.syncfs(root);
    FileCalls.freezeAndThaw(root);
  }

  @Override
  public long totalBytes() throws IOException {
    return FileSystemStats.of(root).totalBytes();
  }

  @Override
  public long usedBytes() throws IOException {
    return FileSystemStats.of(root).usedBytes();
  }

  private void write(Path file, long size) throws IOException {
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      long left = size;
      // Start each file at another place in the buffer, so that no two files hold the same bytes.
      int offset = (int) ((size * 0x9E3779B97F4A7C15L >>> 40) % (CHUNK / 2)) & ~7;
      while (left > 0) {
        ByteBuffer slice = data.duplicate();
        slice.position(offset).limit((int) Math.min(CHUNK, offset + left));
        left -= channel.write(slice);
        offset = 0;
      }
    }
  }
}
