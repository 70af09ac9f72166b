package io.fsbench.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * How fragmented a filesystem's free space is, as its own tools report it (ext4's {@code
 * e2freefrag}, XFS's {@code xfs_db freesp}, {@code btrfs filesystem usage}, {@code zpool get}). The
 * typed figures are those several filesystems report alike; the rest is in {@link #details}, by the
 * tool's own names.
 *
 * <pre>{@code
 * fragmentation.smallFreeExtentShare().ifPresent(share -> System.out.println(share * 100 + "%"));
 * }</pre>
 *
 * @param commands the commands that were run, as typed
 * @param freeExtents how many free extents there are
 * @param largestFreeExtent the largest free extent in bytes
 * @param smallFreeExtentShare the fraction of free space in free extents smaller than {@link
 *     #SMALL_EXTENT}, 0 to 1: 0 on a fresh filesystem, rising as aging cuts free space up
 * @param details other figures, e.g. {@code xfs.fragmentation_factor -> 12.5%}
 */
public record Fragmentation(
    List<String> commands,
    OptionalLong freeExtents,
    OptionalLong largestFreeExtent,
    OptionalDouble smallFreeExtentShare,
    Map<String, String> details) {

  /** Free extents below this size count as small: 1 MiB. */
  public static final long SMALL_EXTENT = 1 << 20;

  public Fragmentation {
    commands = List.copyOf(commands);
    Objects.requireNonNull(freeExtents, "freeExtents");
    Objects.requireNonNull(largestFreeExtent, "largestFreeExtent");
    Objects.requireNonNull(smallFreeExtentShare, "smallFreeExtentShare");
    details = Map.copyOf(details);
    if (freeExtents.isPresent() && freeExtents.getAsLong() < 0) {
      throw new IllegalArgumentException("freeExtents (" + freeExtents + ") must not be negative");
    }
    if (largestFreeExtent.isPresent() && largestFreeExtent.getAsLong() < 0) {
      throw new IllegalArgumentException(
          "largestFreeExtent (" + largestFreeExtent + ") must not be negative");
    }
    if (smallFreeExtentShare.isPresent()
        && !(smallFreeExtentShare.getAsDouble() >= 0 && smallFreeExtentShare.getAsDouble() <= 1)) {
      throw new IllegalArgumentException(
          "smallFreeExtentShare (" + smallFreeExtentShare + ") must be between 0 and 1");
    }
  }

  /**
   * The figures of a histogram of free extents, as e2freefrag and {@code xfs_db freesp} print it:
   * each row's smallest extent size in bytes, its number of extents and its free bytes.
   *
   * @param commands what printed it
   * @param rows {@code {fromBytes, extents, freeBytes}} per row
   * @param largest the largest free extent in bytes, where the tool prints it (else estimated from
   *     the last row)
   */
  public static Fragmentation ofHistogram(
      List<String> commands, List<long[]> rows, OptionalLong largest, Map<String, String> details) {
    long extents = 0;
    long free = 0;
    long small = 0;
    long lastFrom = 0;
    for (long[] row : rows) {
      extents += row[1];
      free += row[2];
      if (row[0] < SMALL_EXTENT) {
        small += row[2];
      }
      if (row[1] > 0) {
        lastFrom = Math.max(lastFrom, row[0]);
      }
    }
    return new Fragmentation(
        commands,
        OptionalLong.of(extents),
        largest.isPresent() ? largest : OptionalLong.of(lastFrom),
        free == 0 ? OptionalDouble.empty() : OptionalDouble.of(small / (double) free),
        details);
  }

  /**
   * One line for reports: {@code 1234 free extents, largest 12.0 MiB, 34.1% of free space in
   * extents < 1 MiB; xfs.fragmentation_factor 12.5%}.
   */
  public String summary() {
    List<String> parts = new ArrayList<>();
    freeExtents.ifPresent(n -> parts.add(n + " free extents"));
    largestFreeExtent.ifPresent(
        n -> parts.add("largest " + String.format(Locale.ROOT, "%.1f MiB", n / 1048576.0)));
    smallFreeExtentShare.ifPresent(
        s ->
            parts.add(
                String.format(Locale.ROOT, "%.1f%% of free space in extents < 1 MiB", s * 100)));
    StringBuilder line = new StringBuilder(String.join(", ", parts));
    Map<String, String> sorted = new TreeMap<>(details);
    if (!sorted.isEmpty()) {
      line.append(line.length() == 0 ? "" : "; ");
      List<String> extra = new ArrayList<>();
      sorted.forEach((k, v) -> extra.add(k + " " + v));
      line.append(String.join(", ", extra));
    }
    return line.toString();
  }
}
