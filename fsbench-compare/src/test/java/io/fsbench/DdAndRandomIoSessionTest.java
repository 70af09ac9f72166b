package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import io.fsbench.api.DdResult;
import io.fsbench.api.DdSpec;
import io.fsbench.api.RandomIoResult;
import io.fsbench.api.RandomIoSpec;
import io.fsbench.api.RunResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.spi.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dd and randomio families through the public API, on a directory target. */
class DdAndRandomIoSessionTest {

  @TempDir Path temp;

  private FsBench fsbench;
  private Path target;

  @BeforeEach
  void setUp() throws Exception {
    fsbench = NonRootFixture.fsbench(mock(Host.class), temp);
    target = Files.createDirectory(temp.resolve("fsbench-target"));
  }

  @Test
  void aSessionRunsDdAndItsResultIsTypedAndReportedWithUnits() throws Exception {
    try (Session session = fsbench.session(null, Target.directory(target))) {
      RunResult run = session.run(DdSpec.write(Size.kib(64), 32).fdatasync(true).build());

      assertThat(run.workload()).isEqualTo("dd-write-64k");
      assertThat(run.result())
          .isInstanceOfSatisfying(
              DdResult.class, dd -> assertThat(dd.bytes()).isEqualTo(32 * 64 * 1024));
      assertThat(run.parameters()).containsEntry("count", "32").containsEntry("fdatasync", "true");
      assertThat(Reports.format(run, Reports.Format.JSON))
          .contains("\"bytes_per_sec\"")
          .contains("\"records_out.full\"");
    }
    try (Stream<Path> left = Files.list(target)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void aSessionRunsRandomio() throws Exception {
    RandomIoSpec spec =
        RandomIoSpec.builder()
            .fileSize(Size.mib(4))
            .threads(2)
            .ioSize(Size.kib(4))
            .sampleTime(Duration.ofMillis(200))
            .build();
    try (Session session = fsbench.session(null, Target.directory(target))) {
      RunResult run = session.run(spec);

      assertThat(run.result()).isInstanceOf(RandomIoResult.class);
      assertThat(run.result().headline().name()).isEqualTo("iops");
      assertThat(run.result().headline().value()).isPositive();
    }
    try (Stream<Path> left = Files.list(target)) {
      assertThat(left).isEmpty();
    }
  }
}
