package io.fsbench.api;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What an {@link AgingSpec} did to a volume: how long it took, what it wrote, created, deleted,
 * replaced and renamed, how full the volume ended, and how close its files came to the profile.
 *
 * @param spec the spec that ran
 * @param elapsed the whole aging, fill included
 * @param fillTime the first fill up to the fullness
 * @param bytesWritten file data written, replaced files included
 * @param created files created (the fill included)
 * @param deleted files deleted
 * @param modified files replaced by new content
 * @param renamed files moved to another directory
 * @param liveFiles files on the volume at the end
 * @param fullness the volume's fullness at the end, as statfs reports it after a sync
 * @param sizeDistance total variation distance of the files' sizes from the profile, 0 to 1
 * @param depthDistance the same for directory depths
 * @param ageDistance the same for ages
 * @param converged whether every distance was within the spec's convergence when aging stopped
 * @param stopReason why aging stopped, e.g. {@code converged after 2.0 volume sizes written}
 */
public record AgingResult(
    AgingSpec spec,
    Duration elapsed,
    Duration fillTime,
    long bytesWritten,
    long created,
    long deleted,
    long modified,
    long renamed,
    long liveFiles,
    double fullness,
    double sizeDistance,
    double depthDistance,
    double ageDistance,
    boolean converged,
    String stopReason)
    implements WorkloadResult {

  public AgingResult {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(elapsed, "elapsed");
    Objects.requireNonNull(fillTime, "fillTime");
    Objects.requireNonNull(stopReason, "stopReason");
  }

  @Override
  public String workload() {
    return spec.name();
  }

  public double seconds() {
    return elapsed.toNanos() / 1e9;
  }

  @Override
  public List<Metric> metrics() {
    return List.of(
        headline(),
        Metric.of("fill.seconds", fillTime.toNanos() / 1e9, Unit.SECONDS),
        Metric.of("bytes_written", bytesWritten, Unit.BYTES),
        Metric.of(
            "write.bytes_per_sec", bytesWritten / Math.max(seconds(), 1e-9), Unit.BYTES_PER_SEC),
        Metric.of("files.created", created, Unit.COUNT),
        Metric.of("files.deleted", deleted, Unit.COUNT),
        Metric.of("files.modified", modified, Unit.COUNT),
        Metric.of("files.renamed", renamed, Unit.COUNT),
        Metric.of("files.live", liveFiles, Unit.COUNT),
        Metric.of("fullness", fullness * 100, Unit.PERCENT),
        Metric.of("distance.size", sizeDistance * 100, Unit.PERCENT),
        Metric.of("distance.depth", depthDistance * 100, Unit.PERCENT),
        Metric.of("distance.age", ageDistance * 100, Unit.PERCENT),
        Metric.of("converged", converged ? 1 : 0, Unit.COUNT));
  }

  /** The time aging took. */
  @Override
  public Metric headline() {
    return Metric.of("seconds", seconds(), Unit.SECONDS);
  }
}
