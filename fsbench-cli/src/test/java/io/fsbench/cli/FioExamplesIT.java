package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.FsBench;
import io.fsbench.Session;
import io.fsbench.api.JobResult;
import io.fsbench.api.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * fio's own example job files (Debian's fio-examples) run on fsbench's engine as written, but for
 * their sizes and run times, which the test shrinks so that each takes seconds: {@code size},
 * {@code runtime} and {@code timeout} are rewritten, every other option stays.
 */
class FioExamplesIT {

  private static final Path EXAMPLES = Path.of("/usr/share/doc/fio/examples");

  private static Session session;

  @BeforeAll
  static void openVolume() {
    assumeTrue(FsBenchProcess.isRoot(), "needs root for a loop volume");
    assumeTrue(Files.isDirectory(EXAMPLES), "fio's examples are not installed (fio-examples)");
    session = FsBench.on("ext4").open();
  }

  @AfterAll
  static void closeVolume() {
    if (session != null) {
      session.close();
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "fio-seq-write",
        "fio-seq-read",
        "fio-rand-read",
        "fio-rand-write",
        "fio-rand-RW",
        "fio-seq-RW",
        "tiobench-example",
        "zipf"
      })
  void runsFiosExampleJobFile(String example, @TempDir Path dir) throws Exception {
    String original = Files.readString(EXAMPLES.resolve(example + ".fio"));
    String shrunk =
        original
            .replaceAll("(?m)^size=\\S+", "size=16m")
            .replaceAll("(?m)^runtime=\\S+", "runtime=1")
            .replaceAll("(?m)^timeout=\\S+", "timeout=1");
    Path jobFile = dir.resolve("fsbench-" + example + ".fio");
    Files.writeString(jobFile, shrunk);

    RunResult result = session.fio(jobFile);

    assertThat(result.jobs()).isNotEmpty();
    for (JobResult job : result.jobs()) {
      assertThat(job.error()).isZero();
      assertThat(job.read().ioBytes() + job.write().ioBytes())
          .as("bytes moved by %s in %s", job.jobname(), example)
          .isPositive();
    }
  }
}
