package io.fsbench.api;

import java.util.Locale;

/**
 * How written blocks are checksummed and verified, fio's {@code verify=}. Every method but {@link
 * #PATTERN} writes fio's verify header (magic, length, offset, write number, its own crc32c) at the
 * start of each {@code verify_interval}; {@link #META} checks the header alone, the checksums also
 * the data after it. With a {@code verify_pattern}, the data holds the pattern and it is checked
 * too.
 */
public enum VerifyMethod {
  NONE,
  CRC32C,
  MD5,
  SHA256,
  /** fio's {@code meta}: the header only (and the pattern, if one is given). */
  META,
  /** fio's {@code pattern}: no header, the {@code verify_pattern} alone. */
  PATTERN;

  public static VerifyMethod parse(String text) {
    String s = text.strip().toLowerCase(Locale.ROOT);
    if (s.equals("0") || s.equals("none")) {
      return NONE;
    }
    if (s.equals("crc32c-intel")) {
      return CRC32C;
    }
    for (VerifyMethod m : values()) {
      if (m.name().toLowerCase(Locale.ROOT).equals(s)) {
        return m;
      }
    }
    throw new InvalidInputException(
        "verify (" + text + ") is not one of none, crc32c, md5, sha256, meta, pattern");
  }
}
