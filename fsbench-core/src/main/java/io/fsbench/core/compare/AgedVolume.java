package io.fsbench.core.compare;

import io.fsbench.api.AgingResult;
import io.fsbench.api.AgingSpec;
import io.fsbench.api.AgingSummary;
import io.fsbench.api.CellId;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.core.volume.RestorableVolume;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.DoubleConsumer;

/**
 * A cell's volume aged once, before its first run: the free-space figures read, the aging run in
 * {@code fsbench-aged/} (timed apart from every measured run), the figures read again, and the aged
 * image kept so that each later run starts from it ({@link RestorableVolume#restore}).
 *
 * @param result what the aging did
 * @param before the fragmentation of the fresh volume, where the plugin reports it
 * @param after the same after aging
 * @param took the aging's time, the figures and the kept copy included
 */
record AgedVolume(
    AgingResult result,
    Optional<Fragmentation> before,
    Optional<Fragmentation> after,
    Duration took) {

  /** The directory on the volume that holds the aged files. */
  static final String DIRECTORY = "fsbench-aged";

  /**
   * Ages the volume.
   *
   * @param progress how far the aging is, 0 to 1 (see {@code AgingProgress})
   */
  static AgedVolume age(
      Volume volume,
      AgingSpec aging,
      WorkloadRunners runners,
      AtomicBoolean cancelled,
      DoubleConsumer progress) {
    if (!(volume instanceof RestorableVolume restorable)) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "the "
              + volume.fileSystem()
              + " volume cannot keep an aged state, so its repetitions could not start from"
              + " one; compare aged volumes on loop images (--fs)");
    }
    long start = System.nanoTime();
    Optional<Fragmentation> before = restorable.fragmentation();
    Path dir = volume.mountPoint().resolve(DIRECTORY);
    try {
      Files.createDirectory(dir);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "cannot make " + dir + ": " + e.getMessage(), e);
    }
    AgingResult result =
        (AgingResult) runners.run(aging, new RunContext(dir, volume, progress, cancelled));
    Optional<Fragmentation> after = restorable.fragmentation();
    restorable.keep();
    return new AgedVolume(result, before, after, Duration.ofNanos(System.nanoTime() - start));
  }

  /** What the report and embedders read: the same, typed. */
  AgingSummary summary() {
    return new AgingSummary(result, took, before, after);
  }

  /**
   * One line for the progress output, as the aging ends: {@code aging: ext4 (defaults) for
   * seqread-128k-aged, aged with desktop:fullness=80%,... in 41.2 s: 80.3% full, 1234 files, 2.01
   * volume sizes written, converged after ...; free space before: ...; after: ...}.
   */
  String note(CellId cell) {
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "aging: %s (%s) for %s, aged with %s in %.1f s (not in any measured time): %.1f%%"
                    + " full, %d files, %.2f GiB written; %s",
                cell.fileSystem(),
                cell.tuning().label(),
                cell.workload(),
                result.spec().label(),
                took.toNanos() / 1e9,
                result.fullness() * 100,
                result.liveFiles(),
                result.bytesWritten() / (double) (1L << 30),
                result.stopReason()));
    if (before.isPresent() || after.isPresent()) {
      line.append("; free space fresh: ")
          .append(before.map(Fragmentation::summary).orElse("not reported"))
          .append("; aged: ")
          .append(after.map(Fragmentation::summary).orElse("not reported"));
    } else {
      line.append("; " + cell.fileSystem() + " reports no fragmentation figures");
    }
    return line.toString();
  }
}
