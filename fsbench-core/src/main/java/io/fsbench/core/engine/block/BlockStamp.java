package io.fsbench.core.engine.block;

import io.fsbench.api.DataPattern;
import io.fsbench.api.VerifyMethod;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * fio's verify header ({@code verify.h}, {@code struct verify_header}), written at the start of
 * each {@code verify_interval} of a block and checked when it is read back: the data's checksum
 * covers what follows the header in its interval, the header has a crc32c of its own.
 *
 * <pre>
 *   0 magic 0xacca (u16)  2 type (u16)  4 interval length (u32)  8 seed (u64)  16 offset (u64)
 *  24 time s (u32)  28 time ns (u32)  32 thread (u16)  34 write number (u16)  36 crc32c of 0..35
 *  40 checksum (crc32c 4, md5 16, sha256 in 64 bytes), then data
 * </pre>
 *
 * With {@code verify_offset} the header is swapped with the bytes that far into the interval;
 * {@link VerifyMethod#PATTERN} writes no header at all.
 */
final class BlockStamp {

  static final int MAGIC = 0xacca;
  static final int HEADER = 40;

  private final VerifyMethod method;
  private final DataPattern pattern;
  private final int swapAt;
  private final int thread;
  private final CRC32C crc = new CRC32C();
  private final MessageDigest digest;
  private final byte[] header;
  private final byte[] other;

  BlockStamp(VerifyMethod method, DataPattern pattern, int swapAt, int thread) {
    this.method = method;
    this.pattern = pattern;
    this.swapAt = swapAt;
    this.thread = thread;
    this.header = new byte[headerLength(method)];
    this.other = new byte[headerLength(method)];
    this.digest =
        switch (method) {
          case MD5 -> digest("MD5");
          case SHA256 -> digest("SHA-256");
          default -> null;
        };
  }

  private static MessageDigest digest(String algorithm) {
    try {
      return MessageDigest.getInstance(algorithm);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(algorithm + " is part of every JDK", e);
    }
  }

  /** fio's {@code __hdr_size}: the header and its checksum area; 0 for verify=pattern. */
  static int headerLength(VerifyMethod method) {
    return switch (method) {
      case NONE, PATTERN -> 0;
      case META -> HEADER;
      case CRC32C -> HEADER + 4;
      case MD5 -> HEADER + 16;
      case SHA256 -> HEADER + 64;
    };
  }

  int headerLength() {
    return headerLength(method);
  }

  /** fio's verify type numbers, so that a dump reads as fio's. */
  private int type() {
    return switch (method) {
      case META -> 1;
      case MD5 -> 2;
      case CRC32C -> 5;
      case SHA256 -> 9;
      case PATTERN -> 18;
      case NONE -> 0;
    };
  }

  /** What one write's header carries besides its offset. */
  record Write(long seed, int numberio, long timeNanos) {}

  /**
   * Writes a header into each {@code interval} of {@code block} (0 to its limit), which already
   * holds the data, for a write at {@code offset}: fio's {@code fill_pattern_headers}.
   */
  void stamp(ByteBuffer block, long offset, int interval, Write w) {
    ByteBuffer b = block.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    if (headerLength() == 0) {
      return;
    }
    for (int at = 0, n = 0; at < b.limit(); at += interval, n++) {
      int len = Math.min(interval, b.limit() - at);
      b.putShort(at, (short) MAGIC);
      b.putShort(at + 2, (short) type());
      b.putInt(at + 4, len);
      b.putLong(at + 8, w.seed());
      b.putLong(at + 16, offset + (long) n * interval);
      b.putInt(at + 24, (int) (w.timeNanos() / 1_000_000_000L));
      b.putInt(at + 28, (int) (w.timeNanos() % 1_000_000_000L));
      b.putShort(at + 32, (short) thread);
      b.putShort(at + 34, (short) w.numberio());
      b.putInt(at + 36, crc(b, at, 36));
      byte[] sum = checksum(b, at + headerLength(), len - headerLength());
      b.put(at + HEADER, sum);
      swap(b, at);
    }
  }

  /**
   * fio's {@code memswp} of the header with the bytes at {@code verify_offset}: the header is
   * copied aside, the bytes at the offset over it, then the copy over them. When the two ranges
   * overlap ({@code verify_offset} below the header's length) this is not an exchange: the bytes
   * past the header's end that the copy lands on are lost, and fio fails its own verify; so does
   * fsbench, the same way.
   */
  private void swap(ByteBuffer b, int at) {
    if (swapAt == 0) {
      return;
    }
    b.get(at, header);
    b.get(at + swapAt, other);
    b.put(at, other);
    b.put(at + swapAt, header);
  }

  /**
   * What is wrong with {@code block} (0 to its limit) read back from {@code offset}, interval by
   * interval as fio's {@code verify_io_u}; empty when it checks out. A bad header ends the check of
   * the block, as in fio; other failures go on to the next interval unless {@code fatal}.
   *
   * @param numberio the write number expected in the headers, or -1 to skip that check
   */
  List<Failure> check(ByteBuffer block, long offset, int interval, int numberio, boolean fatal) {
    ByteBuffer b = block.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    List<Failure> failures = new ArrayList<>();
    for (int at = 0; at < b.limit() && (failures.isEmpty() || !fatal); at += interval) {
      int len = Math.min(interval, b.limit() - at);
      long where = offset + at;
      swap(b, at);
      String header = headerLength() == 0 ? null : checkHeader(b, at, len, where, numberio);
      if (header != null) {
        failures.add(new Failure(where, len, at, "verify: " + header, true));
        return failures;
      }
      String data = checkData(b, at, len, offset);
      if (data != null) {
        failures.add(new Failure(where, len, at, data, false));
      }
    }
    return failures;
  }

  /** One interval that did not check out: where, how long, and fio's words for what differed. */
  record Failure(long offset, int length, int blockOffset, String problem, boolean header) {}

  private String checkHeader(ByteBuffer b, int at, int len, long offset, int numberio) {
    int magic = b.getShort(at) & 0xffff;
    if (magic != MAGIC) {
      return String.format("bad magic header %x, wanted %x", magic, MAGIC);
    }
    int hlen = b.getInt(at + 4);
    if (hlen != len) {
      return "bad header length " + hlen + ", wanted " + len;
    }
    long hoff = b.getLong(at + 16);
    if (hoff != offset) {
      return "bad header offset " + hoff + ", wanted " + offset;
    }
    int hnum = b.getShort(at + 34) & 0xffff;
    if (numberio >= 0 && hnum != (numberio & 0xffff)) {
      return "bad header numberio " + hnum + ", wanted " + (numberio & 0xffff);
    }
    int stored = b.getInt(at + 36);
    int computed = crc(b, at, 36);
    if (stored != computed) {
      return String.format("bad header crc %x, calculated %x", stored, computed);
    }
    return null;
  }

  private String checkData(ByteBuffer b, int at, int len, long ioOffset) {
    int h = headerLength();
    if (method == VerifyMethod.META || method == VerifyMethod.PATTERN) {
      return pattern.isNone() ? null : checkPattern(b, at, len, h, ioOffset);
    }
    byte[] stored = new byte[checksumLength()];
    b.get(at + HEADER, stored);
    byte[] computed = checksum(b, at + h, len - h);
    if (MessageDigest.isEqual(stored, computed)) {
      return null;
    }
    return name()
        + ": verify failed, expected checksum "
        + hex(stored)
        + ", received "
        + hex(computed);
  }

  /** fio's {@code verify_io_u_pattern}: the pattern goes on across intervals and headers. */
  private String checkPattern(ByteBuffer b, int at, int len, int h, long ioOffset) {
    byte[] p = pattern.bytes(ioOffset);
    int mod = (at + h) % p.length;
    for (int i = h; i < len; i++, mod = (mod + 1) % p.length) {
      byte got = b.get(at + i);
      if (got != p[mod]) {
        return String.format(
            "pattern: verify failed, got pattern '%02x', wanted '%02x'. Bad bits %d, bad pattern"
                + " block offset %d",
            got & 0xff, p[mod] & 0xff, Integer.bitCount((got ^ p[mod]) & 0xff), i - h);
      }
    }
    return null;
  }

  private String name() {
    return method.name().toLowerCase(Locale.ROOT);
  }

  private int checksumLength() {
    return switch (method) {
      case CRC32C -> 4;
      case MD5 -> 16;
      case SHA256 -> 32;
      default -> 0;
    };
  }

  private int crc(ByteBuffer b, int at, int length) {
    crc.reset();
    crc.update(b.duplicate().position(at).limit(at + length));
    return (int) crc.getValue();
  }

  private byte[] checksum(ByteBuffer b, int at, int length) {
    if (method == VerifyMethod.CRC32C) {
      int value = crc(b, at, length);
      return new byte[] {
        (byte) value, (byte) (value >>> 8), (byte) (value >>> 16), (byte) (value >>> 24)
      };
    }
    if (digest == null) {
      return new byte[0];
    }
    digest.reset();
    digest.update(b.duplicate().position(at).limit(at + length));
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
