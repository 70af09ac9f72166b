package io.fsbench.api;

import java.util.Objects;

/**
 * A job's files: how large, how many, named how, laid out and handled how, and what of them the
 * page cache holds when the job starts. One of the groups of a {@link JobSpec}; the builder's flat
 * verbs fill it.
 *
 * <pre>{@code
 * JobLayout layout = JobSpec.seqWrite(Size.mib(1)).size(Size.gib(1)).nrFiles(4).build().layout();
 * Size each = layout.effectiveFileSize(); // 256 MiB
 * }</pre>
 *
 * @param size the region each job clone works on, split across its files; zero with a zero {@code
 *     fileSize} takes the sizes the job's files have when it is set up, as fio does for a job
 *     without {@code size} (a file an earlier stonewalled job wrote, say), or with {@link
 *     FileHandling#fillDevice()} writes until the filesystem is full
 * @param fileSize the size of each file; zero means {@code size / nrFiles}
 * @param nrFiles files per job clone
 * @param ioSize bytes of I/O to do; zero means {@code size}
 * @param fileName a file shared by all clones, relative to the volume; empty for one file set per
 *     clone named like fio's ({@code name.clone.file})
 * @param fallocate how files are preallocated in the layout phase
 * @param fileHandling how the job's files are named, laid out, created and removed
 * @param invalidate drop the files' pages from the page cache (posix_fadvise DONTNEED) before the
 *     run
 * @param dropCaches drop the whole page cache (needs root) before the run
 * @param fadviseHint the access hint given for each file when it is opened
 */
public record JobLayout(
    Size size,
    Size fileSize,
    int nrFiles,
    Size ioSize,
    String fileName,
    Fallocate fallocate,
    FileHandling fileHandling,
    boolean invalidate,
    boolean dropCaches,
    FadviseHint fadviseHint) {

  public JobLayout {
    Objects.requireNonNull(size, "size");
    Objects.requireNonNull(fileSize, "fileSize");
    Objects.requireNonNull(ioSize, "ioSize");
    Objects.requireNonNull(fileName, "fileName");
    Objects.requireNonNull(fallocate, "fallocate");
    Objects.requireNonNull(fileHandling, "fileHandling");
    Objects.requireNonNull(fadviseHint, "fadviseHint");
    JobSpecRules.range("nrfiles", nrFiles, 1, 1_000_000);
  }

  /**
   * Whether the job takes its files' sizes from the files it finds when it is set up, as fio does
   * for a job with neither {@code size} nor {@code filesize}.
   */
  public boolean sizeFromFiles() {
    return size.isZero() && fileSize.isZero() && !fileHandling.fillDevice();
  }

  /** The size of each file. */
  public Size effectiveFileSize() {
    return fileSize.isZero() ? Size.bytes(size.bytes() / nrFiles) : fileSize;
  }

  /**
   * The bytes of I/O one clone does per loop: {@code io_size}, else {@code size}, at most what its
   * files hold ({@code nrfiles * filesize}), as fio caps it.
   */
  public Size effectiveIoSize() {
    if (!ioSize.isZero()) {
      return ioSize;
    }
    Size files = effectiveFileSize().times(nrFiles);
    return size.isZero() || (!fileSize.isZero() && files.bytes() < size.bytes()) ? files : size;
  }
}
