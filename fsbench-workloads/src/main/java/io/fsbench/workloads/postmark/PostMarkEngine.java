package io.fsbench.workloads.postmark;

import io.fsbench.api.PostMarkSpec;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeBuffer;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.workloads.common.RawFile;
import io.fsbench.workloads.common.StdioStream;
import io.fsbench.workloads.common.Syncer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * One PostMark 1.53 instance: the file table, the transactions and the counters, following
 * postmark-1.53.c function by function ({@code find_free_file}, {@code create_file}, {@code
 * read_file}, {@code append_file}, {@code delete_file}, {@code find_used_file}, {@code
 * run_transactions}) so that the random numbers are drawn in the same order and the same files are
 * chosen.
 *
 * <p>Per slot it keeps what PostMark's {@code file_entry} keeps: the size (0 marks a free slot),
 * and instead of the name string the file's number and subdirectory, from which the name is
 * rebuilt. Files are opened with PostMark's flags and modes through libc: fopen's {@code
 * O_WRONLY|O_CREAT| O_TRUNC} ("w"), {@code O_WRONLY|O_CREAT|O_APPEND} plus glibc's seek to the end
 * ("a") and {@code O_RDONLY} ("r") when buffered; {@code O_RDWR|O_CREAT} 0644 and {@code
 * O_RDWR|O_APPEND} when not. Unbuffered, PostMark writes and reads the remainder even when it is 0
 * bytes; so does this.
 */
final class PostMarkEngine {

  private static final int FOPEN_W = FileCalls.O_WRONLY | FileCalls.O_CREAT | FileCalls.O_TRUNC;
  private static final int FOPEN_A = FileCalls.O_WRONLY | FileCalls.O_CREAT | FileCalls.O_APPEND;
  private static final int FOPEN_R = FileCalls.O_RDONLY;
  private static final int OPEN_CREATE = FileCalls.O_RDWR | FileCalls.O_CREAT;
  private static final int OPEN_APPEND = FileCalls.O_RDWR | FileCalls.O_APPEND;

  private final PostMarkSpec spec;
  private final Path directory;
  private final byte[] prefix;
  private final String names;
  private final Syncer syncer;
  private final MersenneTwister rng;
  private final int simultaneous;
  private final int[] size;
  private final int[] number;
  private final int[] subdirectory;
  private final NativeBuffer source;
  private final NativeBuffer readBuffer;
  private final StdioStream stdio;
  private final NativePath path = new NativePath();
  private final Descriptor descriptor = new Descriptor();
  private final int low;
  private final int high;
  private final int readBlock;
  private final int writeBlock;
  private int allocated;
  private int filesCreated;
  private final PostMarkCounters counters = new PostMarkCounters();

  PostMarkEngine(PostMarkSpec spec, Path directory, int seed, int stdioBufferSize, Syncer syncer) {
    this(spec, directory, "", seed, stdioBufferSize, syncer);
  }

  /**
   * @param names what every name this instance makes directly in {@code directory} starts with: the
   *     client's {@code TAG.} in a directory shared with other clients, nothing otherwise
   */
  PostMarkEngine(
      PostMarkSpec spec,
      Path directory,
      String names,
      int seed,
      int stdioBufferSize,
      Syncer syncer) {
    this.spec = spec;
    this.directory = directory;
    this.names = names;
    byte[] dir = NativePath.encode(directory);
    byte[] tag = names.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    this.prefix = Arrays.copyOf(dir, dir.length + 1 + tag.length);
    this.prefix[dir.length] = '/';
    System.arraycopy(tag, 0, this.prefix, dir.length + 1, tag.length);
    this.syncer = syncer;
    this.rng = new MersenneTwister(seed);
    this.simultaneous = spec.files();
    this.size = new int[simultaneous << 1];
    this.number = new int[simultaneous << 1];
    this.subdirectory = new int[simultaneous << 1];
    this.low = (int) spec.sizeLow().bytes();
    this.high = (int) spec.sizeHigh().bytes();
    this.readBlock = (int) spec.readBlockSize().bytes();
    this.writeBlock = (int) spec.writeBlockSize().bytes();
    this.source = initializeFileSource(high << 1);
    this.readBuffer = NativeBuffer.allocate(readBlock);
    this.stdio = new StdioStream(stdioBufferSize);
  }

  /** {@code initialize_file_source}: printable junk, one RND(95) per byte, drawn first. */
  private NativeBuffer initializeFileSource(int bytes) {
    NativeBuffer junk = NativeBuffer.allocate(bytes);
    ByteBuffer b = junk.buffer();
    for (int i = 0; i < bytes; i++) {
      b.put(i, (byte) (32 + rng.rnd(95)));
    }
    return junk;
  }

  PostMarkCounters counters() {
    return counters;
  }

  /** PostMark's {@code create_subdirectories}: s0 .. s(n-1), only when there are more than one. */
  void createSubdirectories() throws IOException {
    if (spec.subdirectories() > 1) {
      for (int i = 0; i < spec.subdirectories(); i++) {
        Files.createDirectory(directory.resolve(names + "s" + i));
      }
    }
  }

  void deleteSubdirectories() throws IOException {
    if (spec.subdirectories() > 1) {
      for (int i = 0; i < spec.subdirectories(); i++) {
        Files.deleteIfExists(directory.resolve(names + "s" + i));
      }
    }
  }

  /** How the transactions ended. */
  enum Ending {
    /** All of them ran. */
    COMPLETE,
    /** PostMark would have printed "out of files!" and stopped. */
    OUT_OF_FILES,
    /** A stop (a cancel, another instance's failure) or a finish ended them early. */
    STOPPED
  }

  /**
   * The pool: {@code simultaneous} calls of {@code create_file}, ended after the file under way
   * when {@code finishing} says so; returns whether the pool is whole.
   */
  boolean createInitialFiles(BooleanSupplier finishing) throws IOException {
    int i = 0;
    for (; i < simultaneous && !finishing.getAsBoolean(); i++) {
      createFile();
    }
    counters.createdAlone = i;
    return i == simultaneous;
  }

  /**
   * {@code run_transactions}, ended after the transaction under way when {@code finishing} says so,
   * and within 1024 transactions when {@code stop} does.
   */
  Ending runTransactions(BooleanSupplier stop, BooleanSupplier finishing) throws IOException {
    int transactions = spec.transactions();
    for (int i = 0; i < transactions; i++) {
      // first: a pool a finish left empty is not PostMark's "out of files"
      if (finishing.getAsBoolean() || (i & 1023) == 0 && stop.getAsBoolean()) {
        return Ending.STOPPED;
      }
      if (filesCreated == counters.deleted) {
        return Ending.OUT_OF_FILES;
      }
      if (spec.biasRead() != -1) {
        if (rng.rnd(10) < spec.biasRead()) {
          readFile(findUsedFile());
        } else {
          appendFile(findUsedFile());
        }
      }
      if (spec.biasCreate() != -1) {
        if (rng.rnd(10) < spec.biasCreate()) {
          createFile();
        } else {
          deleteFile(findUsedFile());
        }
      }
      counters.transactions++;
    }
    return Ending.COMPLETE;
  }

  /**
   * Deletes what is left, slot by slot, as PostMark does after the transactions, ended after the
   * file under way when {@code finishing} says so; returns whether every slot was done.
   */
  boolean deleteRemainingFiles(BooleanSupplier finishing) throws IOException {
    long before = counters.deleted;
    int slots = simultaneous << 1;
    int i = 0;
    for (; i < slots && !finishing.getAsBoolean(); i++) {
      deleteFile(i);
    }
    counters.deletedAlone = counters.deleted - before;
    return i == slots;
  }

  /**
   * Removes the files a finish left, counting none of them: cleanup after the measured phases, not
   * PostMark's deletion.
   */
  void removeLeftovers() throws IOException {
    for (int i = 0; i < simultaneous << 1; i++) {
      if (size[i] != 0) {
        FileCalls.unlink(name(i));
        size[i] = 0;
      }
    }
  }

  /** {@code find_free_file}: the next slot if free, else the first hole; -1 when full. */
  private int findFreeFile() {
    int slots = simultaneous << 1;
    if (allocated < slots && size[allocated] == 0) {
      return allocated++;
    }
    for (int i = 0; i < slots; i++) {
      if (size[i] == 0) {
        allocated = i;
        return allocated++;
      }
    }
    return -1;
  }

  /** {@code find_used_file}: random slots until one holds a file. */
  private int findUsedFile() {
    int used;
    do {
      used = rng.rnd(simultaneous << 1);
    } while (size[used] == 0);
    return used;
  }

  /** {@code create_file} with {@code create_file_name}: subdirectory first, then the size. */
  private void createFile() throws IOException {
    int slot = findFreeFile();
    if (slot == -1) {
      return;
    }
    subdirectory[slot] = spec.subdirectories() > 1 ? rng.rnd(spec.subdirectories()) : -1;
    number[slot] = ++filesCreated;
    size[slot] = low + rng.rnd(high - low);
    name(slot);
    if (spec.buffering()) {
      stdio.open(descriptor.open(FOPEN_W, 0666));
      fwriteBlocks(size[slot]);
    } else {
      writeBlocks(descriptor.open(OPEN_CREATE, 0644), size[slot]);
    }
    counters.created++;
  }

  /** {@code delete_file}: remove(3), which is unlink(2) for a file, and free the slot. */
  private void deleteFile(int slot) throws IOException {
    if (size[slot] == 0) {
      return;
    }
    FileCalls.unlink(name(slot));
    size[slot] = 0;
    counters.deleted++;
  }

  /** {@code read_file}: whole file in read-block-sized pieces, then the remainder. */
  private void readFile(int slot) throws IOException {
    name(slot);
    int i;
    if (spec.buffering()) {
      stdio.open(descriptor.open(FOPEN_R, 0644));
      try {
        for (i = size[slot]; i >= readBlock; i -= readBlock) {
          stdio.read(readBuffer, readBlock);
        }
        stdio.read(readBuffer, i);
      } finally {
        stdio.close();
      }
    } else {
      Descriptor file = descriptor.open(FOPEN_R, 0644);
      try {
        for (i = size[slot]; i >= readBlock; i -= readBlock) {
          file.read(readBuffer, 0, readBlock);
        }
        file.read(readBuffer, 0, i);
      } finally {
        file.close();
      }
    }
    counters.bytesRead += size[slot];
    counters.read++;
  }

  /** {@code append_file}: a random amount that keeps the file within the high size. */
  private void appendFile(int slot) throws IOException {
    if (size[slot] >= high) {
      return;
    }
    name(slot);
    int block = rng.rnd(high - size[slot]) + 1;
    if (spec.buffering()) {
      Descriptor file = descriptor.open(FOPEN_A, 0666);
      file.seekToEnd(); // fopen("a") does, to start the stream's position at the end
      stdio.open(file);
      fwriteBlocks(block);
    } else {
      writeBlocks(descriptor.open(OPEN_APPEND, 0644), block);
    }
    size[slot] += block;
    counters.appended++;
  }

  /** {@code write_blocks}: whole write blocks from the junk, the remainder, close. */
  private void writeBlocks(Descriptor file, int bytes) throws IOException {
    try {
      int offset = 0;
      int i;
      for (i = bytes; i >= writeBlock; i -= writeBlock, offset += writeBlock) {
        file.write(source, offset, writeBlock);
      }
      file.write(source, offset, i);
      if (spec.fsync()) {
        file.fsync();
      }
    } finally {
      file.close();
    }
    counters.bytesWritten += bytes;
  }

  /** {@code fwrite_blocks}: the same through stdio, then fclose. */
  private void fwriteBlocks(int bytes) throws IOException {
    try {
      int offset = 0;
      int i;
      for (i = bytes; i >= writeBlock; i -= writeBlock, offset += writeBlock) {
        stdio.write(source, offset, writeBlock);
      }
      stdio.write(source, offset, i);
      if (spec.fsync()) {
        stdio.flush();
        descriptor.fsync();
      }
    } finally {
      stdio.close();
    }
    counters.bytesWritten += bytes;
  }

  /**
   * Builds slot's name in {@link #path}: {@code DIR/[sK/]N}, PostMark's create_file_name, with the
   * client's prefix before {@code sK} or {@code N} in a shared directory.
   */
  private NativePath name(int slot) {
    path.set(prefix);
    int sub = subdirectory[slot];
    if (sub >= 0) {
      path.append('s').append(sub).append('/');
    }
    return path.append(number[slot]);
  }

  /** The one open file of this instance, on a descriptor from libc. */
  private final class Descriptor implements RawFile {
    private int fd = -1;

    Descriptor open(int flags, int mode) throws IOException {
      fd = FileCalls.open(path, flags, mode);
      return this;
    }

    @Override
    public int read(NativeBuffer into, int offset, int length) throws IOException {
      return FileCalls.read(fd, into, offset, length);
    }

    @Override
    public void write(NativeBuffer from, int offset, int length) throws IOException {
      if (length == 0) {
        FileCalls.write(fd, from, offset, 0); // PostMark's write of an empty remainder
      } else {
        FileCalls.writeFully(fd, from, offset, length);
      }
    }

    @Override
    public void fstat() throws IOException {
      FileCalls.fstat(fd);
    }

    void seekToEnd() throws IOException {
      FileCalls.lseek(fd, 0, FileCalls.SEEK_END);
    }

    void fsync() throws IOException {
      int open = fd;
      syncer.fsync(path, () -> FileCalls.fsync(open));
    }

    @Override
    public void close() throws IOException {
      int open = fd;
      fd = -1;
      FileCalls.close(open);
    }
  }
}
