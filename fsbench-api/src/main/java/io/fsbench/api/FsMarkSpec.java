package io.fsbench.api;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A metadata workload in the manner of fs_mark 3.3: every thread creates its files (open, write in
 * chunks, optional fsync, close), then the optional phases stat, read, rename and delete each visit
 * every file. Defaults are fs_mark's: 1000 files per thread of 50 KiB written in 16 KiB chunks,
 * fsync before close, one directory, one thread.
 *
 * <pre>{@code
 * FsMarkSpec spec = FsMarkSpec.builder()
 *     .files(100_000).fileSize(Size.ZERO).sync(FsMarkSyncPolicy.NONE)
 *     .filesPerDir(1000).depth(2).threads(2)
 *     .operations(MetadataOperation.CREATE, MetadataOperation.STAT, MetadataOperation.DELETE)
 *     .build();
 * }</pre>
 *
 * <p>File names are computed from the file's index, so the runner holds no per-file state and
 * millions of files fit in a small heap. Names are 40 characters like fs_mark's: 16 hex digits of
 * the index and 24 characters drawn from a hash of the seed and the index.
 *
 * @param files files per thread, fs_mark's {@code -n}
 * @param fileSize bytes written to each file, fs_mark's {@code -s}; may be zero
 * @param writeChunk bytes per write(2), fs_mark's {@code -w}; also the read size of the read phase
 * @param filesPerDir files in each leaf directory; 0 puts every file in the workload's directory,
 *     as fs_mark does without {@code -D}
 * @param depth levels of directories above the files when {@code filesPerDir > 0}
 * @param threads threads, each with its own files (fs_mark's {@code -t}; fs_mark forks processes)
 * @param sync fs_mark's {@code -S} policy, applied to the create phase
 * @param syncfs call syncfs(2) on the workload's filesystem where fs_mark calls the system-wide
 *     sync(2); off by default, as in fs_mark
 * @param operations the phases to run, always in {@link MetadataOperation} order; CREATE is
 *     required. Without DELETE the files are kept (fs_mark's {@code -k})
 * @param seed seeds the random part of the file names
 */
public record FsMarkSpec(
    long files,
    Size fileSize,
    Size writeChunk,
    int filesPerDir,
    int depth,
    int threads,
    FsMarkSyncPolicy sync,
    boolean syncfs,
    Set<MetadataOperation> operations,
    long seed)
    implements Workload {

  public static final String NAME = "fsmark";

  /** fs_mark's maximum write size. */
  public static final Size MAX_WRITE_CHUNK = Size.mib(1);

  private static final List<String> PARAMS =
      List.of(
          "files",
          "size",
          "write_chunk",
          "files_per_dir",
          "depth",
          "threads",
          "sync",
          "syncfs",
          "operations",
          "keep_files",
          "seed");

  public FsMarkSpec {
    Objects.requireNonNull(fileSize, "fileSize");
    Objects.requireNonNull(writeChunk, "writeChunk");
    Objects.requireNonNull(sync, "sync");
    Objects.requireNonNull(operations, "operations");
    operations = Set.copyOf(operations);
    if (files < 1 || files > 1_000_000_000L) {
      throw new InvalidInputException(
          "files (" + files + ") must be between 1 and 1000000000 per thread");
    }
    if (threads < 1 || threads > 1024) {
      throw new InvalidInputException("threads (" + threads + ") must be between 1 and 1024");
    }
    if (writeChunk.isZero() || writeChunk.compareTo(MAX_WRITE_CHUNK) > 0) {
      throw new InvalidInputException(
          "write_chunk (" + writeChunk + ") must be between 1 byte and " + MAX_WRITE_CHUNK);
    }
    if (filesPerDir < 0) {
      throw new InvalidInputException(
          "files_per_dir (" + filesPerDir + ") must not be negative; 0 means one directory");
    }
    if (depth < 1 || depth > 16) {
      throw new InvalidInputException("depth (" + depth + ") must be between 1 and 16");
    }
    if (!operations.contains(MetadataOperation.CREATE)) {
      throw new InvalidInputException(
          "operations " + operations + " must include create; the other phases need its files");
    }
    if (files * threads > 4_000_000_000L) {
      throw new InvalidInputException(
          "files (" + files + ") x threads (" + threads + ") must not exceed 4000000000 in total");
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  /** Files over all threads. */
  public long totalFiles() {
    return files * threads;
  }

  /** Whether the files stay on the volume after the run (no DELETE phase; fs_mark's -k). */
  public boolean keepFiles() {
    return !operations.contains(MetadataOperation.DELETE);
  }

  /** The phases in the order they run. */
  public List<MetadataOperation> phases() {
    List<MetadataOperation> phases = new ArrayList<>();
    for (MetadataOperation op : MetadataOperation.values()) {
      if (operations.contains(op)) {
        phases.add(op);
      }
    }
    return List.copyOf(phases);
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .files(files)
        .fileSize(fileSize)
        .writeChunk(writeChunk)
        .filesPerDir(filesPerDir)
        .depth(depth)
        .threads(threads)
        .sync(sync)
        .syncfs(syncfs)
        .operations(operations)
        .seed(seed);
  }

  /**
   * Builds a spec from {@code key=value} parameters, e.g. {@code files=100000 size=0 sync=0}. Keys:
   * files, size, write_chunk, files_per_dir, depth, threads, sync (0-6), syncfs, operations (e.g.
   * {@code create,stat,read,rename,delete}), keep_files, seed. Sizes take fio's units ({@code 4k}).
   *
   * @throws InvalidInputException naming any unknown key and listing the known ones
   */
  public static FsMarkSpec fromParams(Map<String, String> params) {
    WorkloadParams p = WorkloadParams.of(NAME, params, PARAMS);
    Builder b = builder();
    FsMarkSpec d = b.build();
    b.files(p.longValue("files", d.files()))
        .fileSize(p.size("size", d.fileSize()))
        .writeChunk(p.size("write_chunk", d.writeChunk()))
        .filesPerDir(p.intValue("files_per_dir", d.filesPerDir()))
        .depth(p.intValue("depth", d.depth()))
        .threads(p.intValue("threads", d.threads()))
        .sync(FsMarkSyncPolicy.of(p.intValue("sync", d.sync().level())))
        .syncfs(p.bool("syncfs", d.syncfs()))
        .seed(p.longValue("seed", d.seed()));
    if (p.has("operations")) {
      Set<MetadataOperation> ops = EnumSet.noneOf(MetadataOperation.class);
      for (String item : p.list("operations", List.of())) {
        ops.add(MetadataOperation.parse(item));
      }
      b.operations(ops);
    }
    if (p.bool("keep_files", false)) {
      b.keepFiles();
    }
    return b.build();
  }

  /** Builds an {@link FsMarkSpec}; starts from fs_mark's defaults. */
  public static final class Builder {
    private long files = 1000;
    private Size fileSize = Size.bytes(51_200);
    private Size writeChunk = Size.kib(16);
    private int filesPerDir;
    private int depth = 1;
    private int threads = 1;
    private FsMarkSyncPolicy sync = FsMarkSyncPolicy.FSYNC_BEFORE_CLOSE;
    private boolean syncfs;
    private Set<MetadataOperation> operations =
        EnumSet.of(MetadataOperation.CREATE, MetadataOperation.DELETE);
    private long seed = 42;

    private Builder() {}

    /** Files per thread (fs_mark's -n). */
    public Builder files(long files) {
      this.files = files;
      return this;
    }

    public Builder fileSize(Size size) {
      this.fileSize = size;
      return this;
    }

    public Builder writeChunk(Size chunk) {
      this.writeChunk = chunk;
      return this;
    }

    public Builder filesPerDir(int filesPerDir) {
      this.filesPerDir = filesPerDir;
      return this;
    }

    public Builder depth(int depth) {
      this.depth = depth;
      return this;
    }

    public Builder threads(int threads) {
      this.threads = threads;
      return this;
    }

    public Builder sync(FsMarkSyncPolicy sync) {
      this.sync = sync;
      return this;
    }

    public Builder syncfs(boolean syncfs) {
      this.syncfs = syncfs;
      return this;
    }

    public Builder operations(MetadataOperation... operations) {
      return operations(List.of(operations));
    }

    public Builder operations(java.util.Collection<MetadataOperation> operations) {
      this.operations =
          operations.isEmpty()
              ? EnumSet.noneOf(MetadataOperation.class)
              : EnumSet.copyOf(operations);
      return this;
    }

    /** Leaves the files on the volume: drops the DELETE phase (fs_mark's -k). */
    public Builder keepFiles() {
      EnumSet<MetadataOperation> ops =
          operations.isEmpty()
              ? EnumSet.noneOf(MetadataOperation.class)
              : EnumSet.copyOf(operations);
      ops.remove(MetadataOperation.DELETE);
      this.operations = ops;
      return this;
    }

    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    public FsMarkSpec build() {
      return new FsMarkSpec(
          files, fileSize, writeChunk, filesPerDir, depth, threads, sync, syncfs, operations, seed);
    }
  }
}
