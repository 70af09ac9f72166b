package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Size;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.stats.Direction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs without {@code size} take their files' sizes (fio's setup_files), and fill_device's ENOSPC
 * ends a job without an error; each outcome is what fio 3.33 reports for the same job file.
 */
class ExistingFilesEngineTest {

  @TempDir Path dir;

  private List<JobResult> runFile(String text) {
    JobFile file = JobFile.parse(text, dir, Map.of());
    return new BlockEngine().run(file.jobs(), new DirectoryContext(dir));
  }

  @Test
  void aStonewalledJobWithoutSizeReadsTheFileAnEarlierJobWrote() {
    List<JobResult> r =
        runFile(
            "[w]\nrw=write\nfilename=f\nsize=128k\n[r]\nstonewall\nrw=read\nfilename=f\nbs=8k\n");

    assertThat(r.get(1).read().ioBytes()).isEqualTo(131072);
    assertThat(r.get(1).read().totalIos()).isEqualTo(16);
  }

  @Test
  void aJobSetUpWhenItStartsFindsWhatTheJobsBeforeItWroteFromItsOffset() {
    // fio 3.33: the writer leaves f empty at setup (fallocate=none), writes 128k; the reader, set
    // up after it ran (create_serialize=0), reads 64k from offset=64k
    List<JobResult> r =
        runFile(
            "[w]\nrw=write\nfilename=f\nsize=128k\nfallocate=none\n"
                + "[r]\nstonewall\nrw=read\nfilename=f\ncreate_serialize=0\noffset=64k\n");

    assertThat(r.get(1).read().ioBytes()).isEqualTo(65536);
    assertThat(r.get(1).read().totalIos()).isEqualTo(16);
  }

  @Test
  void aJobSetUpBeforeAnyRunsFindsTheFileAsTheEarlierSetupLeftIt() {
    // fio 3.33: "r: you need to specify size=" (error 22); f is empty when jobs are set up
    assertThatThrownBy(
            () ->
                runFile(
                    "[w]\nrw=write\nfilename=f\nsize=128k\nfallocate=none\n"
                        + "[r]\nstonewall\nrw=read\nfilename=f\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("job 'r' gives neither size nor filesize, and its file f is empty")
        .hasMessageContaining("create_serialize=0")
        .hasMessageContaining("'you need to specify size='");
  }

  @Test
  void aReaderWithoutSizeIsRefusedAFileNoJobMakes() {
    // fio 3.33: "file w.0.1 may be ignored", then open(w.0.1) fails with ENOENT (error 2)
    assertThatThrownBy(
            () -> runFile("[w]\nrw=write\nsize=128k\n[w]\nstonewall\nrw=read\nnrfiles=2\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(
            "job 'w' gives no size and reads w.0.1, which no job before it makes");
  }

  @Test
  void aWriterWithoutSizeWritesTheFilesThatHaveDataAndLeavesAMissingOneEmpty() throws Exception {
    // fio 3.33: 128k written again to w.0.0, w.0.1 created empty by its open
    List<JobResult> r = runFile("[w]\nrw=write\nsize=128k\n[w]\nstonewall\nrw=write\nnrfiles=2\n");

    assertThat(r.get(1).write().ioBytes()).isEqualTo(131072);
    assertThat(Files.size(dir.resolve("w.0.1"))).isZero();
  }

  @Test
  void anOffsetPastTheFileOfAJobWithoutSizeIsRefused() {
    assertThatThrownBy(
            () ->
                runFile(
                    "[w]\nrw=write\nfilename=f\nsize=64k\n"
                        + "[r]\nstonewall\nrw=read\nfilename=f\noffset=1m\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("would start at offset 1048576, past the end of f (65536 bytes")
        .hasMessageContaining("'you need to specify valid offset='");
  }

  @Test
  void aJobWithoutSizeWhoseFilesNoJobNamesIsRefusedBeforeAnythingRuns() throws Exception {
    assertThatThrownBy(
            () -> runFile("[w]\nrw=write\nfilename=a\nsize=64k\n[r]\nrw=read\nfilename=b\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("job 'r' gives neither size nor filesize, and no job before it")
        .hasMessageContaining("names its file b");
    try (var left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void eachCloneOfAJobWithoutSizeStartsAtItsOwnOffset() {
    // fio 3.33: clone 0 reads 0-128k, clone 1 (offset_increment=64k) 64k-128k
    List<JobResult> r =
        runFile(
            "[w]\nrw=write\nfilename=f\nsize=128k\n"
                + "[r]\nstonewall\nrw=read\nfilename=f\nnumjobs=2\noffset_increment=64k\n");

    assertThat(r.subList(1, 3))
        .extracting(j -> j.read().ioBytes())
        .containsExactlyInAnyOrder(131072L, 65536L);
  }

  @Test
  void aFillWithASizeWritesItWithoutPreallocatingTheFile() throws Exception {
    List<JobResult> r = runFile("[f]\nrw=write\nsize=256k\nbs=64k\nfill_device=1\n");

    assertThat(r.get(0).write().ioBytes()).isEqualTo(262144);
    assertThat(r.get(0).error()).isZero();
    assertThat(Files.size(dir.resolve("f.0.0"))).isEqualTo(262144);
  }

  @Test
  void enospcEndsAFillingJobWithoutAnErrorAndAnyOtherJobWithIt() {
    NativeIoException full = NativeIoException.of(NativeIoException.ENOSPC, "pwrite", "f.0.0");
    JobSpec spec = JobSpec.seqWrite(Size.kib(4)).name("f").build();
    IoErrors filling = new IoErrors("f", spec.errors(), true);
    IoErrors plain = new IoErrors("f", spec.errors(), false);

    assertThat(filling.failed(Direction.WRITE, full, "f.0.0", 0, 4096)).isFalse();
    assertThat(filling.reported()).isZero();
    assertThat(filling.filled()).isTrue();
    assertThat(plain.failed(Direction.WRITE, full, "f.0.0", 0, 4096)).isFalse();
    assertThat(plain.reported()).isEqualTo(NativeIoException.ENOSPC);
    assertThat(plain.filled()).isFalse();
  }

  @Test
  void fioMakesAWriteOnlyFileItsSizeOnlyWhereItPreallocates() {
    JobSpec write = JobSpec.seqWrite(Size.kib(4)).name("w").build();

    assertThat(ExistingFiles.afterLayout(write, 0, 65536)).isEqualTo(65536);
    assertThat(
            ExistingFiles.afterLayout(
                write.toBuilder().fallocate(io.fsbench.api.Fallocate.NONE).build(), 4096, 65536))
        .as("unlinked and made anew, not preallocated")
        .isZero();
    assertThat(
            ExistingFiles.afterLayout(
                write.toBuilder()
                    .fileHandling(io.fsbench.api.FileHandling.DEFAULT.fillDevice(true))
                    .build(),
                0,
                65536))
        .isZero();
    assertThat(ExistingFiles.afterLayout(write, 131072, 65536)).as("big enough").isEqualTo(131072);
  }
}
