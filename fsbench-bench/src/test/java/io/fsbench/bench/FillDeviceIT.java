package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.api.Size;
import io.fsbench.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * fill_device cannot run in fio-diff's scratch directories (it would fill /var/tmp), so each job
 * file here runs with fio and with {@code fsbench fio} on one 64 MiB ext4 loop volume, one after
 * the other, and the bytes and I/Os of each job are compared.
 *
 * <p>What may differ, and why: the free space the two sides see. Each works three directories deep
 * (fio in {@code fsbench-ctools-fill-N/a/b}, fsbench in {@code fsbench-ctools-fill-N/
 * fsbench-PID-1/fsbench-run-1}), each directory one 1 KiB block, and the volume's journal is
 * committed after each side removes its files (the blocks a removal frees are not free until then);
 * what is left may still differ in the extent-tree blocks a file needs. So a filling job's bytes
 * may differ by at most one block (64 KiB, the largest here), and its I/Os by as many of the job's
 * blocks as make up those 64 KiB (16 of 4 KiB, one of 64 KiB); measured on 2026-12-02 (kernel 6.18,
 * fio 3.33): equal in every case; in a CI run on a busy machine (2026-12-03) the two-file 4 KiB
 * fill wrote 60,436,480 bytes with fio and 60,444,672 with fsbench, two I/Os apart. A verify phase
 * reads what its own side wrote.
 */
class FillDeviceIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The largest block of these jobs: what the free space either side sees may differ by. */
  private static final long BLOCK = 65536;

  @RegisterExtension
  static final ScratchVolume SCRATCH = new ScratchVolume(Size.mib(64), FioSides::fioMissing);

  /**
   * Sequential fills with 4 KiB and 64 KiB blocks, direct and buffered, alone, with a verify fio
   * skips after ENOSPC (backend.c: the job is terminated, so no do_verify), with a bounded size
   * that ENOSPC never reaches and whose verify runs, and followed by a stonewalled read of the file
   * without size, set up when it starts (create_serialize=0), that verifies every block.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "[fill]\nrw=write\nbs=4k\ndirect=1\nfill_device=1\n",
        "[fill]\nrw=write\nbs=64k\nfill_fs=1\n",
        "[fill]\nrw=write\nbs=4k\nfill_device=1\nverify=crc32c\n",
        "[fill]\nrw=write\nbs=64k\ndirect=1\nsize=16m\nfill_device=1\nverify=md5\n",
        "[global]\nfilename=data\nbs=64k\ndirect=1\nverify=crc32c\n"
            + "[fill]\nrw=write\nfill_device=1\ndo_verify=0\n"
            + "[check]\nstonewall\ncreate_serialize=0\nrw=read\n",
        "[fill]\nrw=write\nbs=4k\nend_fsync=1\nfill_device=1\nnrfiles=2\n"
      })
  void fillsTheVolumeAsFioDoes(String jobFile) throws Exception {
    Path job = Files.writeString(Files.createTempFile("fsbench-fill-", ".fio"), jobFile);
    try {
      List<long[]> fio = ioOf(runFio(job));
      List<long[]> own = ioOf(runFsBench(job));

      assertThat(own).hasSameSizeAs(fio);
      // the I/Os of the job's block size that make up the free space the sides may differ by
      long blocks = BLOCK / blockSize(jobFile);
      for (int i = 0; i < fio.size(); i++) {
        long[] f = fio.get(i);
        long[] o = own.get(i);
        // the measured difference, for the record (docs/measurement.md)
        System.out.printf(
            "FillDeviceIT %s job %d: read %d/%d, write %d/%d (fio/fsbench)%n",
            jobFile.replace('\n', ' '), i, f[0], o[0], f[2], o[2]);
        assertThat(f[4]).as("job %d: fio's error", i).isZero();
        assertThat(o[4]).as("job %d: error", i).isZero();
        assertThat(o[0]).as("job %d: read bytes", i).isCloseTo(f[0], within(BLOCK));
        assertThat(o[1]).as("job %d: read I/Os", i).isCloseTo(f[1], within(blocks));
        assertThat(o[2]).as("job %d: write bytes", i).isCloseTo(f[2], within(BLOCK));
        assertThat(o[3]).as("job %d: write I/Os", i).isCloseTo(f[3], within(blocks));
      }
      if (jobFile.contains("[check]")) { // the verify phase reads back every block written
        assertThat(own.get(1)[0]).isEqualTo(own.get(0)[2]);
      } else if (!jobFile.contains("size=")) { // ENOSPC ends the job: fio verifies nothing
        assertThat(own.get(0)[0]).isZero();
        assertThat(own.get(0)[2]).isGreaterThan(40L << 20);
      } else { // the bounded fill never met ENOSPC, and its verify ran
        assertThat(own.get(0)[2]).isEqualTo(16L << 20);
        assertThat(own.get(0)[0]).isEqualTo(16L << 20);
      }
    } finally {
      Files.delete(job);
    }
  }

  /** The job file's {@code bs=Nk}, in bytes. */
  private static long blockSize(String jobFile) {
    java.util.regex.Matcher bs = java.util.regex.Pattern.compile("bs=(\\d+)k").matcher(jobFile);
    assertThat(bs.find()).as("bs= in " + jobFile).isTrue();
    return Long.parseLong(bs.group(1)) * 1024;
  }

  /** Per job: read bytes, read I/Os, write bytes, write I/Os, error. */
  private static List<long[]> ioOf(JsonNode report) {
    List<long[]> out = new ArrayList<>();
    for (JsonNode job : report.path("jobs")) {
      out.add(
          new long[] {
            job.at("/read/io_bytes").asLong(),
            job.at("/read/total_ios").asLong(),
            job.at("/write/io_bytes").asLong(),
            job.at("/write/total_ios").asLong(),
            job.path("error").asLong()
          });
    }
    return out;
  }

  private static JsonNode runFio(Path job) throws Exception {
    Path top = SCRATCH.get().freshDirectory("fill");
    Path work = Files.createDirectories(top.resolve("a").resolve("b"));
    try {
      String out =
          CTools.run(List.of("fio", "--output-format=json", job.toAbsolutePath().toString()), work);
      return JSON.readTree(out.substring(out.indexOf('{')));
    } finally {
      SCRATCH.get().remove(top);
    }
  }

  private static JsonNode runFsBench(Path job) throws Exception {
    Path top = SCRATCH.get().freshDirectory("fill");
    try {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int code =
          Main.run(
              new String[] {
                "fio", job.toString(), "--dir", top.toString(), "--output-format", "json"
              },
              new PrintWriter(out, true),
              new PrintWriter(err, true));
      assertThat(code).as("fsbench's exit: %s", err).isZero();
      return JSON.readTree(out.toString());
    } finally {
      SCRATCH.get().remove(top);
    }
  }
}
