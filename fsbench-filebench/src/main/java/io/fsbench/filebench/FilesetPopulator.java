package io.fsbench.filebench;

import io.fsbench.api.FsBenchException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.BitSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Makes a fileset on disk as {@code fileset.c: fileset_create} does, in plain {@code java.nio}
 * (population is not timed):
 *
 * <ol>
 *   <li>The fileset is reused when {@code trusttree} is set, or when its directory exists and
 *       {@code reuse} is set; otherwise its directory is removed with all it holds, made afresh,
 *       and every directory of the tree made in it. A reused tree gets no new directories, as in
 *       filebench, so a reused fileset must have the same tree (fsbench's tree is the same for the
 *       same drand48, as filebench's is for its unseeded one).
 *   <li>Each existing file is written with its size in real bytes (zeros, in writes of 1 MiB, as
 *       {@code fileset_alloc_file} writes its {@code FILE_ALLOC_BLOCK}), not left sparse. When
 *       reusing, a file that is there already is kept if it has its size (or without a look at its
 *       size under {@code trusttree}), cut if longer, and written again if shorter.
 *   <li>With {@code paralloc}, up to a bound of files (filebench's 32) are written at once.
 *   <li>Then each existing leaf directory is made (kept when reusing and it is there).
 * </ol>
 *
 * <p>Cancellation ({@code cancelled}, or the thread's interrupt) is checked between files and
 * between writes; every file is closed on every path, and no writer thread outlives {@link
 * #populate}.
 */
final class FilesetPopulator {

  /** filebench's {@code FILE_ALLOC_BLOCK}. */
  static final int BLOCK = 1 << 20;

  private static final ThreadLocal<ByteBuffer> ZEROS =
      ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(BLOCK));

  private final int parallelism;
  private final BooleanSupplier cancelled;

  /**
   * @param parallelism how many files {@code paralloc} writes at once, at least 1
   * @param cancelled asked between files and writes, from the writer threads too (so it must be
   *     thread-safe); true stops population with an error
   */
  FilesetPopulator(int parallelism, BooleanSupplier cancelled) {
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism (" + parallelism + ") must be at least 1");
    }
    this.parallelism = parallelism;
    this.cancelled = cancelled;
  }

  /** With filebench's bound of 32 parallel allocations. */
  static FilesetPopulator standard(BooleanSupplier cancelled) {
    return new FilesetPopulator(FilesetSpec.MAX_PARALLEL_ALLOCATIONS, cancelled);
  }

  /** What population did. */
  record Population(
      Path root, boolean reused, int filesAllocated, long bytesWritten, int leafDirsMade) {}

  /** Makes {@code fileset} in {@code directory}, as {@code directory/name}. */
  Population populate(Fileset fileset, Path directory) {
    if (!Files.isDirectory(directory)) {
      throw failure("the directory " + directory + " for fileset " + name(fileset) + " is missing");
    }
    FilesetSpec spec = fileset.spec();
    Path root = fileset.root(directory);
    boolean reusing =
        spec.trustTree() || (spec.reuse() && Files.exists(root, LinkOption.NOFOLLOW_LINKS));
    if (!reusing) {
      removeTree(root);
      makeDirectories(fileset, directory);
    }
    BitSet files = fileset.files().existingSnapshot();
    long bytes =
        spec.parallelAllocation() && parallelism > 1
            ? allocateInParallel(fileset, directory, files, reusing)
            : allocateInTurn(fileset, directory, files, reusing);
    int leafDirs = makeLeafDirs(fileset, directory, reusing);
    return new Population(root, reusing, files.cardinality(), bytes, leafDirs);
  }

  private void makeDirectories(Fileset fileset, Path directory) {
    for (int d = 0; d < fileset.tree().directoryCount(); d++) {
      checkCancelled(fileset);
      Path path = fileset.directory(directory, d);
      try {
        // mkdir -p, as fileset_mkdir: the leaf directories' pass repeats earlier names
        Files.createDirectories(path);
      } catch (IOException e) {
        throw failure("could not make directory " + path + ": " + reason(e), e);
      }
    }
  }

  private long allocateInTurn(Fileset fileset, Path directory, BitSet files, boolean reusing) {
    long bytes = 0;
    for (int f = files.nextSetBit(0); f >= 0; f = files.nextSetBit(f + 1)) {
      checkCancelled(fileset);
      bytes += allocate(fileset, directory, f, reusing);
    }
    return bytes;
  }

  private long allocateInParallel(Fileset fileset, Path directory, BitSet files, boolean reusing) {
    AtomicInteger threadNumber = new AtomicInteger();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            parallelism,
            task -> {
              Thread t =
                  new Thread(task, "fsbench-filebench-prealloc-" + threadNumber.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    ExecutorCompletionService<Long> done = new ExecutorCompletionService<>(pool);
    long bytes = 0;
    int inFlight = 0;
    try {
      for (int f = files.nextSetBit(0); f >= 0; f = files.nextSetBit(f + 1)) {
        checkCancelled(fileset);
        if (inFlight == parallelism) {
          bytes += result(fileset, done);
          inFlight--;
        }
        int file = f;
        done.submit(() -> allocate(fileset, directory, file, reusing));
        inFlight++;
      }
      for (; inFlight > 0; inFlight--) {
        bytes += result(fileset, done);
      }
      return bytes;
    } finally {
      stop(fileset, pool);
    }
  }

  private long result(Fileset fileset, ExecutorCompletionService<Long> done) {
    try {
      Future<Long> next = done.take();
      return next.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw cancelledError(fileset);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw failure("pre-allocating fileset " + name(fileset) + " failed", e.getCause());
    }
  }

  /** Interrupts the writers still busy and waits until they have closed their files. */
  private static void stop(Fileset fileset, ExecutorService pool) {
    pool.shutdownNow();
    boolean interrupted = false;
    try {
      while (true) {
        try {
          if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
            return;
          }
          throw failure(
              "the pre-allocation threads of fileset "
                  + name(fileset)
                  + " did not stop in a minute");
        } catch (InterruptedException e) {
          interrupted = true; // keep waiting: no writer may outlive population
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** {@code fileset_alloc_file}: one file; returns the bytes written. */
  private long allocate(Fileset fileset, Path directory, int file, boolean reusing) {
    FilesetSpec spec = fileset.spec();
    Path path = fileset.file(directory, file);
    long size = fileset.tree().size(file);
    try {
      if (reusing && (spec.trustTree() || Files.exists(path, LinkOption.NOFOLLOW_LINKS))) {
        return reuse(fileset, path, size);
      }
      try (FileChannel channel =
          FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        return fill(fileset, channel, size);
      }
    } catch (IOException e) {
      fileset.files().setExists(file, false);
      throw failure(
          "could not pre-allocate file "
              + path
              + " ("
              + size
              + " bytes) of fileset "
              + name(fileset)
              + ": "
              + reason(e),
          e);
    } catch (FsBenchException e) {
      fileset.files().setExists(file, false);
      throw e;
    }
  }

  private long reuse(Fileset fileset, Path path, long size) throws IOException {
    FilesetSpec spec = fileset.spec();
    OpenOption[] options =
        spec.readOnly()
            ? new OpenOption[] {StandardOpenOption.READ}
            : new OpenOption[] {StandardOpenOption.READ, StandardOpenOption.WRITE};
    try (FileChannel channel = FileChannel.open(path, options)) {
      long current = channel.size();
      if (spec.trustTree() || current == size) {
        return 0;
      }
      if (spec.readOnly()) {
        // filebench reopens a readonly fileset's file read-only, so it cannot resize it either
        throw failure(
            "cannot reuse file "
                + path
                + " of readonly fileset "
                + name(fileset)
                + ": it has "
                + current
                + " bytes where "
                + size
                + " are wanted; remove the fileset's directory or drop reuse");
      }
      if (current > size) {
        channel.truncate(size);
        return 0;
      }
      return fill(fileset, channel, size);
    } catch (NoSuchFileException e) {
      throw failure(
          "cannot reuse file "
              + path
              + " of fileset "
              + name(fileset)
              + ": it is not there, and trusttree says the tree is complete; drop trusttree",
          e);
    }
  }

  /** Writes {@code size} bytes of zeros from the start, in writes of {@link #BLOCK}. */
  private long fill(Fileset fileset, FileChannel channel, long size) throws IOException {
    ByteBuffer zeros = ZEROS.get();
    long written = 0;
    while (written < size) {
      checkCancelled(fileset);
      zeros.clear().limit((int) Math.min(BLOCK, size - written));
      while (zeros.hasRemaining()) {
        written += channel.write(zeros, written);
      }
    }
    return written;
  }

  private int makeLeafDirs(Fileset fileset, Path directory, boolean reusing) {
    BitSet leafDirs = fileset.leafDirs().existingSnapshot();
    for (int l = leafDirs.nextSetBit(0); l >= 0; l = leafDirs.nextSetBit(l + 1)) {
      checkCancelled(fileset);
      Path path = fileset.leafDir(directory, l);
      if (reusing && Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      try {
        Files.createDirectory(path);
      } catch (FileAlreadyExistsException e) {
        fileset.leafDirs().setExists(l, false);
        throw failure(
            "could not make leaf directory "
                + path
                + " of fileset "
                + name(fileset)
                + ": the name is taken; filebench numbers files and leaf directories from 1 in"
                + " each directory, so a fileset with both entries and leafdirs can collide",
            e);
      } catch (IOException e) {
        fileset.leafDirs().setExists(l, false);
        throw failure("could not make leaf directory " + path + ": " + reason(e), e);
      }
    }
    return leafDirs.cardinality();
  }

  /** Removes {@code root} and all it holds, following no symbolic link. */
  private void removeTree(Path root) {
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              Files.delete(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
              if (e != null) {
                throw e;
              }
              Files.delete(dir);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw failure("could not remove the old fileset " + root + ": " + reason(e), e);
    }
  }

  private void checkCancelled(Fileset fileset) {
    if (cancelled.getAsBoolean() || Thread.currentThread().isInterrupted()) {
      throw cancelledError(fileset);
    }
  }

  private static FsBenchException cancelledError(Fileset fileset) {
    return failure("creating fileset " + name(fileset) + " was cancelled");
  }

  private static String name(Fileset fileset) {
    return fileset.spec().name();
  }

  /** What went wrong, in words rather than an exception's name. */
  private static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "something else has that name";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage() != null ? e.getMessage() : "an I/O error";
  }

  private static FsBenchException failure(String message) {
    return new FsBenchException(FsBenchException.Kind.RUN_FAILED, "filebench: " + message);
  }

  private static FsBenchException failure(String message, Throwable cause) {
    return new FsBenchException(FsBenchException.Kind.RUN_FAILED, "filebench: " + message, cause);
  }
}
