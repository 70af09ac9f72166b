package io.fsbench.zfs;

import io.fsbench.api.Compression;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * fsbench's compression in ZFS's spelling and back: {@code gzip:6} is {@code gzip-6}, {@code
 * zstd:3} is {@code zstd-3}, zstd's fast level {@code zstd:-5} is {@code zstd-fast-5}, none is
 * {@code off}.
 */
final class ZfsCompression {

  /**
   * The level ZFS uses when none is given. {@code zfs get} shows {@code gzip} for a dataset made
   * with {@code gzip-6} (seen on zfs-fuse 0.7.0), so these spellings are the same setting.
   */
  static final Map<String, Integer> DEFAULT_LEVELS = Map.of("gzip", 6, "zstd", 3);

  private static final Pattern LEVELLED = Pattern.compile("([a-z0-9]+)-(fast-)?(\\d+)");

  private ZfsCompression() {}

  /** The ZFS property value, or empty for a level on an algorithm that has none. */
  static Optional<String> toZfs(Compression compression) {
    if (compression.isNone()) {
      return Optional.of("off");
    }
    String algorithm = compression.algorithm();
    if (compression.level().isEmpty()) {
      return Optional.of(algorithm);
    }
    int level = compression.level().getAsInt();
    if (algorithm.equals("zstd") && level < 0) {
      return Optional.of("zstd-fast-" + -level);
    }
    return DEFAULT_LEVELS.containsKey(algorithm)
        ? Optional.of(algorithm + "-" + level)
        : Optional.empty();
  }

  /** The compression a ZFS property value names; {@code zstd-fast} is zstd-fast-1. */
  static Compression fromZfs(String value) {
    if (value.equals("off")) {
      return Compression.none();
    }
    if (value.equals("zstd-fast")) {
      return Compression.of("zstd", -1);
    }
    Matcher m = LEVELLED.matcher(value);
    if (m.matches()) {
      int level = Integer.parseInt(m.group(3));
      return Compression.of(m.group(1), m.group(2) == null ? level : -level);
    }
    return Compression.of(value);
  }

  /**
   * The compression read back in the form it was asked for when ZFS means the same ({@code gzip}
   * for {@code gzip:6}); anything else as read, so a difference stays visible.
   */
  static Compression asRequested(Compression shown, Compression requested) {
    if (!shown.algorithm().equals(requested.algorithm())) {
      return shown;
    }
    Integer defaultLevel = DEFAULT_LEVELS.getOrDefault(shown.algorithm(), 0);
    int shownLevel = shown.level().orElse(defaultLevel);
    int requestedLevel = requested.level().orElse(defaultLevel);
    return shownLevel == requestedLevel && !requested.force() ? requested : shown;
  }
}
