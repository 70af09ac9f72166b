package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FileHandling;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Size;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's file options: filename_format, overwrite, allow_file_create, create_on_open, unlink. */
class FileHandlingTest {

  @TempDir Path dir;

  private List<JobResult> run(JobSpec... specs) {
    return BlockEngineTest.runIn(dir, specs);
  }

  @Test
  void namesFilesByTheFormatAsFioExpandsIt() throws Exception {
    run(
        JobSpec.seqWrite(Size.kib(4))
            .name("fmt")
            .size(Size.kib(64))
            .nrFiles(2)
            .numJobs(2)
            .fileHandling(FileHandling.DEFAULT.nameFormat("data-$JOBNAME-$jobnum-$filenum"))
            .build());

    for (String name : List.of("data-fmt-0-0", "data-fmt-0-1", "data-fmt-1-0", "data-fmt-1-1")) {
      assertThat(dir.resolve(name)).exists();
    }
  }

  @Test
  void aWriteJobStartsFromAnEmptyFileUnlessItOverwrites() throws Exception {
    JobSpec plain =
        JobSpec.seqWrite(Size.kib(4))
            .name("plain")
            .size(Size.kib(64))
            .ioSize(Size.kib(16))
            .fallocate(io.fsbench.api.Fallocate.NONE)
            .build();
    JobSpec overwrite =
        plain.toBuilder().name("over").fileHandling(FileHandling.DEFAULT.overwrite(true)).build();

    run(plain);
    run(overwrite);

    assertThat(Files.size(dir.resolve("plain.0.0"))).isEqualTo(16 << 10);
    assertThat(Files.size(dir.resolve("over.0.0"))).isEqualTo(64 << 10);
  }

  @Test
  void unlinkRemovesTheJobsFilesWhenItEnds() {
    run(
        JobSpec.seqWrite(Size.kib(4))
            .name("gone")
            .size(Size.kib(64))
            .fileHandling(FileHandling.DEFAULT.unlink(true))
            .build());

    assertThat(dir.resolve("gone.0.0")).doesNotExist();
  }

  @Test
  void aMissingFileFailsAJobThatMayNotCreateFiles() {
    JobSpec spec =
        JobSpec.seqRead(Size.kib(4))
            .name("nocreate")
            .size(Size.kib(64))
            .fileHandling(FileHandling.DEFAULT.allowCreate(false))
            .build();

    assertThatThrownBy(() -> run(spec))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("allow_file_create=0");
  }

  @Test
  void aReadingJobMayNotCreateItsFilesOnOpen() {
    assertThatThrownBy(
            () ->
                JobSpec.seqRead(Size.kib(4))
                    .name("empty")
                    .size(Size.kib(64))
                    .fileHandling(FileHandling.DEFAULT.createOnOpen(true))
                    .build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("create_on_open");
  }

  @Test
  void aFormatThatNamesAPathIsRefused() {
    assertThatThrownBy(() -> FileHandling.DEFAULT.nameFormat("../$jobname"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("filename_format (../$jobname)");
  }
}
