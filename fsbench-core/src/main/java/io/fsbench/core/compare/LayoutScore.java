package io.fsbench.core.compare;

import io.fsbench.core.nativeio.Extents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * A layout score that reads the same on every filesystem: the physically contiguous runs of the
 * files a workload left in its directory (those it read) over the fewest they could take, one per
 * file with data. 1.0 is every file in one piece; 2.0 is two pieces a file on average.
 */
final class LayoutScore {

  private LayoutScore() {}

  /** The score of the files under {@code dir}; empty where there are none or FIEMAP fails. */
  static OptionalDouble of(Path dir) {
    long runs = 0;
    long files = 0;
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
        OptionalLong fileRuns = Extents.contiguousRuns(file);
        if (fileRuns.isEmpty()) {
          return OptionalDouble.empty();
        }
        if (fileRuns.getAsLong() > 0) {
          runs += fileRuns.getAsLong();
          files++;
        }
      }
    } catch (IOException | RuntimeException e) {
      return OptionalDouble.empty(); // a score is extra: a run that measured stands without it
    }
    return files == 0 ? OptionalDouble.empty() : OptionalDouble.of(runs / (double) files);
  }
}
