package io.fsbench.filebench;

import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeBuffer;
import io.fsbench.core.nativeio.NativeDirectory;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.nativeio.NativePath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The file flowops of one thread, with the semantics of {@code flowop_library.c} (function names
 * below), and the thread's table of open files ({@code tf_fd}, {@code tf_fse}): slot N is {@code
 * fd=N}, default 0.
 *
 * <ul>
 *   <li>Entries are chosen by the fileset's rotor ({@link EntryPool}); {@code openfile} and {@code
 *       createfile} mark the entry open (its open count) and not busy once opened ({@code
 *       fileset.c: fileset_openfile}), {@code closefile} waits until it is not busy, closes and
 *       lowers the count.
 *   <li>{@code deletefile} skips a file another thread has open, as {@code flowoplib_deletefile}: a
 *       file open on the flowop's own fd is deleted only if no other thread has it open.
 *   <li>read, write, readwholefile, writewholefile, appendfile and appendfilerand open the
 *       fileset's next file on their fd when it is not open ({@code flowoplib_filesetup}); that
 *       open is timed and counted as one op of the flowop itself, as in filebench.
 *   <li>A failed unlink, mkdir or rmdir is ignored, as filebench ignores it; a failed open, read,
 *       write or fsync stops the run.
 * </ul>
 */
final class FileFlowops {

  /** Linux's {@code sizeof(struct dirent)}, which filebench adds per entry listdir reads. */
  private static final int DIRENT_SIZE = 280;

  private static final int SEEK_SET = 0;

  private final ThreadFlow thread;
  private final Path directory;
  private final AsyncWrites aio;
  private final NativePath path = new NativePath();
  private final StringBuilder relative = new StringBuilder(64);
  private final int[] fds = new int[ThreadFlow.MAX_FD];
  private final Fileset[] slotFileset = new Fileset[ThreadFlow.MAX_FD];
  private final byte[][] slotRoot = new byte[ThreadFlow.MAX_FD][];
  private final int[] slotEntry = new int[ThreadFlow.MAX_FD];

  FileFlowops(ThreadFlow thread, Path directory, AsyncWrites aio) {
    this.thread = thread;
    this.directory = directory;
    this.aio = aio;
    Arrays.fill(fds, -1);
    Arrays.fill(slotEntry, EntryPool.NONE);
  }

  // ---- open, create, close, delete, stat ----

  /** flowoplib_openfile: the next existing file, by the rotor. */
  int openfile(Flowop f) throws InterruptedException {
    return open(f, f.fd, false);
  }

  /** flowoplib_createfile: the next missing file, O_CREAT. */
  int createfile(Flowop f) throws InterruptedException {
    return open(f, f.fd, true);
  }

  private int open(Flowop f, int slot, boolean create) throws InterruptedException {
    if (fds[slot] >= 0) {
      throw new FlowopFailure(f, "fd " + slot + " is open already: close it first (closefile)");
    }
    Fileset fileset = requireFileset(f);
    int entry = pick(f, fileset.files(), !create);
    if (entry == EntryPool.NONE) {
      return thread.noResource(
          "found no " + (create ? "missing" : "existing") + " file in fileset " + name(fileset));
    }
    slotFileset[slot] = fileset;
    slotRoot[slot] = f.filesetRoot;
    slotEntry[slot] = entry;
    filePath(f.filesetRoot, fileset, entry);
    int flags = openFlags(f, fileset) | (create ? FileCalls.O_CREAT : 0);
    thread.begin();
    try {
      fds[slot] = openCreatingDirectories(flags, create);
    } catch (IOException e) {
      fileset.files().release(entry);
      slotFileset[slot] = null;
      slotEntry[slot] = EntryPool.NONE;
      throw new FlowopFailure(f, "cannot open " + path + ": " + e.getMessage(), e);
    }
    thread.end(f, 0);
    fileset
        .files()
        .release(entry, create ? EntryPool.Existence.EXISTS : EntryPool.Existence.UNCHANGED, 1);
    return ThreadFlow.OK;
  }

  /** fileset_openfile makes a created file's missing parent directories. */
  private int openCreatingDirectories(int flags, boolean create) throws IOException {
    try {
      return FileCalls.open(path, flags, 0666);
    } catch (IOException e) {
      if (!create || FileCalls.errno(e) != NativeIoException.ENOENT) {
        throw e;
      }
      Files.createDirectories(Path.of(path.toString()).getParent());
      return FileCalls.open(path, flags, 0666);
    }
  }

  private static int openFlags(Flowop f, Fileset fileset) {
    int flags =
        fileset.spec().readOnly()
            ? FileCalls.O_RDONLY
            : fileset.spec().writeOnly() ? FileCalls.O_WRONLY : FileCalls.O_RDWR;
    if (f.dsync) {
      flags |= FileCalls.O_SYNC; // filebench opens dsync files O_SYNC
    }
    if (f.directio) {
      flags |= FileCalls.O_DIRECT;
    }
    return flags;
  }

  /** flowoplib_closefile. */
  int closefile(Flowop f) throws InterruptedException {
    int slot = f.fd;
    if (fds[slot] < 0) {
      throw new FlowopFailure(f, "fd " + slot + " is not open: open it first (openfile)");
    }
    Fileset fileset = slotFileset[slot];
    int entry = slotEntry[slot];
    aio.settle(f); // the thread's aiowrites in flight may use the descriptor
    if (fileset != null && entry != EntryPool.NONE) {
      fileset.files().acquire(entry);
    }
    thread.begin();
    closeQuietly(slot);
    thread.end(f, 0);
    if (fileset != null && entry != EntryPool.NONE) {
      fileset.files().release(entry, EntryPool.Existence.UNCHANGED, -1);
    }
    // the fd's file stays known (filebench keeps tf_fse[fd]): deletefile fd=N deletes it (netsfs.f)
    return ThreadFlow.OK;
  }

  /** flowoplib_deletefile. */
  int deletefile(Flowop f) throws InterruptedException {
    int slot = f.fd;
    Fileset fileset;
    byte[] root;
    int entry;
    if (slot > 0 && slotEntry[slot] != EntryPool.NONE) {
      fileset = slotFileset[slot];
      root = slotRoot[slot];
      entry = slotEntry[slot];
      slotEntry[slot] = EntryPool.NONE; // filebench forgets the file of the fd here
      fileset.files().acquire(entry);
    } else {
      fileset = requireFileset(f);
      root = f.filesetRoot;
      entry = pick(f, fileset.files(), true);
      if (entry == EntryPool.NONE) {
        return thread.noResource("found no existing file to delete in fileset " + name(fileset));
      }
    }
    int open = fileset.files().openCount(entry);
    boolean mine = slot > 0 && fds[slot] >= 0;
    if (mine ? open > 1 : open > 0) {
      fileset.files().release(entry); // open elsewhere: skipped, not counted
      return ThreadFlow.OK;
    }
    filePath(root, fileset, entry);
    thread.begin();
    try {
      FileCalls.unlink(path);
    } catch (IOException ignored) {
      // filebench ignores unlink's result
    }
    thread.end(f, 0);
    fileset.files().release(entry, EntryPool.Existence.GONE, -open);
    return ThreadFlow.OK;
  }

  /** flowoplib_statfile: fstat of the fd's file, or stat of the next existing file. */
  int statfile(Flowop f) throws InterruptedException {
    int slot = f.fd;
    if (slot > 0 && fds[slot] >= 0) {
      thread.begin();
      try {
        FileCalls.fstat(fds[slot]);
      } catch (IOException e) {
        throw new FlowopFailure(f, "fstat failed: " + e.getMessage(), e);
      }
      thread.end(f, 0);
      return ThreadFlow.OK;
    }
    Fileset fileset = requireFileset(f);
    int entry = pick(f, fileset.files(), true);
    if (entry == EntryPool.NONE) {
      return thread.noResource("found no existing file to stat in fileset " + name(fileset));
    }
    filePath(f.filesetRoot, fileset, entry);
    thread.begin();
    try {
      FileCalls.stat(path, true);
    } catch (IOException e) {
      fileset.files().release(entry);
      throw new FlowopFailure(f, "stat failed: " + e.getMessage(), e);
    }
    thread.end(f, 0);
    fileset.files().release(entry);
    return ThreadFlow.OK;
  }

  /** flowoplib_fsync. */
  int fsync(Flowop f) {
    int slot = f.fd;
    if (fds[slot] < 0 || slotEntry[slot] == EntryPool.NONE) {
      throw new FlowopFailure(f, "fd " + slot + " holds no open file of a fileset to fsync");
    }
    thread.begin();
    doFsync(f, slot);
    thread.end(f, 0);
    return ThreadFlow.OK;
  }

  /** flowoplib_fsyncset: each open file of the flowop's fileset, one op each. */
  int fsyncset(Flowop f) {
    Fileset fileset = requireFileset(f);
    for (int slot = 0; slot < ThreadFlow.MAX_FD; slot++) {
      if (fds[slot] >= 0 && slotEntry[slot] != EntryPool.NONE && slotFileset[slot] == fileset) {
        thread.begin();
        doFsync(f, slot);
        thread.end(f, 0);
      }
    }
    return ThreadFlow.OK;
  }

  private void doFsync(Flowop f, int slot) {
    try {
      FileCalls.fsync(fds[slot]);
    } catch (IOException e) {
      throw new FlowopFailure(f, "fsync failed: " + e.getMessage(), e);
    }
  }

  // ---- data ----

  /** flowoplib_read: random (pread at a rounded offset) or sequential on the sticky fd. */
  int read(Flowop f) throws InterruptedException {
    long iosize = Flowop.draw(f.iosize);
    long wss = fileSetup(f);
    if (wss < 0) {
      return ThreadFlow.NO_RESOURCE;
    }
    int offset = thread.bufferOffset(f, iosize);
    NativeBuffer buffer = thread.buffer(f);
    int fd = fds[f.fd];
    int n;
    try {
      if (f.random) {
        requireFits(f, iosize, wss);
        long position = thread.uniformRounded(wss, iosize);
        thread.begin();
        n = FileCalls.pread(fd, buffer, offset, (int) iosize, position);
      } else {
        thread.begin();
        n = FileCalls.read(fd, buffer, offset, (int) iosize);
      }
      thread.end(f, n);
      if (n == 0) {
        FileCalls.lseek(fd, 0, SEEK_SET); // at the end: start again
      }
    } catch (IOException e) {
      throw new FlowopFailure(f, "read failed: " + e.getMessage(), e);
    }
    return ThreadFlow.OK;
  }

  /** flowoplib_write: random (pwrite at a rounded offset) or sequential; one write call. */
  int write(Flowop f) throws InterruptedException {
    long iosize = Flowop.draw(f.iosize);
    long wss = fileSetup(f);
    if (wss < 0) {
      return ThreadFlow.NO_RESOURCE;
    }
    int offset = thread.bufferOffset(f, iosize);
    NativeBuffer buffer = thread.buffer(f);
    int fd = fds[f.fd];
    try {
      if (f.random) {
        requireFits(f, iosize, wss);
        long position = thread.uniformRounded(wss, iosize);
        thread.begin();
        FileCalls.pwrite(fd, buffer, offset, (int) iosize, position);
      } else {
        thread.begin();
        FileCalls.write(fd, buffer, offset, (int) iosize);
      }
    } catch (IOException e) {
      throw new FlowopFailure(f, "write failed: " + e.getMessage(), e);
    }
    thread.end(f, iosize); // filebench counts iosize even for a short write
    return ThreadFlow.OK;
  }

  /** flowoplib_readwholefile: from offset 0 to the end in iosize reads, one op. */
  int readwholefile(Flowop f) throws InterruptedException {
    long wss = fileSetup(f);
    if (wss < 0) {
      return ThreadFlow.NO_RESOURCE;
    }
    long iosize = Flowop.draw(f.iosize);
    if (iosize == 0) {
      iosize = wss;
    }
    int offset = iosize == 0 ? 0 : thread.bufferOffset(f, iosize);
    NativeBuffer buffer = iosize == 0 ? null : thread.buffer(f);
    int fd = fds[f.fd];
    long bytes = 0;
    thread.begin();
    try {
      FileCalls.lseek(fd, 0, SEEK_SET);
      if (buffer != null) {
        int n;
        while ((n = FileCalls.read(fd, buffer, offset, (int) iosize)) > 0) {
          bytes += n;
        }
      }
    } catch (IOException e) {
      throw new FlowopFailure(f, "read failed: " + e.getMessage(), e);
    }
    thread.end(f, bytes);
    return ThreadFlow.OK;
  }

  /**
   * flowoplib_writewholefile: the file's drawn size (or srcfd's file's) in iosize writes at the
   * current offset, one op. filebench's loop computes the next write's length before it advances
   * its offset, so the last write is a whole iosize unless fewer than iosize bytes were left before
   * the one ahead of it: a 10-byte file in 4-byte writes gets 4 + 4 + 4 bytes. fsbench does the
   * same.
   */
  int writewholefile(Flowop f) throws InterruptedException {
    long wss = fileSetup(f);
    if (wss < 0) {
      return ThreadFlow.NO_RESOURCE;
    }
    long iosize = Flowop.draw(f.iosize);
    if (iosize == 0) {
      iosize = wss;
    }
    if (f.srcfd != 0 && slotEntry[f.srcfd] == EntryPool.NONE) {
      throw new FlowopFailure(f, "srcfd " + f.srcfd + " holds no open file of a fileset");
    }
    if (slotEntry[f.srcfd] != EntryPool.NONE) {
      wss = slotFileset[f.srcfd].tree().size(slotEntry[f.srcfd]);
    }
    if (iosize == 0 || wss == 0) {
      thread.begin();
      thread.end(f, 0);
      return ThreadFlow.OK;
    }
    int offset = thread.bufferOffset(f, iosize);
    NativeBuffer buffer = thread.buffer(f);
    int fd = fds[f.fd];
    long length = Math.min(wss, iosize);
    long bytes = 0;
    thread.begin();
    try {
      for (long seek = 0; seek < wss; seek += length) {
        int n = FileCalls.write(fd, buffer, offset, (int) length);
        if (n != length) {
          throw shortWrite(f, "wrote", n, length);
        }
        length = Math.min(wss - seek, iosize);
        bytes += n;
      }
    } catch (IOException e) {
      throw new FlowopFailure(f, "write failed: " + e.getMessage(), e);
    }
    thread.end(f, bytes);
    return ThreadFlow.OK;
  }

  /** flowoplib_appendfile: iosize bytes at the end. */
  int appendfile(Flowop f) throws InterruptedException {
    long iosize = Flowop.draw(f.iosize);
    return append(f, iosize);
  }

  /**
   * flowoplib_appendfilerand: a length uniform over [0, iosize - 1] at the end; 0 is recorded as a
   * zero-byte op without touching the file.
   */
  int appendfilerand(Flowop f) throws InterruptedException {
    long iosize = Flowop.draw(f.iosize);
    if (iosize == 0) {
      throw new FlowopFailure(f, "iosize is 0; give the flowop iosize=...");
    }
    long length = thread.uniformRounded(iosize, 1);
    if (length == 0) {
      thread.begin();
      thread.end(f, 0);
      return ThreadFlow.OK;
    }
    return append(f, length);
  }

  private int append(Flowop f, long length) throws InterruptedException {
    if (fileSetup(f) < 0) {
      return ThreadFlow.NO_RESOURCE;
    }
    int offset = thread.bufferOffset(f, length);
    NativeBuffer buffer = thread.buffer(f);
    int fd = fds[f.fd];
    thread.begin();
    int n;
    try {
      FileCalls.lseek(fd, 0, FileCalls.SEEK_END);
      n = FileCalls.write(fd, buffer, offset, (int) length);
    } catch (IOException e) {
      throw new FlowopFailure(f, "append failed: " + e.getMessage(), e);
    }
    if (n != length) {
      throw shortWrite(f, "appended", n, length);
    }
    thread.end(f, n);
    return ThreadFlow.OK;
  }

  /**
   * flowoplib_filesetup: opens the fileset's next file on the flowop's fd if none is open (a timed
   * op of this flowop), and returns the working set: {@code workingset}, else the open file's drawn
   * size; -1 when no file was found.
   */
  long fileSetup(Flowop f) throws InterruptedException {
    int slot = f.fd;
    if (fds[slot] >= 0 && f.fileset != null && slotFileset[slot] != f.fileset) {
      throw new FlowopFailure(
          f,
          "fd "
              + slot
              + " holds a file of fileset "
              + name(slotFileset[slot])
              + ", not of "
              + name(f.fileset));
    }
    if (fds[slot] < 0 && open(f, slot, false) == ThreadFlow.NO_RESOURCE) {
      return -1;
    }
    if (f.workingSet != 0) {
      return f.workingSet;
    }
    return slotEntry[slot] != EntryPool.NONE
        ? slotFileset[slot].tree().size(slotEntry[slot])
        : Flowop.draw(requireFileset(f).spec().size());
  }

  /**
   * A short write ends the run, as filebench's FB_WRITE check does; the usual cause is a full
   * volume, which the message names with its free space so that the fix is plain.
   */
  private FlowopFailure shortWrite(Flowop f, String verb, long written, long length) {
    String message = verb + " " + written + " of " + length + " bytes";
    try {
      var store = Files.getFileStore(directory);
      long free = store.getUsableSpace();
      if (free < Math.max(length, store.getTotalSpace() / 100)) {
        message +=
            ": the filesystem is full ("
                + FilebenchResult.Dataset.bytes(free)
                + " free of "
                + FilebenchResult.Dataset.bytes(store.getTotalSpace())
                + "); give the volume more room (--image-size) or shrink the filesets";
      }
    } catch (IOException e) {
      // the free space is only an explanation; the short write is the error
    }
    return new FlowopFailure(f, message);
  }

  static void requireFits(Flowop f, long iosize, long wss) {
    if (iosize > wss) {
      throw new FlowopFailure(
          f,
          "iosize ("
              + iosize
              + ") is larger than the working set ("
              + wss
              + " bytes): give a smaller iosize or a workingset");
    }
  }

  /** The descriptor open on {@code slot} ({@code fd=}), -1 when none is. */
  int descriptor(int slot) {
    return fds[slot];
  }

  // ---- directories ----

  /** flowoplib_makedir: the next missing leaf directory. */
  int makedir(Flowop f) throws InterruptedException {
    Fileset fileset = requireFileset(f);
    int leaf = fileset.leafDirs().pickMissing();
    if (leaf == EntryPool.NONE) {
      return thread.noResource("found no missing leaf directory in fileset " + name(fileset));
    }
    leafDirPath(f.filesetRoot, fileset, leaf);
    thread.begin();
    try {
      FileCalls.mkdir(path, 0755);
    } catch (IOException ignored) {
      // filebench ignores mkdir's result
    }
    thread.end(f, 0);
    fileset.leafDirs().release(leaf, EntryPool.Existence.EXISTS, 0);
    return ThreadFlow.OK;
  }

  /** flowoplib_removedir: the next existing leaf directory. */
  int removedir(Flowop f) throws InterruptedException {
    Fileset fileset = requireFileset(f);
    int leaf = fileset.leafDirs().pickExisting(0);
    if (leaf == EntryPool.NONE) {
      return thread.noResource("found no existing leaf directory in fileset " + name(fileset));
    }
    leafDirPath(f.filesetRoot, fileset, leaf);
    thread.begin();
    try {
      FileCalls.rmdir(path);
    } catch (IOException ignored) {
      // filebench ignores rmdir's result
    }
    thread.end(f, 0);
    fileset.leafDirs().release(leaf, EntryPool.Existence.GONE, 0);
    return ThreadFlow.OK;
  }

  /** flowoplib_listdir: reads the next directory; bytes are filebench's dirent estimate. */
  int listdir(Flowop f) throws InterruptedException {
    Fileset fileset = requireFileset(f);
    int dir = fileset.directories().pickExisting(0);
    if (dir == EntryPool.NONE) {
      return thread.noResource("found no directory in fileset " + name(fileset));
    }
    Path listed = fileset.directory(directory, dir);
    long bytes = 0;
    thread.begin();
    try (NativeDirectory entries = NativeDirectory.open(listed)) {
      while (entries.next()) {
        bytes += entries.name().length() + DIRENT_SIZE - 1;
      }
    } catch (IOException e) {
      fileset.directories().release(dir);
      throw new FlowopFailure(f, "cannot list " + listed + ": " + e.getMessage(), e);
    }
    thread.end(f, bytes);
    fileset.directories().release(dir);
    return ThreadFlow.OK;
  }

  // ---- helpers ----

  private int pick(Flowop f, EntryPool pool, boolean existing) throws InterruptedException {
    if (f.indexed) {
      long index = Flowop.draw(f.index);
      return pool.pickAt((int) Math.min(Math.max(index, 0), Integer.MAX_VALUE), existing);
    }
    return existing ? pool.pickExisting(0) : pool.pickMissing();
  }

  private static Fileset requireFileset(Flowop f) {
    if (f.fileset == null) {
      throw new FlowopFailure(f, "needs filesetname=... (or an fd with an open file)");
    }
    return f.fileset;
  }

  private void filePath(byte[] root, Fileset fileset, int entry) {
    relative.setLength(0);
    fileset.tree().appendFilePath(relative, entry);
    path.set(root).append('/').append(relative);
  }

  private void leafDirPath(byte[] root, Fileset fileset, int leaf) {
    relative.setLength(0);
    fileset.tree().appendLeafDirPath(relative, leaf);
    path.set(root).append('/').append(relative);
  }

  private static String name(Fileset fileset) {
    return fileset.spec().name();
  }

  private void closeQuietly(int slot) {
    try {
      FileCalls.close(fds[slot]);
    } catch (IOException ignored) {
      // close releases the descriptor even when it reports an error
    }
    fds[slot] = -1;
  }

  private void clearSlot(int slot) {
    slotFileset[slot] = null;
    slotRoot[slot] = null;
    slotEntry[slot] = EntryPool.NONE;
  }

  /** Closes every file the thread holds open and lowers the entries' open counts. */
  void closeAll() {
    for (int slot = 0; slot < ThreadFlow.MAX_FD; slot++) {
      if (fds[slot] >= 0) {
        closeQuietly(slot);
        if (slotFileset[slot] != null && slotEntry[slot] != EntryPool.NONE) {
          slotFileset[slot].files().release(slotEntry[slot], EntryPool.Existence.UNCHANGED, -1);
        }
      }
      clearSlot(slot);
    }
  }
}
