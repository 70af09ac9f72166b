package io.fsbench.api;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How the volume of an aged comparison cell was aged, once, before its first run: what the aging
 * did, how long it took apart from every measured run, and the free-space fragmentation the
 * filesystem's own tools reported before and after.
 *
 * <pre>{@code
 * for (ComparisonCell cell : comparison.cells()) {
 *   cell.aging().ifPresent(a -> System.out.printf("%s: %.1f%% full after %s%n",
 *       cell.fileSystem(), a.fullness() * 100, a.took()));
 * }
 * }</pre>
 *
 * @param result what the aging run did: its spec, bytes written, files, fullness, distances from
 *     the profile and why it stopped
 * @param took the aging's whole time, the fragmentation figures and the keeping of the aged image
 *     included; never part of a measured run's time
 * @param before the fresh volume's fragmentation, empty where the filesystem reports none
 * @param after the same once aged
 */
public record AgingSummary(
    AgingResult result,
    Duration took,
    Optional<Fragmentation> before,
    Optional<Fragmentation> after) {

  public AgingSummary {
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(took, "took");
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(after, "after");
    if (took.isNegative()) {
      throw new IllegalArgumentException("took (" + took + ") must not be negative");
    }
  }

  /** The aging asked for, e.g. {@code desktop:fullness=80%,overwrite=2.0,...}. */
  public String profile() {
    return result.spec().label();
  }

  /** The volume's fullness at the end, 0 to 1, as statfs reports it after a sync. */
  public double fullness() {
    return result.fullness();
  }

  /** File data written, the fill and replaced files included. */
  public long bytesWritten() {
    return result.bytesWritten();
  }

  /** Files on the volume when aging ended. */
  public long files() {
    return result.liveFiles();
  }

  /** Whether the files were within the spec's convergence of the profile when aging stopped. */
  public boolean converged() {
    return result.converged();
  }

  /** Why aging stopped, e.g. {@code converged after 2.00 volume sizes written}. */
  public String stopReason() {
    return result.stopReason();
  }
}
