package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.JobResult;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.jobfile.JobFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileOperationsEngineTest {

  @TempDir Path dir;

  @Test
  void aFileThatEndsAtItsFirstPickIsStillCreatedAsFioOpensItWhenItPicksIt() {
    // as seed 2049 case 200: normal:20 over bs=1k,64k draws an offset past the region at once, so
    // the
    // file ends before any I/O; fio created it all the same, when get_next_file opened it
    String text =
        "[fc]\nrw=randwrite\nioengine=filecreate\nbs=1k,64k\nsize=2048k\n"
            + "random_distribution=normal:20\nnumber_ios=14\n";
    List<JobResult> results =
        new BlockEngine().run(JobFile.parse(text, dir, Map.of()).jobs(), new DirectoryContext(dir));

    assertThat(Files.exists(dir.resolve("fc.0.0"))).isTrue();
    assertThat(results.get(0).write().clat().n()).as("the create, timed").isEqualTo(1);
    assertThat(results.get(0).error()).isZero();
  }
}
