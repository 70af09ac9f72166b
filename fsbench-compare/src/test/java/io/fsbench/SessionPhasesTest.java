package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.MetadataOperation;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A session's phase gate and neighbours, as a cluster agent gives them, on a plain directory. */
class SessionPhasesTest {

  @TempDir Path temp;

  private FsBench fsbench;
  private Path shared;

  @BeforeEach
  void setUp() throws IOException {
    fsbench = NonRootFixture.fsbench(mock(Host.class), temp);
    shared = Files.createDirectory(temp.resolve("fsbench-shared"));
  }

  private static FsMarkSpec fsmark() {
    return FsMarkSpec.builder()
        .files(20)
        .fileSize(Size.bytes(100))
        .operations(MetadataOperation.CREATE, MetadataOperation.STAT, MetadataOperation.DELETE)
        .build();
  }

  @Test
  void theSessionsGateIsPassedBeforeEveryPhaseAndAtTheEnd() {
    List<String> gates = new ArrayList<>();
    try (Session session =
        fsbench.session(null, Target.directory(shared)).shareDirectory("0").phaseGate(gates::add)) {
      session.run(fsmark());
    }

    assertThat(gates).containsExactly("create", "stat", "delete", "end");
  }

  @Test
  void aNeighbourThatCreatedNothingFailsTheStatPhaseNamingItsFile() throws IOException {
    try (Session session =
        fsbench
            .session(null, Target.directory(shared))
            .shareDirectory("0")
            .neighbours(step -> new Neighbour(shared, "1"))) {
      assertThatThrownBy(() -> session.run(fsmark()))
          .isInstanceOf(FsBenchException.class)
          .hasMessageContaining("stat phase failed")
          .hasMessageContaining(shared.resolve("1.").toString());
    }
    try (Stream<Path> left = Files.list(shared)) {
      assertThat(left.toList()).as("the failed run removed its own files").isEmpty();
    }
  }

  @Test
  void neighboursForAClientWhoseNamesAreNotTaggedAreRefused() {
    Session session =
        fsbench
            .session(null, Target.directory(shared))
            .neighbours(step -> new Neighbour(temp.resolve("client-1"), "1"));

    assertThatThrownBy(() -> session.check(fsmark()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("shareDirectory(TAG)");
  }

  @Test
  void aBlockJobWithNeighboursIsRefusedBeforeItRuns() throws IOException {
    Session session =
        fsbench
            .session(null, Target.directory(shared))
            .neighbours(step -> new Neighbour(shared, "1"));

    assertThatThrownBy(() -> session.fio("job.fio", "[w]\nrw=write\nsize=1m\n"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("job.fio cannot visit another client's files");
    try (Stream<Path> left = Files.list(shared)) {
      assertThat(left.toList()).isEmpty();
    }
  }

  @Test
  void aWorkloadThatCannotVisitNeighboursIsRefusedByName() {
    Session session =
        fsbench
            .session(null, Target.directory(shared))
            .shareDirectory("0")
            .neighbours(step -> new Neighbour(shared, "1"));

    assertThatThrownBy(() -> session.check(Workloads.named("postmark", Map.of())))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("workload postmark cannot visit another client's files");
  }
}
