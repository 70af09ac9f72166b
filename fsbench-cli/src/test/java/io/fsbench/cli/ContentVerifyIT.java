package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.FsBench;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.JobResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.engine.block.BlockEngine;
import io.fsbench.core.jobfile.JobFile;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What fio's content and verify options put on a real ext4 loop volume, read back from the files:
 * the pattern, the verify headers, the share of copies, and a corrupted block found by a verifying
 * read job, as fio's surface-scan example finds one.
 */
class ContentVerifyIT {

  private static Volume volume;
  private static Path dir;

  @BeforeAll
  static void makeVolume() throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")), "needs root for loop devices");
    volume = FsBench.defaults().volume("ext4", Target.loop(Size.mib(256)), Tuning.defaults());
    dir = Files.createDirectory(volume.mountPoint().resolve("fsbench-content-it"));
  }

  @AfterAll
  static void removeVolume() {
    if (volume != null) {
      volume.close();
    }
  }

  private static List<JobResult> run(String jobFile) {
    JobFile file = JobFile.parse(jobFile, dir, Map.of());
    return new BlockEngine()
        .run(file.jobs(), new RunContext(dir, volume, f -> {}, new AtomicBoolean()));
  }

  /** The file a job made, found under the run's directory. */
  private static Path made(String name) throws Exception {
    try (var files = Files.walk(volume.mountPoint())) {
      return files.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
    }
  }

  @Test
  void aDirectWriteLeavesThePatternInEveryByte() throws Exception {
    run(
        "[p]\nrw=write\nbs=64k\ndirect=1\nsize=4m\nbuffer_pattern=\"fsbench\"0x00\n"
            + "filename=fsbench-pattern\n");

    byte[] bytes = Files.readAllBytes(made("fsbench-pattern"));
    byte[] unit = {'f', 's', 'b', 'e', 'n', 'c', 'h', 0};
    assertThat(bytes).hasSize(4 << 20);
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] != unit[(i % 65536) % unit.length]) {
        throw new AssertionError("byte " + i + " is " + bytes[i]);
      }
    }
  }

  @Test
  void aVerifyingWriteReadsEveryBlockBackAndCountsItAsRead() throws Exception {
    JobResult r =
        run("[v]\nrw=randwrite\nbs=16k\ndirect=1\nsize=8m\nverify=md5\nverify_interval=4k\n"
                + "filename=fsbench-md5\n")
            .get(0);

    assertThat(r.write().totalIos()).isEqualTo(512);
    assertThat(r.read().totalIos()).isEqualTo(512);
    ByteBuffer file = ByteBuffer.wrap(Files.readAllBytes(made("fsbench-md5")));
    file.order(ByteOrder.LITTLE_ENDIAN);
    for (int at = 0; at < file.capacity(); at += 4096) {
      assertThat(file.getShort(at) & 0xffff).as("magic at %d", at).isEqualTo(0xacca);
      assertThat(file.getLong(at + 16)).as("offset at %d", at).isEqualTo(at);
    }
  }

  @Test
  void aScanWithMetaFindsTheBlockCorruptedAfterTheWrite() throws Exception {
    String global =
        "[global]\nbs=64k\nsize=4m\nverify=meta\nverify_pattern=0xaa555aa5\nverify_interval=512\n"
            + "filename=fsbench-scan\n";
    run(global + "[write-phase]\nrw=write\ndirect=1\ndo_verify=0\n");
    assertThat(run(global + "[verify-phase]\nrw=read\n").get(0).read().totalIos()).isEqualTo(64);
    try (RandomAccessFile f = new RandomAccessFile(made("fsbench-scan").toFile(), "rw")) {
      f.seek(3 * 65536 + 2048 + 300);
      f.write(0x42);
      f.getFD().sync();
    }

    assertThatThrownBy(() -> run(global + "[verify-phase]\nrw=read\ndirect=1\n"))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("fsbench-scan offset " + (3 * 65536 + 2048))
        .hasMessageContaining("got pattern '42', wanted 'aa'")
        .hasMessageContaining("length 512");
  }

  @Test
  void halfTheBlocksOfADedupeJobAreCopies() throws Exception {
    run(
        "[d]\nrw=write\nbs=4k\nsize=16m\ndedupe_percentage=50\ndedupe_mode=working_set\n"
            + "dedupe_working_set_percentage=10\nfilename=fsbench-dedupe\n");

    byte[] bytes = Files.readAllBytes(made("fsbench-dedupe"));
    Set<ByteBuffer> unique = new HashSet<>();
    for (int at = 0; at < bytes.length; at += 4096) {
      unique.add(ByteBuffer.wrap(bytes, at, 4096));
    }
    double copies = 1 - unique.size() / 4096.0;
    assertThat(copies).isBetween(0.45, 0.55);
  }
}
