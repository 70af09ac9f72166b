package io.fsbench.api;

import java.util.Locale;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Transparent compression: an algorithm as the filesystem names it ({@code zstd}, {@code lzo},
 * {@code zlib}, {@code lz4}, {@code gzip}, {@code lzjb}, …), an optional level, and whether to
 * compress even data that looks incompressible (Btrfs's {@code compress-force}).
 *
 * <pre>{@code
 * Compression.parse("zstd:3");   // zstd level 3
 * Compression.parse("gzip-6");   // gzip level 6, ZFS's spelling
 * Compression.none();
 * }</pre>
 *
 * @param algorithm lower-case algorithm name, {@code none} for no compression
 * @param level the level, when one was given
 * @param force compress even when the first block does not compress
 */
public record Compression(String algorithm, OptionalInt level, boolean force) {

  private static final Pattern SYNTAX = Pattern.compile("([a-z][a-z0-9]*)(?:[:-](-?\\d+))?");

  public Compression {
    if (algorithm == null || !SYNTAX.matcher(algorithm).matches() || algorithm.contains("-")) {
      throw new InvalidInputException(
          "compression algorithm (" + algorithm + ") must be a name such as zstd, lzo or lz4");
    }
    if (level == null) {
      level = OptionalInt.empty();
    }
    if (algorithm.equals("none") && (level.isPresent() || force)) {
      throw new InvalidInputException("compression 'none' takes no level and cannot be forced");
    }
  }

  public static Compression none() {
    return new Compression("none", OptionalInt.empty(), false);
  }

  public static Compression of(String algorithm) {
    return new Compression(algorithm.toLowerCase(Locale.ROOT), OptionalInt.empty(), false);
  }

  public static Compression of(String algorithm, int level) {
    return new Compression(algorithm.toLowerCase(Locale.ROOT), OptionalInt.of(level), false);
  }

  /**
   * Parses {@code algo}, {@code algo:N} or {@code algo-N}; {@code off} and {@code none} mean none.
   */
  public static Compression parse(String text) {
    String s = text.strip().toLowerCase(Locale.ROOT);
    if (s.equals("off") || s.equals("none") || s.equals("no")) {
      return none();
    }
    Matcher m = SYNTAX.matcher(s);
    if (!m.matches()) {
      throw new InvalidInputException(
          "compression ("
              + text
              + ") is not of the form ALGORITHM or ALGORITHM:LEVEL, e.g. zstd:3, lzo, gzip-6");
    }
    OptionalInt level =
        m.group(2) == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(m.group(2)));
    return new Compression(m.group(1), level, false);
  }

  public boolean isNone() {
    return algorithm.equals("none");
  }

  public Compression forced() {
    return new Compression(algorithm, level, true);
  }

  /**
   * {@code zstd:3}, {@code lzo}, {@code none}; forced compression is marked by a trailing {@code
   * !}.
   */
  @Override
  public String toString() {
    String text = level.isPresent() ? algorithm + ":" + level.getAsInt() : algorithm;
    return force ? text + "!" : text;
  }
}
