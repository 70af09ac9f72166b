package io.fsbench.btrfs;

import io.fsbench.api.Compression;
import io.fsbench.spi.KernelVersion;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Btrfs's compression as mount options: {@code compress=zstd:3}, {@code compress-force=lzo}, and
 * back from the mount table, where the kernel writes the level it chose ({@code compress=zstd}
 * shows as {@code compress=zstd:3}).
 */
final class BtrfsCompression {

  /** The level the kernel uses when none is given; the mount table then shows it. */
  static final Map<String, Integer> DEFAULT_LEVELS = Map.of("zstd", 3, "zlib", 3);

  static final int ZSTD_MAX = 15;
  static final int ZLIB_MAX = 9;

  /**
   * zstd's fast (negative) levels came with Linux 6.15; older kernels misread {@code zstd:-3}, so
   * they are refused there rather than silently turned into something else.
   */
  static final int ZSTD_FAST_MIN = -15;

  private BtrfsCompression() {}

  /**
   * Refuses algorithms and levels Btrfs does not have; the kernel would clamp, not refuse.
   *
   * @param setting the compression as the user wrote it, for the message
   */
  static void check(Compression compression, String setting, KernelVersion kernel) {
    OptionalInt level = compression.level();
    switch (compression.algorithm()) {
      case "none" -> {}
      case "lzo" -> {
        if (level.isPresent()) {
          BtrfsTuning.refuse(setting, "lzo has no levels; write compression=lzo");
        }
      }
      case "zlib" -> {
        if (level.isPresent() && (level.getAsInt() < 1 || level.getAsInt() > ZLIB_MAX)) {
          BtrfsTuning.refuse(setting, "zlib levels run from 1 to " + ZLIB_MAX);
        }
      }
      case "zstd" -> checkZstd(setting, level, kernel);
      default ->
          BtrfsTuning.refuse(
              setting,
              "btrfs compresses with zstd (levels 1-15), lzo or zlib (levels 1-9), not "
                  + compression.algorithm());
    }
  }

  private static void checkZstd(String setting, OptionalInt level, KernelVersion kernel) {
    if (level.isEmpty()) {
      return;
    }
    int n = level.getAsInt();
    boolean fast = kernel.isAtLeast(6, 15);
    if ((n >= 1 && n <= ZSTD_MAX) || (fast && n >= ZSTD_FAST_MIN && n <= -1)) {
      return;
    }
    BtrfsTuning.refuse(
        setting,
        "zstd levels run from 1 to "
            + ZSTD_MAX
            + (fast
                ? " and, for fast compression, from -1 to " + ZSTD_FAST_MIN
                : " (negative levels need Linux 6.15; this is " + kernel + ")"));
  }

  /** {@code compress=zstd:3}, {@code compress-force=lzo}, {@code compress=no}. */
  static String mountOption(Compression compression) {
    if (compression.isNone()) {
      return "compress=no";
    }
    String value =
        compression.algorithm()
            + (compression.level().isPresent() ? ":" + compression.level().getAsInt() : "");
    return (compression.force() ? "compress-force=" : "compress=") + value;
  }

  /** The compression the mount table shows; none when it shows no compress option. */
  static Compression fromMountOptions(List<String> options) {
    Compression shown = Compression.none();
    for (String option : options) {
      boolean force = option.startsWith("compress-force=");
      if (force || option.startsWith("compress=")) {
        Compression c = Compression.parse(option.substring(option.indexOf('=') + 1));
        shown = force && !c.isNone() ? c.forced() : c;
      }
    }
    return shown;
  }

  /**
   * The shown compression in the form it was asked for: {@code zstd} when {@code zstd} was asked
   * and the kernel shows its default {@code zstd:3}, and the reverse. Anything else is returned as
   * shown, so a real difference stays visible.
   */
  static Compression asRequested(Compression shown, Compression requested) {
    if (!shown.algorithm().equals(requested.algorithm()) || shown.force() != requested.force()) {
      return shown;
    }
    Optional<Integer> defaultLevel = Optional.ofNullable(DEFAULT_LEVELS.get(shown.algorithm()));
    int shownLevel = shown.level().orElse(defaultLevel.orElse(0));
    int requestedLevel = requested.level().orElse(defaultLevel.orElse(0));
    return shownLevel == requestedLevel ? requested : shown;
  }
}
