package io.fsbench.workloads.bonnie;

import io.fsbench.api.BonnieResult.Test;
import io.fsbench.api.BonnieResult.TestResult;
import io.fsbench.api.FsBenchException;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeBuffer;
import io.fsbench.core.nativeio.NativeDirectory;
import io.fsbench.core.nativeio.NativePath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * bonnie++'s file tests ({@code COpenTest} in bon_file.cpp): create, stat and delete {@code num ×
 * 1024} files in a directory of their own (spread over {@code %05d} subdirectories), first with
 * names that start with their number and are read back in directory order, then with names that
 * start with random characters and are read back in a shuffled order. Each create is {@code
 * open(O_CREAT|O_EXCL|O_WRONLY)}, the file's size drawn from rand() in writes of the file chunk,
 * and a close; a stat is a stat and, for a file that is not empty, a read of it all; a delete an
 * unlink. With {@code -b} each new file is fsynced, and its directory after each create and delete.
 * The creates and deletes end with sync(2), inside their time, as in bonnie++.
 */
final class FileTests {

  private static final int MODE = 0600;
  private static final int DIR_MODE = 0700;

  private final BonnieRun run;
  private final Stopwatch watch;
  private final BooleanSupplier cancelled;
  private final int number;
  private final int dirs;
  private final long min;
  private final long max;
  private final boolean fsync;
  private final NativeBuffer buffer;
  private final int chunk;
  private final Path root;
  private final byte[] rootPrefix;
  private final NativePath path = new NativePath();
  private FileNames names = new FileNames(new String[0], new int[0]);
  private int[] dirHandles = new int[0];
  private int rootFd = -1;
  private long fsyncs;
  private long bytes;

  FileTests(BonnieRun run, Stopwatch watch, BooleanSupplier cancelled) {
    this.run = run;
    this.watch = watch;
    this.cancelled = cancelled;
    this.number = run.spec().fileCount();
    this.dirs = run.spec().directories();
    this.min = run.spec().minFileSize();
    this.max = run.spec().maxFileSize();
    this.fsync = run.spec().fsync();
    this.chunk = (int) run.spec().fileChunkSize().bytes();
    this.buffer = NativeBuffer.allocate(chunk);
    this.root = run.fileTestDirectory();
    this.rootPrefix = NativePath.encode(root.resolve("x"));
  }

  /** The six tests, in bonnie++'s order, drawing from {@code random} as bonnie++ draws. */
  void run(GlibcRand random, List<TestResult> results) throws IOException {
    try {
      results.add(create(random, false));
      results.add(statSequential());
      results.add(deleteSequential());
      results.add(create(random, true));
      names.shuffle(random);
      results.add(statRandom());
      names.shuffle(random);
      results.add(deleteRandom());
    } finally {
      closeDirectories();
    }
  }

  private TestResult create(GlibcRand random, boolean randomOrder) throws IOException {
    names = FileNames.make(random, number, dirs, randomOrder);
    makeDirectories();
    resetCounters();
    watch.start();
    for (int i = 0; i < number; i++) {
      checkCancelled();
      watch.opStart();
      long size = max == min ? max : min + random.next() % (max - min + 1);
      createFile(names.name(i), size, names.directory(i));
      watch.opStop();
    }
    FileCalls.sync();
    return stop(randomOrder ? Test.RAN_CREATE : Test.SEQ_CREATE, 0, bytes);
  }

  private void makeDirectories() throws IOException {
    FileCalls.mkdir(at(""), DIR_MODE);
    // bonnie++ works in its directory (chdir) and names each file relative to it: one lookup
    rootFd = FileCalls.openDirectory(at(""));
    if (dirs > 1) {
      for (int d = 0; d < dirs; d++) {
        FileCalls.mkdir(at(FileNames.directoryName(d)), DIR_MODE);
      }
    }
    if (fsync) {
      dirHandles = new int[dirs];
      for (int d = 0; d < dirs; d++) {
        dirHandles[d] = FileCalls.openDirectory(at(dirs > 1 ? FileNames.directoryName(d) : ""));
      }
    }
  }

  private void createFile(String name, long size, int dir) throws IOException {
    int fd =
        FileCalls.openAt(
            rootFd, named(name), FileCalls.O_CREAT | FileCalls.O_EXCL | FileCalls.O_WRONLY, MODE);
    try {
      if (max != 0) {
        for (long i = 0; i < size; i += chunk) {
          int n = (int) Math.min(chunk, size - i);
          if (FileCalls.write(fd, buffer, 0, n) != n) {
            throw new IOException(root + "/" + name + ": can't write data");
          }
          bytes += n;
        }
      }
      if (fsync) {
        FileCalls.fsync(fd);
        FileCalls.fsync(dirHandles[dir]);
        fsyncs += 2;
      }
    } finally {
      FileCalls.close(fd);
    }
  }

  private TestResult statSequential() throws IOException {
    resetCounters();
    watch.start();
    int count = 0;
    for (int d = 0; d < dirs; d++) {
      String prefix = dirs > 1 ? FileNames.directoryName(d) + "/" : "";
      try (NativeDirectory dir = NativeDirectory.open(directory(d))) {
        watch.opStart();
        while (dir.next()) {
          checkCancelled();
          if (!dir.name().startsWith(".")) {
            statFile(prefix + dir.name());
            count++;
            watch.opStop();
          }
          watch.opStart();
        }
      }
    }
    expect(count, "stat");
    return stop(Test.SEQ_STAT, bytes, 0);
  }

  private TestResult statRandom() throws IOException {
    resetCounters();
    watch.start();
    for (int i = 0; i < number; i++) {
      checkCancelled();
      watch.opStart();
      statFile(names.name(i));
      watch.opStop();
    }
    return stop(Test.RAN_STAT, bytes, 0);
  }

  /** bonnie++'s {@code stat_file}: stat, and read a file that is not empty in file chunks. */
  private void statFile(String name) throws IOException {
    NativePath file = named(name);
    long size = FileCalls.statSizeAt(rootFd, file);
    if (size > 0) {
      int fd = FileCalls.openAt(rootFd, file, 0, 0);
      try {
        for (long i = 0; i < size; i += chunk) {
          int n = (int) Math.min(chunk, size - i);
          if (FileCalls.read(fd, buffer, 0, n) != n) {
            throw new IOException(root + "/" + name + ": can't read data");
          }
          bytes += n;
        }
      } finally {
        FileCalls.close(fd);
      }
    }
  }

  private TestResult deleteSequential() throws IOException {
    resetCounters();
    watch.start();
    int count = 0;
    for (int d = 0; d < dirs; d++) {
      try (NativeDirectory dir = NativeDirectory.open(directory(d))) {
        while (true) {
          watch.opStart();
          if (!dir.next()) {
            break;
          }
          checkCancelled();
          if (!dir.name().startsWith(".")) {
            dir.removeEntry(false);
            syncDirectory(d);
            count++;
          }
          watch.opStop();
        }
      }
      closeDirectory(d);
      if (dirs > 1) {
        Files.delete(directory(d));
      }
    }
    closeRoot();
    Files.delete(root);
    expect(count, "delete");
    FileCalls.sync();
    return stop(Test.SEQ_DEL, 0, 0);
  }

  private TestResult deleteRandom() throws IOException {
    resetCounters();
    watch.start();
    for (int i = 0; i < number; i++) {
      checkCancelled();
      watch.opStart();
      FileCalls.unlinkAt(rootFd, named(names.name(i)));
      syncDirectory(names.directory(i));
      watch.opStop();
    }
    for (int d = 0; d < dirs; d++) {
      closeDirectory(d);
      if (dirs > 1) {
        Files.delete(directory(d));
      }
    }
    closeRoot();
    Files.delete(root);
    FileCalls.sync();
    return stop(Test.RAN_DEL, 0, 0);
  }

  private void syncDirectory(int d) throws IOException {
    if (fsync) {
      FileCalls.fsync(dirHandles[d]);
      fsyncs++;
    }
  }

  private void closeDirectory(int d) throws IOException {
    if (fsync && dirHandles[d] >= 0) {
      FileCalls.close(dirHandles[d]);
      dirHandles[d] = -1;
    }
  }

  private void closeRoot() throws IOException {
    if (rootFd >= 0) {
      int fd = rootFd;
      rootFd = -1;
      FileCalls.close(fd);
    }
  }

  /** Closes what a test that failed left open: the test directory and the synced ones. */
  private void closeDirectories() throws IOException {
    try {
      closeRoot();
    } finally {
      for (int d = 0; d < dirHandles.length; d++) {
        if (dirHandles[d] >= 0) {
          int fd = dirHandles[d];
          dirHandles[d] = -1;
          FileCalls.close(fd);
        }
      }
    }
  }

  /** Files that are gone from the directories bonnie++ read, or too many, fail the test. */
  private void expect(int count, String what) {
    if (count != number) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "bonnie's " + what + " test expected " + number + " files but found " + count);
    }
  }

  private Path directory(int d) {
    return dirs > 1 ? root.resolve(FileNames.directoryName(d)) : root;
  }

  /** {@code name} relative to the test's directory, in this object's path buffer. */
  private NativePath named(String name) {
    return path.set(NO_PREFIX).append(name);
  }

  private static final byte[] NO_PREFIX = new byte[0];

  /** {@code name} inside the test's directory, in this thread's path buffer. */
  private NativePath at(String name) {
    path.set(rootPrefix);
    path.truncate(path.length() - 1); // drop the "x" that made the prefix end in '/'
    return name.isEmpty() ? path.truncate(path.length() - 1) : path.append(name);
  }

  private void resetCounters() {
    fsyncs = 0;
    bytes = 0;
  }

  private TestResult stop(Test test, long read, long written) {
    return watch.stop(test, number, number, read, written, fsyncs);
  }

  private void checkCancelled() {
    if (cancelled.getAsBoolean()) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "bonnie was cancelled");
    }
  }

  /** How many directories each create made besides its own: bonnie++'s {@code %05d} ones. */
  int subdirectories() {
    return dirs > 1 ? dirs : 0;
  }

  BonnieRun run() {
    return run;
  }
}
