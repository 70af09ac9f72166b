package io.fsbench.core.engine.block;

import io.fsbench.api.VerifyMethod;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.zip.CRC32C;

/**
 * fsbench's verify header, like fio's {@code verify_header}: each written block starts with a magic
 * number, its length and file offset, and a checksum of the whole block (header fields and data),
 * so that a read-back finds blocks that are corrupt, misplaced or never written.
 *
 * <pre>
 *   0  magic "FSBV"   4  length   8  offset   16  checksum (4, 16 or 32 bytes)   then data
 * </pre>
 */
final class BlockStamp {

  static final int MAGIC = 0x46534256;
  private static final int CHECKSUM_AT = 16;

  private final VerifyMethod method;
  private final CRC32C crc = new CRC32C();
  private final MessageDigest digest;
  private final byte[] zeros;

  BlockStamp(VerifyMethod method) {
    this.method = method;
    this.digest =
        switch (method) {
          case MD5 -> digest("MD5");
          case SHA256 -> digest("SHA-256");
          default -> null;
        };
    this.zeros = new byte[checksumLength(method)];
  }

  private static MessageDigest digest(String algorithm) {
    try {
      return MessageDigest.getInstance(algorithm);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(algorithm + " is part of every JDK", e);
    }
  }

  static int checksumLength(VerifyMethod method) {
    return switch (method) {
      case NONE -> 0;
      case CRC32C -> 4;
      case MD5 -> 16;
      case SHA256 -> 32;
    };
  }

  /** The smallest block a header fits in. */
  int headerLength() {
    return CHECKSUM_AT + zeros.length;
  }

  /** Writes the header into {@code block} (position 0 to limit), which holds the data to write. */
  void stamp(ByteBuffer block, long offset) {
    ByteBuffer b = block.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(0, MAGIC);
    b.putInt(4, b.limit());
    b.putLong(8, offset);
    b.put(CHECKSUM_AT, zeros);
    byte[] sum = checksum(b);
    b.put(CHECKSUM_AT, sum);
  }

  /** What is wrong with {@code block} read from {@code offset}, or null when it checks out. */
  String check(ByteBuffer block, long offset) {
    ByteBuffer b = block.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int magic = b.getInt(0);
    if (magic != MAGIC) {
      return String.format(
          "bad magic 0x%08x (wanted 0x%08x): never written or overwritten", magic, MAGIC);
    }
    int length = b.getInt(4);
    long at = b.getLong(8);
    if (length != b.limit() || at != offset) {
      return "header says length " + length + " at offset " + at + ", so the block is misplaced";
    }
    byte[] stored = new byte[zeros.length];
    b.get(CHECKSUM_AT, stored);
    b.put(CHECKSUM_AT, zeros);
    byte[] actual = checksum(b);
    b.put(CHECKSUM_AT, stored);
    if (!MessageDigest.isEqual(stored, actual)) {
      return method.name().toLowerCase(java.util.Locale.ROOT)
          + " mismatch: stored "
          + hex(stored)
          + ", computed "
          + hex(actual);
    }
    return null;
  }

  private byte[] checksum(ByteBuffer block) {
    ByteBuffer whole = block.duplicate();
    whole.position(0);
    if (digest == null) {
      crc.reset();
      crc.update(whole);
      int value = (int) crc.getValue();
      return new byte[] {
        (byte) value, (byte) (value >>> 8), (byte) (value >>> 16), (byte) (value >>> 24)
      };
    }
    digest.reset();
    digest.update(whole);
    return digest.digest();
  }

  private static String hex(byte[] bytes) {
    StringBuilder s = new StringBuilder();
    for (byte b : bytes) {
      s.append(String.format("%02x", b));
    }
    return s.toString();
  }
}
