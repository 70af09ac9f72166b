package io.fsbench.core.engine.block;

import io.fsbench.core.nativeio.AlignedBuffers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * fio's {@code verify_dump}: an interval that failed its check is written, as read, to {@code
 * <file>.<offset>.received} in the working directory, and as it should be to {@code .expected}
 * (regenerated from the seed, write number and time its header records); a bad header is written to
 * {@code .hdr_fail}, as fio names them.
 */
final class VerifyDump {

  private VerifyDump() {}

  /** Dumps the failed interval; returns the words to add to the failure message. */
  static String dump(
      IoFile file, ByteBuffer block, BlockStamp.Failure f, WriteContent content, long ioOffset) {
    String base = file.path.getFileName() + "." + f.offset() + ".";
    try {
      byte[] received = bytes(block, f.blockOffset(), f.length());
      if (f.header()) {
        return "; header dumped as " + write(base + "hdr_fail", received);
      }
      String r = write(base + "received", received);
      byte[] expected = bytes(expected(block, f, content, ioOffset), f.blockOffset(), f.length());
      return "; received data dumped as "
          + r
          + ", expected data dumped as "
          + write(base + "expected", expected);
    } catch (IOException e) {
      return "; dumping the data failed: " + e.getMessage();
    }
  }

  /** The block as the write made it, from what the failed interval's header says. */
  private static ByteBuffer expected(
      ByteBuffer block, BlockStamp.Failure f, WriteContent content, long ioOffset) {
    ByteBuffer h = block.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int at = f.blockOffset();
    boolean header = content.stamp().headerLength() > 0;
    long seed = header ? h.getLong(at + 8) : 0;
    int numberio = header ? h.getShort(at + 34) & 0xffff : 0;
    long time = header ? (h.getInt(at + 24) & 0xffffffffL) * 1_000_000_000L + h.getInt(at + 28) : 0;
    ByteBuffer out = AlignedBuffers.allocate(block.limit());
    content.fillVerifyData(out, ioOffset, seed);
    content
        .stamp()
        .stamp(out, ioOffset, content.interval(), new BlockStamp.Write(seed, numberio, time));
    return out;
  }

  private static byte[] bytes(ByteBuffer b, int at, int length) {
    byte[] out = new byte[length];
    b.duplicate().position(at).limit(at + length).get(out);
    return out;
  }

  private static String write(String name, byte[] data) throws IOException {
    Path path = Path.of(name); // fio writes them where it runs (aux_path unset)
    Files.write(path, data);
    return path.toAbsolutePath().toString();
  }
}
