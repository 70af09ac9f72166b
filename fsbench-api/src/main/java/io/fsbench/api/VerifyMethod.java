package io.fsbench.api;

import java.util.Locale;

/** How written blocks are checksummed and verified, fio's {@code verify=}. */
public enum VerifyMethod {
  NONE,
  CRC32C,
  MD5,
  SHA256;

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
        "verify (" + text + ") is not one of none, crc32c, md5, sha256");
  }
}
