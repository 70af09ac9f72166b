package io.fsbench.workloads.fsmark;

import io.fsbench.api.FsMarkSpec;
import io.fsbench.core.nativeio.NativePath;
import java.nio.file.Path;

/**
 * Where file number {@code g} of a metadata run lives, computed from {@code g} alone so that no
 * per-file state is kept: millions of files cost no heap.
 *
 * <p>Files go {@code filesPerDir} to a leaf directory; leaf directories sit {@code depth} levels
 * below the root, each level a two-or-more-digit hex number of a fanout just large enough for all
 * leaves. A name is 40 characters like fs_mark's default: 16 hex digits of {@code g} and 24 of
 * {@code [0-9A-Z]} from a hash of the seed, {@code g} and the generation (renamed files get
 * generation 1, so the new name is computable too). In a directory shared with other clients every
 * name starts with the client's prefix ({@code TAG.}), so that clients never collide.
 */
final class FileLayout {

  static final int NAME_LENGTH = 40;
  private static final int SEQUENCE_CHARS = 16;
  private static final char[] HEX = "0123456789abcdef".toCharArray();
  private static final char[] ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".toCharArray();

  /** Where the characters of a path go: a string for tests, native memory for the calls. */
  private interface Chars {
    void put(char c);
  }

  private final String root;
  private final byte[] rootBytes;
  private final int filesPerDir;
  private final int depth;
  private final long fanout;
  private final int digits;
  private final long seed;
  private final String prefix;

  FileLayout(Path root, FsMarkSpec spec, String prefix) {
    this(root, spec.totalFiles(), spec.filesPerDir(), spec.depth(), spec.seed(), prefix);
  }

  FileLayout(Path root, long totalFiles, int filesPerDir, int depth, long seed) {
    this(root, totalFiles, filesPerDir, depth, seed, "");
  }

  /**
   * @param prefix what every file name starts with: the client's {@code TAG.} in a shared
   *     directory, nothing otherwise
   */
  FileLayout(Path root, long totalFiles, int filesPerDir, int depth, long seed, String prefix) {
    this.prefix = prefix;
    this.root = root.toString();
    this.rootBytes = NativePath.encode(root);
    this.filesPerDir = filesPerDir;
    this.depth = filesPerDir == 0 ? 0 : depth;
    this.seed = seed;
    long leaves = filesPerDir == 0 ? 1 : (totalFiles + filesPerDir - 1) / filesPerDir;
    this.fanout = fanoutFor(leaves, this.depth);
    this.digits = Math.max(2, hexDigits(fanout - 1));
  }

  /** The smallest fanout b with b^depth >= leaves. */
  static long fanoutFor(long leaves, int depth) {
    if (depth == 0 || leaves <= 1) {
      return 1;
    }
    long b = Math.max(1, (long) Math.floor(Math.pow(leaves, 1.0 / depth)) - 1);
    while (power(b, depth) < leaves) {
      b++;
    }
    return b;
  }

  private static long power(long base, int exponent) {
    long result = 1;
    for (int i = 0; i < exponent; i++) {
      if (result > Long.MAX_VALUE / base) {
        return Long.MAX_VALUE;
      }
      result *= base;
    }
    return result;
  }

  private static int hexDigits(long value) {
    return value <= 0 ? 1 : (64 - Long.numberOfLeadingZeros(value) + 3) / 4;
  }

  int depth() {
    return depth;
  }

  long fanout() {
    return fanout;
  }

  /** The leaf directory of file {@code g}; always 0 without subdirectories. */
  long leafOf(long g) {
    return filesPerDir == 0 ? 0 : g / filesPerDir;
  }

  /** Whether leaves {@code a} and {@code b} share their directories down to {@code level}. */
  boolean samePrefix(long a, long b, int level) {
    long divisor = power(fanout, depth - level);
    return a / divisor == b / divisor;
  }

  /** The full path of file {@code g} in its generation (0 as created, 1 after a rename). */
  String file(long g, int generation) {
    StringBuilder s = new StringBuilder(root);
    Chars chars = s::append;
    appendDirectories(chars, leafOf(g), depth);
    chars.put('/');
    appendName(chars, g, generation);
    return s.toString();
  }

  /** A writer of this layout's paths into {@code out}, for one thread. */
  PathWriter writer(NativePath out) {
    return new PathWriter(out);
  }

  /** Writes paths into one native path, allocating nothing per path. */
  final class PathWriter {
    private final NativePath out;
    private final Chars sink;

    private PathWriter(NativePath out) {
      this.out = out;
      this.sink = out::append;
    }

    NativePath file(long g, int generation) {
      out.set(rootBytes);
      appendDirectories(sink, leafOf(g), depth);
      sink.put('/');
      appendName(sink, g, generation);
      return out;
    }

    /** The directory {@code level} levels down (1..depth) on the way to leaf {@code leaf}. */
    NativePath directory(long leaf, int level) {
      out.set(rootBytes);
      appendDirectories(sink, leaf, level);
      return out;
    }
  }

  /** The name of file {@code g}: its prefix, if any, and 40 characters. */
  String name(long g, int generation) {
    StringBuilder s = new StringBuilder(prefix.length() + NAME_LENGTH);
    appendName(s::append, g, generation);
    return s.toString();
  }

  private void appendDirectories(Chars s, long leaf, int levels) {
    for (int level = 1; level <= levels; level++) {
      long digit = (leaf / power(fanout, depth - level)) % fanout;
      s.put('/');
      for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
        s.put(HEX[(int) ((digit >>> shift) & 0xf)]);
      }
    }
  }

  private void appendName(Chars s, long g, int generation) {
    for (int i = 0; i < prefix.length(); i++) {
      s.put(prefix.charAt(i));
    }
    for (int shift = (SEQUENCE_CHARS - 1) * 4; shift >= 0; shift -= 4) {
      s.put(HEX[(int) ((g >>> shift) & 0xf)]);
    }
    long x = mix(seed ^ mix(g * 2 + generation));
    for (int i = 0; i < NAME_LENGTH - SEQUENCE_CHARS; i++) {
      if (i % 12 == 0 && i > 0) {
        x = mix(x);
      }
      s.put(ALNUM[(int) Long.remainderUnsigned(x >>> ((i % 12) * 5), 36)]);
    }
  }

  /** SplitMix64's finaliser: a cheap hash with every input bit affecting every output bit. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
