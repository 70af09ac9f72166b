package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.NativeIoException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * fio's verify phase: after the writes, every block written is read back and its header and
 * checksum checked. The first mismatch fails the run with the file, the offset and what was wrong.
 * The read-back is not part of the job's measurements.
 */
final class Verification {

  private Verification() {}

  static void verify(String job, List<IoFile> files, BlockStamp stamp, Runnable checkCancelled)
      throws NativeIoException {
    for (IoFile file : files) {
      if (file.written == null || file.written.isEmpty()) {
        continue;
      }
      int length = file.verifyBlock;
      ByteBuffer buffer = AlignedBuffers.allocate(length);
      for (int block = file.written.nextSetBit(0);
          block >= 0;
          block = file.written.nextSetBit(block + 1)) {
        long offset = (long) block * length;
        buffer.clear().limit(length);
        int n = file.descriptor.pread(buffer, offset);
        buffer.flip();
        String problem = n < length ? "short read of " + n + " bytes" : stamp.check(buffer, offset);
        if (problem != null) {
          throw new FsBenchException(
              FsBenchException.Kind.RUN_FAILED,
              "verify failed for job '"
                  + job
                  + "': "
                  + file.path
                  + " at offset "
                  + offset
                  + " (length "
                  + length
                  + "): "
                  + problem);
        }
        if ((block & 1023) == 0) {
          checkCancelled.run();
        }
      }
    }
  }
}
