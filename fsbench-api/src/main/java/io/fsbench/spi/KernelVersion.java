package io.fsbench.spi;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The running kernel's version, for knobs that depend on it (XFS dropped its barrier option in
 * 4.19).
 *
 * @param major major version
 * @param minor minor version
 * @param patch patch level, 0 if not given
 * @param release the full release string, e.g. {@code 6.1.0-18-amd64}
 */
public record KernelVersion(int major, int minor, int patch, String release)
    implements Comparable<KernelVersion> {

  private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)(?:\\.(\\d+))?.*");

  public static KernelVersion parse(String release) {
    Matcher m = VERSION.matcher(release.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException("not a kernel release: " + release);
    }
    int patch = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
    return new KernelVersion(
        Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), patch, release.strip());
  }

  public boolean isAtLeast(int major, int minor) {
    return this.major > major || (this.major == major && this.minor >= minor);
  }

  @Override
  public int compareTo(KernelVersion o) {
    int c = Integer.compare(major, o.major);
    if (c == 0) {
      c = Integer.compare(minor, o.minor);
    }
    return c != 0 ? c : Integer.compare(patch, o.patch);
  }

  @Override
  public String toString() {
    return release;
  }
}
