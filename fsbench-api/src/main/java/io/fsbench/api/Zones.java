package io.fsbench.api;

import java.util.Objects;

/**
 * fio's {@code zonemode=strided}: a job clone does {@code size} bytes in a zone of {@code range}
 * bytes, then skips {@code skip} bytes past the zone's end to the next one, wrapping to its start
 * offset at the end of the file.
 *
 * <pre>{@code
 * // 64k from every 1m of the file
 * JobSpec job = JobSpec.seqRead(Size.kib(4)).size(Size.gib(1))
 *     .zones(Zones.strided(Size.kib(64), Size.kib(64), Size.kib(960))).build();
 * }</pre>
 *
 * @param size bytes done in each zone ({@code zonesize}); zero for no zones
 * @param range the zone's length ({@code zonerange}), by default its size
 * @param skip the bytes skipped after a zone ({@code zoneskip})
 */
public record Zones(Size size, Size range, Size skip) {

  /** fio's default: no zones. */
  public static final Zones NONE = new Zones(Size.ZERO, Size.ZERO, Size.ZERO);

  public Zones {
    Objects.requireNonNull(size, "size");
    Objects.requireNonNull(range, "range");
    Objects.requireNonNull(skip, "skip");
    if (size.isZero() && (!range.isZero() || !skip.isZero())) {
      throw new InvalidInputException(
          "zonerange and zoneskip need zonesize; give zonesize=... (fio: '--zonesize must be"
              + " specified when using --zonemode=strided')");
    }
  }

  /** Strided zones; {@code range} zero means {@code size}, as in fio. */
  public static Zones strided(Size size, Size range, Size skip) {
    if (size.isZero()) {
      throw new InvalidInputException("zonesize (0) must be positive for zonemode=strided");
    }
    return new Zones(size, range.isZero() ? size : range, skip);
  }

  public boolean isNone() {
    return size.isZero();
  }
}
