package io.fsbench.spi.support;

import io.fsbench.spi.FileSystemSpec;

/**
 * Fits core's volume name ({@link FileSystemSpec#name()}) into a filesystem label that is shorter:
 * ext4 labels hold 16 bytes, XFS labels 12.
 */
public final class Labels {

  private static final String MARK = "fsbench-";

  private Labels() {}

  /**
   * The name itself when it fits; otherwise {@code fsbench-} and the end of the name, which is
   * where core puts what makes it unique, so that {@code blkid} still shows whose filesystem it is.
   *
   * <pre>{@code
   * Labels.fit("fsbench-12345-ext4-000042", 16); // "fsbench-4-000042"
   * }</pre>
   *
   * @throws IllegalArgumentException when {@code maxLength} leaves no room after {@code fsbench-}
   */
  public static String fit(String name, int maxLength) {
    if (maxLength <= MARK.length()) {
      throw new IllegalArgumentException(
          "maxLength (" + maxLength + ") must leave room after '" + MARK + "'");
    }
    if (name.length() <= maxLength) {
      return name;
    }
    String tail = name.substring(name.length() - (maxLength - MARK.length()));
    return MARK + tail.replaceFirst("^[-_.]+", "");
  }
}
