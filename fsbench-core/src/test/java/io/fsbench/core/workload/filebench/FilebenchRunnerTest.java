package io.fsbench.core.workload.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.WorkloadResult;
import io.fsbench.core.workload.Families;
import io.fsbench.core.workload.metadata.TestContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilebenchRunnerTest {

  @TempDir Path temp;

  @Test
  void runsAWorkloadFileAsAFamilyWithItsVariablesAndRuntime() throws IOException {
    Path file =
        Files.writeString(
            temp.resolve("stat.f"),
            """
            set $nfiles=1000
            define fileset name=s,path=/tmp,size=1k,entries=$nfiles,dirwidth=20,prealloc
            define process name=p { thread name=t { flowop statfile name=stat,filesetname=s } }
            run 60
            """);
    Path dir = Files.createDirectories(temp.resolve("fsbench-runner"));
    FilebenchSpec spec =
        FilebenchSpec.of(file).set("nfiles", "10").runtime(Duration.ofSeconds(1)).seed(4);

    WorkloadResult result = new FilebenchRunner().run(spec, new TestContext(dir));

    assertThat(spec.name()).isEqualTo("filebench:stat");
    assertThat(result.headline().name()).isEqualTo("io_summary.ops_per_sec");
    assertThat(result.headline().value()).isPositive();
    assertThat(result.toolText()).hasValueSatisfying(t -> assertThat(t).contains("IO Summary:"));
    assertThat(Families.standard().runs(FilebenchSpec.class)).isTrue();
  }

  @Test
  void refusesAMissingFileBeforeAnythingIsMade() {
    FilebenchSpec spec = FilebenchSpec.of(temp.resolve("missing.f"));
    assertThatThrownBy(() -> new FilebenchRunner().check(spec))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("missing.f");
  }

  @Test
  void turnsDatasetIntoThePersonalitysOwnVariablesAndLetsExplicitOnesWin() throws IOException {
    Path dir = Files.createDirectories(temp.resolve("fsbench-dataset"));
    FilebenchSpec varmail =
        FilebenchSpec.of(FilebenchPersonalities.file("varmail")).set("dataset", "4m");

    assertThat(FilebenchRunner.variables(varmail, new TestContext(dir)))
        .containsEntry("nfiles", "256")
        .doesNotContainKey("dataset");
    assertThat(FilebenchRunner.variables(varmail.set("nfiles", "7"), new TestContext(dir)))
        .containsEntry("nfiles", "7");
  }

  @Test
  void refusesDatasetForAFileThatIsNoPersonality() throws IOException {
    Path file = Files.writeString(temp.resolve("x.f"), "run 1\n");

    assertThatThrownBy(
            () -> new FilebenchRunner().check(FilebenchSpec.of(file).set("dataset", "1g")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("dataset=");
  }
}
