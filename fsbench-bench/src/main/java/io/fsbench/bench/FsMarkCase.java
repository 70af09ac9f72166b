package io.fsbench.bench;

import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.FsMarkSyncPolicy;
import io.fsbench.api.MetadataOperation;
import io.fsbench.api.Size;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One random case of {@link FsMarkDiff}: fs_mark's options and the {@link FsMarkSpec} that does the
 * same, where the two layouts are comparable.
 *
 * <p>Subdirectories ({@code -D}) are drawn only with one thread: fs_mark's processes each pick
 * their first subdirectory from the second they start in, so with several processes the tree
 * depends on the clock. With one, {@code -D D -N N} and {@code n <= D*N} puts N files in each of
 * {@code ceil(n/N)} subdirectories, as fsbench's {@code files_per_dir N, depth 1} does; {@code -D
 * D} without {@code -N} puts every file in one subdirectory (fs_mark moves on only after 180 s), as
 * {@code files_per_dir n, depth 1} does.
 *
 * @param files files per thread, {@code -n}
 * @param size bytes per file, {@code -s}
 * @param chunk bytes per write, {@code -w}
 * @param threads {@code -t}
 * @param sync {@code -S}
 * @param subdirs {@code -D}, 0 for none
 * @param perSubdir {@code -N}, 0 for none (with subdirectories: fs_mark's time hash)
 * @param keep {@code -k}
 */
record FsMarkCase(
    int files,
    long size,
    int chunk,
    int threads,
    int sync,
    int subdirs,
    int perSubdir,
    boolean keep) {

  /**
   * Write calls one case makes at most over all its files, so that it takes well under a second.
   */
  static final int MAX_WRITES = 3000;

  /** Files per thread at most when every file is fsynced (-S 1, 3 to 6). */
  static final int MAX_FSYNCED_FILES = 24;

  /** Files per thread at most otherwise. */
  static final int MAX_FILES = 300;

  FsMarkCase {
    if (subdirs != 0 && (threads != 1 || subdirs < 2)) {
      throw new IllegalArgumentException("-D " + subdirs + " with -t " + threads);
    }
    if (perSubdir != 0 && (subdirs == 0 || (long) subdirs * perSubdir < files)) {
      throw new IllegalArgumentException(
          "-N " + perSubdir + " needs -D with n (" + files + ") <= D*N");
    }
  }

  /** The cases for {@code seed}, within fs_mark's limits and {@link #MAX_WRITES}. */
  static List<FsMarkCase> cases(long seed, int count) {
    SplittableRandom random = new SplittableRandom(seed);
    List<FsMarkCase> cases = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      cases.add(draw(random));
    }
    return cases;
  }

  private static FsMarkCase draw(SplittableRandom random) {
    int threads = 1 + random.nextInt(4);
    int chunk =
        switch (random.nextInt(4)) {
          case 0 -> 1 + random.nextInt(512);
          case 1 -> 1 << (9 + random.nextInt(8)); // 512 B .. 64 KiB
          default -> 1 + random.nextInt(64 << 10);
        };
    long size =
        switch (random.nextInt(5)) {
          case 0 -> 0;
          case 1 -> (long) chunk * (1 + random.nextInt(3));
          default -> 1 + random.nextLong(Math.min(4L * chunk, 256 << 10));
        };
    int sync = random.nextInt(7);
    boolean everyFileSynced = sync == 1 || sync >= 3;
    long writesPerFile = Math.max(1, (size + chunk - 1) / chunk);
    int maxFiles =
        (int)
            Math.max(
                1,
                Math.min(
                    everyFileSynced ? MAX_FSYNCED_FILES : MAX_FILES,
                    MAX_WRITES / (writesPerFile * threads)));
    int files = 1 + random.nextInt(maxFiles);
    int subdirs = 0;
    int perSubdir = 0;
    if (threads == 1 && random.nextBoolean()) {
      subdirs = 2 + random.nextInt(15);
      if (random.nextInt(3) != 0) {
        perSubdir = (files + subdirs - 1) / subdirs + random.nextInt(4);
      }
    }
    return new FsMarkCase(
        files, size, chunk, threads, sync, subdirs, perSubdir, random.nextInt(4) != 0);
  }

  /** fs_mark's arguments for this case in {@code dir} (without the program's name). */
  List<String> arguments(Path dir) {
    List<String> args = new ArrayList<>();
    args.addAll(List.of("-d", dir.toString(), "-n", Integer.toString(files)));
    args.addAll(List.of("-s", Long.toString(size), "-w", Integer.toString(chunk)));
    args.addAll(List.of("-t", Integer.toString(threads), "-S", Integer.toString(sync)));
    if (subdirs > 0) {
      args.addAll(List.of("-D", Integer.toString(subdirs)));
    }
    if (perSubdir > 0) {
      args.addAll(List.of("-N", Integer.toString(perSubdir)));
    }
    if (keep) {
      args.add("-k");
    }
    return args;
  }

  /** The spec that does what fs_mark does for this case. */
  FsMarkSpec spec() {
    return spec(sideArguments(Path.of(".")));
  }

  /** The arguments of {@link FsMarkSide}: the directory, then the spec's fields in this order. */
  List<String> sideArguments(Path dir) {
    int filesPerDir = subdirs == 0 ? 0 : perSubdir > 0 ? perSubdir : files;
    return List.of(
        dir.toString(),
        Integer.toString(files),
        Long.toString(size),
        Integer.toString(chunk),
        Integer.toString(threads),
        Integer.toString(sync),
        Integer.toString(filesPerDir),
        Boolean.toString(keep));
  }

  /** The spec of {@link #sideArguments}; without -k the files are deleted, as fs_mark unlinks. */
  static FsMarkSpec spec(List<String> args) {
    int filesPerDir = Integer.parseInt(args.get(6));
    FsMarkSpec.Builder spec =
        FsMarkSpec.builder()
            .files(Integer.parseInt(args.get(1)))
            .fileSize(Size.bytes(Long.parseLong(args.get(2))))
            .writeChunk(Size.bytes(Integer.parseInt(args.get(3))))
            .threads(Integer.parseInt(args.get(4)))
            .sync(FsMarkSyncPolicy.of(Integer.parseInt(args.get(5))))
            .filesPerDir(filesPerDir);
    if (filesPerDir > 0) {
      spec.depth(1);
    }
    if (Boolean.parseBoolean(args.get(7))) {
      spec.operations(MetadataOperation.CREATE);
    } else {
      spec.operations(MetadataOperation.CREATE, MetadataOperation.DELETE);
    }
    return spec.build();
  }
}
