package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import io.fsbench.api.IozoneResult;
import io.fsbench.api.IozoneSpec;
import io.fsbench.api.IozoneSpec.Test;
import io.fsbench.api.RunResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.spi.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** The iozone family through the public API and Reports, on a directory target. */
class IozoneSessionTest {

  @TempDir Path temp;

  private FsBench fsbench;
  private Path target;

  @BeforeEach
  void setUp() throws Exception {
    fsbench = NonRootFixture.fsbench(mock(Host.class), temp);
    target = Files.createDirectory(temp.resolve("fsbench-target"));
  }

  @org.junit.jupiter.api.Test
  void aSessionRunsIozoneAndItsResultIsTypedAndWrittenInEveryFormat() throws Exception {
    IozoneSpec spec =
        IozoneSpec.builder()
            .fileSizes(Size.mib(1))
            .recordSizes(Size.kib(64))
            .tests(Test.WRITE, Test.READ)
            .build();
    try (Session session = fsbench.session(null, Target.directory(target))) {
      RunResult run = session.run(spec);

      assertThat(run.workload()).isEqualTo("iozone");
      IozoneResult result = (IozoneResult) run.result();
      assertThat(result.cells().get(0).measurement("reread").orElseThrow().ios()).isEqualTo(16);
      assertThat(run.parameters()).containsEntry("tests", "0,1").containsEntry("fileSizes", "1m");
      assertThat(Reports.format(run, Reports.Format.TEXT))
          .startsWith("iozone: ")
          .contains("Output is in Kbytes/sec")
          .containsPattern("\n +1024 +64 +\\d+ +\\d+ +\\d+ +\\d+");
      assertThat(Reports.format(run, Reports.Format.CSV))
          .startsWith("\"Writer report\"\nKB,64\n1024,");
      assertThat(Reports.format(run, Reports.Format.JSON)).contains("\"reread.ns\"");
    }
    try (Stream<Path> left = Files.list(target)) {
      assertThat(left).isEmpty();
    }
  }

  @org.junit.jupiter.api.Test
  void theNamedWorkloadIsIozoneWithItsParameters() {
    assertThat(Workloads.named("iozone", Map.of("size", "2m", "tests", "0")))
        .isEqualTo(
            IozoneSpec.builder().fileSizes(Size.mib(2)).tests(Test.WRITE).crossover(false).build());
    assertThat(Workloads.names()).contains("iozone");
  }
}
