package io.fsbench.spi;

import java.nio.file.Path;

/**
 * One line of {@code /proc/self/mounts}, with the octal escapes ({@code \040}) decoded.
 *
 * @param source the mounted device or dataset
 * @param mountPoint where it is mounted
 * @param type the filesystem type, e.g. {@code xfs}, {@code fuse.zfs}
 * @param options the mount options, comma-separated
 */
public record MountEntry(String source, Path mountPoint, String type, String options) {

  /** Parses one line of the mount table. */
  public static MountEntry parse(String line) {
    String[] f = line.strip().split("\\s+");
    if (f.length < 4) {
      throw new IllegalArgumentException("not a mount table line: " + line);
    }
    return new MountEntry(unescape(f[0]), Path.of(unescape(f[1])), f[2], f[3]);
  }

  private static String unescape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
        out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
