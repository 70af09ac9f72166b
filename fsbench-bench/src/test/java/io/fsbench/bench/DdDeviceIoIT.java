package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.DdResult;
import io.fsbench.api.DdSpec;
import io.fsbench.api.Size;
import io.fsbench.workloads.dd.DdRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The I/O fsbench's dd does, seen by the loop device under a fresh ext4 volume: the sectors the
 * kernel counts in {@code /sys/block/loopN/stat} around each run. A direct or synced write puts its
 * bytes on the device before dd's clock stops; an invalidated read reads them from it, and a read
 * that keeps the layout's pages cached does not.
 */
class DdDeviceIoIT {

  private static final long MIB = 1 << 20;

  /** What the filesystem may add to a file's data: journal, inode and extent blocks. */
  private static final long METADATA_SLACK = 4 * MIB;

  @RegisterExtension static final ScratchVolume SCRATCH = new ScratchVolume(Size.mib(256));

  @Test
  void aDirectWriteReachesTheDeviceBlockByBlock() throws Exception {
    DeviceIo io = run(DdSpec.write(Size.mib(1), 32).direct(true).build());

    assertThat(io.result.recordsOutFull()).isEqualTo(32);
    assertThat(io.bytesWritten).isBetween(32 * MIB, 32 * MIB + METADATA_SLACK);
    assertThat(io.writes).isGreaterThanOrEqualTo(32);
  }

  @Test
  void aBufferedWriteWithFdatasyncIsOnTheDeviceWhenTheClockStops() throws Exception {
    DeviceIo io = run(DdSpec.write(Size.kib(4), 4096).fdatasync(true).build());

    assertThat(io.result.bytes()).isEqualTo(16 * MIB);
    assertThat(io.bytesWritten).isBetween(16 * MIB, 16 * MIB + METADATA_SLACK);
  }

  @Test
  void anInvalidatedReadReadsTheWholeFileFromTheDevice() throws Exception {
    DeviceIo io = run(DdSpec.read(Size.kib(64), 256).build());

    assertThat(io.result.recordsInFull()).isEqualTo(256);
    assertThat(io.bytesRead).isGreaterThanOrEqualTo(16 * MIB);
  }

  @Test
  void aReadThatKeepsTheLayoutsPagesReadsAlmostNothingFromTheDevice() throws Exception {
    DeviceIo io = run(DdSpec.read(Size.kib(64), 256).invalidate(false).build());

    assertThat(io.result.bytes()).isEqualTo(16 * MIB);
    assertThat(io.bytesRead).isLessThan(MIB);
  }

  @Test
  void aDirectReadReadsEachBlockFromTheDevice() throws Exception {
    DeviceIo io = run(DdSpec.read(Size.kib(4), 1024).invalidate(false).direct(true).build());

    assertThat(io.result.recordsInFull()).isEqualTo(1024);
    assertThat(io.bytesRead).isGreaterThanOrEqualTo(4 * MIB);
    assertThat(io.reads).isGreaterThanOrEqualTo(1024);
  }

  /** The device's counters around one run in a fresh directory, flushed before and after. */
  private static DeviceIo run(DdSpec spec) throws Exception {
    Path dir = SCRATCH.get().freshDirectory("dd");
    try {
      SCRATCH.get().syncfs();
      long[] before = stat();
      DdResult result = new DdRunner().run(spec, SCRATCH.get().context(dir));
      long[] after = stat();
      return new DeviceIo(
          result,
          (after[2] - before[2]) * 512,
          after[0] - before[0],
          (after[6] - before[6]) * 512,
          after[4] - before[4]);
    } finally {
      SCRATCH.get().remove(dir);
    }
  }

  /**
   * /sys/block/loopN/stat: reads, merged, sectors read, ms, writes, merged, sectors written, ...
   */
  private static long[] stat() throws Exception {
    Path device = SCRATCH.get().device();
    String[] fields =
        Files.readString(Path.of("/sys/block", device.getFileName().toString(), "stat"))
            .strip()
            .split("\\s+");
    long[] values = new long[fields.length];
    for (int i = 0; i < fields.length; i++) {
      values[i] = Long.parseLong(fields[i]);
    }
    return values;
  }

  private record DeviceIo(
      DdResult result, long bytesRead, long reads, long bytesWritten, long writes) {}
}
