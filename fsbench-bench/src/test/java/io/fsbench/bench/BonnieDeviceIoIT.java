package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.BonnieResult;
import io.fsbench.api.BonnieSpec;
import io.fsbench.api.Size;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The I/O fsbench's bonnie does, seen by the loop device under a fresh ext4 volume ({@code
 * /sys/block/loopN/stat} around a run), and the files it leaves: none.
 */
class BonnieDeviceIoIT {

  private static final long SIZE = 32L << 20;

  @RegisterExtension static final ScratchVolume SCRATCH = new ScratchVolume(Size.mib(256));

  @Test
  void aDirectBlockWriteAndTheRewriteReachTheDeviceAndTheRewriteReadsItBack() throws Exception {
    // -D writes around the page cache, so the rewrite that follows must read the file from disk.
    BonnieSpec spec =
        BonnieSpec.builder()
            .fileSize(Size.bytes(SIZE))
            .ram(Size.ZERO)
            .fast()
            .direct(true)
            .files(0)
            .seed(42)
            .build();
    Path dir = SCRATCH.get().freshDirectory("bonnie-device");
    try {
      SCRATCH.get().settle();
      long[] before = stat();
      BonnieResult r = BonnieDiff.fsbench(spec, dir);
      long[] after = stat();

      long read = (after[2] - before[2]) * 512;
      long written = (after[6] - before[6]) * 512;
      assertThat(r.test(BonnieResult.Test.PUT_BLOCK).orElseThrow().bytesWritten()).isEqualTo(SIZE);
      // the block write (direct) and the rewrite (synced by its Close), plus metadata
      assertThat(written).isBetween(2 * SIZE, 2 * SIZE + (16L << 20));
      assertThat(read)
          .as("the rewrite reads the file the direct write left uncached")
          .isGreaterThanOrEqualTo(SIZE);
      try (Stream<Path> left = Files.list(dir)) {
        assertThat(left).as("bonnie's file is removed after the seeks").isEmpty();
      }
    } finally {
      SCRATCH.get().remove(dir);
    }
  }

  @Test
  void theFileTestsCreateAndRemoveEveryFileAndDirectory() throws Exception {
    BonnieSpec spec =
        BonnieSpec.builder()
            .fileSize(Size.ZERO)
            .files(1)
            .maxFileSize(4096)
            .minFileSize(4096)
            .directories(5)
            .seed(7)
            .build();
    Path dir = SCRATCH.get().freshDirectory("bonnie-files");
    try {
      SCRATCH.get().settle();
      long[] before = stat();
      BonnieResult r = BonnieDiff.fsbench(spec, dir);
      long[] after = stat();

      assertThat(r.directories()).isEqualTo(5);
      for (BonnieResult.Test t : BonnieResult.Test.values()) {
        if (t.files()) {
          assertThat(r.test(t).orElseThrow().operations()).as(t.key()).isEqualTo(1024);
        }
      }
      // 2 × 1024 files of 4 KiB, which each create's final sync(2) puts on the device
      long written = (after[6] - before[6]) * 512;
      assertThat(written).isGreaterThanOrEqualTo(2 * 1024 * 4096L);
      assertThat(r.test(BonnieResult.Test.SEQ_STAT).orElseThrow().bytesRead())
          .isEqualTo(1024 * 4096L);
      try (Stream<Path> left = Files.list(dir)) {
        assertThat(left).isEmpty();
      }
    } finally {
      SCRATCH.get().remove(dir);
    }
  }

  /** /sys/block/loopN/stat: reads, merged, sectors read, ms, writes, merged, sectors written. */
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
}
