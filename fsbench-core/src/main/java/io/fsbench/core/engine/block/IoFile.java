package io.fsbench.core.engine.block;

import io.fsbench.core.nativeio.NativeFile;
import java.nio.file.Path;

/**
 * One file a job clone does I/O on: where it is, its size, the region the clone works on (fio's
 * {@code file_offset} and {@code io_size}), the clone's descriptor for it, and the clone's position
 * in it (sequential offsets per direction and the random block order).
 */
final class IoFile {

  final Path path;
  final long size;
  final int subjob;
  private final long ioLength;
  long start;

  /**
   * fio's {@code get_start_offset} as {@code io_u_fits} calls it: taken anew of the file's size
   * after setup, which a percentage offset of a fresh file (or of a filecreate file's one block)
   * was not taken of.
   */
  long fitsStart;

  final long[] sequentialPosition = new long[3]; // read, write, trim
  final long[] lastStart = {-1, -1, -1};
  BlockChooser chooser;
  NativeFile descriptor;

  /**
   * Whether fio's {@code clear_io_state} has closed it since it was last opened (fsbench keeps the
   * descriptor): its close made the sync {@code fsync_on_close} asks for, and it opens anew when
   * used.
   */
  boolean closed;

  /** Whether a file-operation engine has opened it (created, stat'ed, deleted) this pass. */
  boolean opened;

  boolean done;

  IoFile(Path path, long size) {
    this(path, size, 0, size, 0);
  }

  IoFile(Path path, long size, long start, long end) {
    this(path, size, start, end, 0);
  }

  /**
   * A file of {@code size} bytes when clone {@code subjob} is set up (fio's {@code
   * real_file_size}), of which the clone works on {@code start} up to {@code end}.
   */
  IoFile(Path path, long size, long start, long end, int subjob) {
    this.path = path;
    this.size = size;
    this.start = start;
    this.fitsStart = start;
    this.ioLength = end - start;
    this.subjob = subjob;
    java.util.Arrays.fill(sequentialPosition, start);
  }

  /** The bytes of the clone's region: fio's {@code io_size} of the file, fixed at setup. */
  long regionLength() {
    return ioLength;
  }

  /**
   * Where a block size must end to fit, as fio's {@code io_u_fits} checks when it draws one: {@code
   * io_size} past {@code get_start_offset} of the file's present size, which may lie past the
   * file's end (a percentage offset, a later loop's start moved further in); an I/O that fits there
   * but runs past the file ends the file instead.
   */
  long fitsEnd() {
    // fio's io_u_fits measures from get_start_offset, not from a strided zone's moving start
    return fitsStart + ioLength;
  }

  String name() {
    return path.toString();
  }
}
