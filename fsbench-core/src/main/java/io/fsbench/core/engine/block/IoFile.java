package io.fsbench.core.engine.block;

import io.fsbench.core.nativeio.NativeFile;
import java.nio.file.Path;
import java.util.BitSet;

/**
 * One file a job clone does I/O on: where it is, its size, the clone's descriptor for it, and the
 * clone's position in it (sequential offsets per direction, the random block order, and which
 * blocks were written, for verify).
 */
final class IoFile {

  final Path path;
  final long size;
  final long[] sequentialPosition = new long[2];
  BlockChooser chooser;
  NativeFile descriptor;
  BitSet written;
  boolean dirty;
  boolean done;
  int verifyBlock;

  IoFile(Path path, long size) {
    this.path = path;
    this.size = size;
  }

  String name() {
    return path.toString();
  }
}
