package io.fsbench.bench;

import io.fsbench.api.AgingProfile;
import io.fsbench.core.nativeio.Extents;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.OptionalLong;

/**
 * What an aging left under its directory, counted the same way for Geriatrix's files and fsbench's:
 * how many files and bytes, how many fall in each of the profile's size buckets (the smallest bound
 * at least the file's size) and at each depth (directories between the aging directory and the
 * file), and the physically contiguous runs of their data ({@code FS_IOC_FIEMAP}, what {@code
 * filefrag} reads), merged where one continues the next.
 *
 * @param files regular files
 * @param bytes their sizes added
 * @param sizeCounts files per size bucket of the profile
 * @param depthCounts files per depth bucket of the profile; a file at a depth the profile lacks
 *     counts in {@code strayDepths}
 * @param strayDepths files at a depth the profile does not have
 * @param runs contiguous runs of the files with data, -1 where FIEMAP is not supported
 * @param filesWithData files with at least one block mapped
 */
record AgedCensus(
    long files,
    long bytes,
    long[] sizeCounts,
    long[] depthCounts,
    long strayDepths,
    long runs,
    long filesWithData) {

  /**
   * Counts the files under {@code root}.
   *
   * @param sizes the profile's size buckets (bytes)
   * @param depths the profile's depths, as directories between {@code root} and the file
   */
  static AgedCensus of(
      Path root, List<AgingProfile.Bucket> sizes, List<AgingProfile.Bucket> depths) {
    long[] sizeCounts = new long[sizes.size()];
    long[] depthCounts = new long[depths.size()];
    long[] totals = new long[5]; // files, bytes, stray, runs, withData
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              if (!attrs.isRegularFile()) {
                return FileVisitResult.CONTINUE;
              }
              totals[0]++;
              totals[1] += attrs.size();
              sizeCounts[sizeBucket(sizes, attrs.size())]++;
              int depth = root.relativize(file).getNameCount() - 1;
              int d = depthBucket(depths, depth);
              if (d < 0) {
                totals[2]++;
              } else {
                depthCounts[d]++;
              }
              if (totals[3] >= 0) {
                OptionalLong runs = Extents.contiguousRuns(file);
                if (runs.isEmpty()) {
                  totals[3] = -1;
                } else if (runs.getAsLong() > 0) {
                  totals[3] += runs.getAsLong();
                  totals[4]++;
                }
              }
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new AgedCensus(
        totals[0], totals[1], sizeCounts, depthCounts, totals[2], totals[3], totals[4]);
  }

  /** The first bucket whose bound is at least {@code size}; the last for anything larger. */
  static int sizeBucket(List<AgingProfile.Bucket> sizes, long size) {
    for (int i = 0; i < sizes.size(); i++) {
      if (size <= sizes.get(i).value()) {
        return i;
      }
    }
    return sizes.size() - 1;
  }

  private static int depthBucket(List<AgingProfile.Bucket> depths, int depth) {
    for (int i = 0; i < depths.size(); i++) {
      if ((int) depths.get(i).value() == depth) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The total variation distance of {@code counts} from the buckets' shares: half the sum of the
   * differences, 0 when they match, 1 when they share nothing (the measure fsbench's aging stops
   * on).
   */
  static double distance(long[] counts, List<AgingProfile.Bucket> buckets) {
    double[] ideal = GeriatrixProfile.shares(buckets);
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    if (total == 0) {
      return 1;
    }
    double sum = 0;
    for (int i = 0; i < ideal.length; i++) {
      sum += Math.abs(counts[i] / (double) total - ideal[i]);
    }
    return sum / 2;
  }

  /** The mean file size in bytes, NaN without files. */
  double meanSize() {
    return files == 0 ? Double.NaN : bytes / (double) files;
  }

  /** Contiguous runs per file with data, NaN where unknown. */
  double runsPerFile() {
    return runs < 0 || filesWithData == 0 ? Double.NaN : runs / (double) filesWithData;
  }
}
