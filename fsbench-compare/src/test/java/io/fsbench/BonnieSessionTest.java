package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;

import io.fsbench.api.BonnieResult;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.RunResult;
import io.fsbench.api.Target;
import io.fsbench.api.Workload;
import io.fsbench.spi.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bonnie family through the public API: a named workload, a session, the reports. */
class BonnieSessionTest {

  @TempDir Path temp;

  private FsBench fsbench;
  private Path target;

  @BeforeEach
  void setUp() throws Exception {
    fsbench = NonRootFixture.fsbench(mock(Host.class), temp);
    target = Files.createDirectory(temp.resolve("fsbench-target"));
  }

  @Test
  void aSessionRunsBonnieAndWritesItsCsvLineAndTable() throws Exception {
    Workload bonnie =
        Workloads.named(
            "bonnie",
            Map.of("size", "2m", "ram", "1m", "fast", "true", "files", "1", "machine", "box"));
    Reports.check(bonnie, Reports.Format.CSV);
    try (Session session = fsbench.session(null, Target.directory(target))) {
      RunResult run = session.run(bonnie);

      assertThat(run.result()).isInstanceOf(BonnieResult.class);
      assertThat(run.result().headline().name()).isEqualTo("put_block.bytes_per_sec");
      assertThat(run.parameters()).containsEntry("size", "2m").containsEntry("ram", "1m");
      String csv = Reports.format(run, Reports.Format.CSV);
      assertThat(csv).startsWith("1.98,2.00a,box,1,").endsWith("\n");
      assertThat(csv.strip().split(",", -1)).hasSize(50);
      assertThat(Reports.format(run, Reports.Format.TEXT))
          .contains("Version 2.00a       ------Sequential Create------");
      assertThat(Reports.format(run, Reports.Format.JSON)).contains("\"tool_csv\"");
    }
    try (Stream<Path> left = Files.list(target)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void csvIsRefusedUpFrontForABlockJobOnly() {
    Reports.check(Workloads.named("postmark", Map.of()), Reports.Format.CSV);
    assertThatThrownBy(
            () -> Reports.check(Workloads.named("randread-4k", Map.of()), Reports.Format.CSV))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("a block job is written as fio writes it");
  }
}
