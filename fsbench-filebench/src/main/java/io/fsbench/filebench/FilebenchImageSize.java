package io.fsbench.filebench;

import io.fsbench.api.EnvironmentException;
import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The loop image a filebench workload needs when the caller gives no size: four times the dataset
 * its plan draws (the filesets' entries' sizes, made or not, before any I/O), for the files the
 * workload creates and grows — fileserver's appends grew its files by more than the dataset in 3 s
 * here, and XFS keeps speculative preallocation on files appended and closed again — and the
 * filesystem's own metadata and journal, never below {@link #FLOOR}. When the work dir cannot hold
 * that, twice the dataset ({@link #MIN_HEADROOM}) with a note; refused when it cannot hold even
 * that, since a sparse image that outgrows its host fails the run halfway with I/O errors.
 *
 * <pre>{@code
 * long dataset = FilebenchImageSize.plannedDatasetBytes(spec);
 * FilebenchImageSize.Choice image = FilebenchImageSize.choose(dataset, FilebenchImageSize.freeBytes(workDir));
 * Target.loop(image.size());
 * }</pre>
 */
public final class FilebenchImageSize {

  /** The smallest image: room for any filesystem fsbench makes (xfs needs 300 MiB) and a run. */
  public static final Size FLOOR = Size.gib(1);

  /** Image bytes per dataset byte, where the work dir has room. */
  public static final int HEADROOM = 4;

  /** Image bytes per dataset byte at the least, where the work dir is short of room. */
  public static final int MIN_HEADROOM = 2;

  private static final long MIB = 1L << 20;

  /**
   * An image size and why it was chosen, for the line that says so.
   *
   * @param size the image's size, whole MiB
   * @param datasetBytes the planned dataset it was sized from
   * @param reason e.g. "4x the planned dataset (1.2 GiB)" or "the floor of 1g (...)"
   */
  public record Choice(Size size, long datasetBytes, String reason) {}

  private FilebenchImageSize() {}

  /**
   * The rule: {@code max(FLOOR, HEADROOM x dataset)}, rounded up to whole MiB; where the free space
   * is short of that, {@code max(FLOOR, MIN_HEADROOM x dataset)}.
   *
   * @param freeBytes the work dir's free space; a negative value means unknown (not checked)
   * @throws EnvironmentException when not even the smaller image would fit the free space, with
   *     both figures and what to do
   */
  public static Choice choose(long datasetBytes, long freeBytes) {
    if (datasetBytes < 0) {
      throw new IllegalArgumentException(
          "dataset (" + datasetBytes + " bytes) must not be negative");
    }
    Choice roomy = sized(datasetBytes, HEADROOM);
    if (freeBytes < 0 || roomy.size().bytes() <= freeBytes) {
      return roomy;
    }
    Choice tight = sized(datasetBytes, MIN_HEADROOM);
    if (tight.size().bytes() <= freeBytes) {
      return new Choice(
          tight.size(),
          datasetBytes,
          tight.reason()
              + ", as the work dir has only "
              + FilebenchResult.Dataset.bytes(freeBytes)
              + " free of the "
              + FilebenchResult.Dataset.bytes(roomy.size().bytes())
              + " wanted; a run that appends much may fill it");
    }
    throw new EnvironmentException(
        "the loop image for this workload would be "
            + FilebenchResult.Dataset.bytes(tight.size().bytes())
            + " at the least ("
            + tight.reason()
            + "), but the work dir has only "
            + FilebenchResult.Dataset.bytes(freeBytes)
            + " free; shrink the filesets (--set nfiles=N or filesize=S), free space or move"
            + " the work dir ($FSBENCH_WORK_DIR), or choose the size with --image-size, a"
            + " --device or a --dir");
  }

  private static Choice sized(long datasetBytes, int headroom) {
    long wanted = saturatingMultiply(datasetBytes, headroom);
    String dataset = FilebenchResult.Dataset.bytes(datasetBytes);
    if (wanted <= FLOOR.bytes()) {
      return new Choice(
          FLOOR,
          datasetBytes,
          "the floor of "
              + FLOOR
              + " ("
              + headroom
              + "x the planned dataset of "
              + dataset
              + " is less)");
    }
    return new Choice(
        Size.bytes(roundUpToMib(wanted)),
        datasetBytes,
        headroom + "x the planned dataset of " + dataset);
  }

  /**
   * The bytes of the filesets {@code spec}'s file defines with its variables, from the plan: the
   * commands up to {@code run} read, the trees drawn, nothing made. {@code dataset=} of a
   * personality is resolved against RAM, uncapped (the volume is what is being sized).
   *
   * @throws InvalidInputException for a workload file with an error, naming file and line
   */
  public static long plannedDatasetBytes(FilebenchSpec spec) {
    FilebenchRun run = FilebenchCheck.planned(spec); // the check's plan: nothing made
    long bytes = 0;
    for (Fileset fileset : run.filesets()) {
      bytes += fileset.tree().totalBytes();
    }
    return bytes;
  }

  /** The free bytes of the filesystem that holds {@code dir}, or its nearest existing parent. */
  public static long freeBytes(Path dir) {
    Path existing = dir.toAbsolutePath();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    try {
      return existing == null ? -1 : Files.getFileStore(existing).getUsableSpace();
    } catch (IOException e) {
      return -1; // unknown: the run says so and does not check
    }
  }

  private static long roundUpToMib(long bytes) {
    long mib = bytes / MIB + (bytes % MIB == 0 ? 0 : 1);
    return saturatingMultiply(mib, MIB);
  }

  private static long saturatingMultiply(long a, long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }
}
