package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.WorkloadResult;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.WorkloadRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilebenchRunnerTest {

  @TempDir Path temp;

  @Test
  void aPersonalitysDatasetSizesTheVolumeAndAWorkloadFileOfOnesOwnDoesNot() throws IOException {
    FilebenchRunner runner = new FilebenchRunner();
    FilebenchSpec videos =
        FilebenchSpec.of(FilebenchPersonalities.file("videoserver"))
            .set("filesize", Long.toString(64L << 20));
    FilebenchSpec mail =
        FilebenchSpec.of(FilebenchPersonalities.file("varmail")).set("nfiles", "5000");
    FilebenchSpec asked =
        FilebenchSpec.of(FilebenchPersonalities.file("randomread")).set("dataset", "1g");

    // 129 videos of 64 MiB, and a block each for its tail
    assertThat(runner.footprint(videos))
        .isEqualTo(new Footprint((129L << 26) + 129 * Footprint.BLOCK, 129));
    assertThat(runner.footprint(mail).files()).isEqualTo(5000);
    assertThat(runner.footprint(mail).bytes()).isEqualTo(5000L * 16384 + 5000 * Footprint.BLOCK);
    // dataset= is capped at half the free space when it runs: the volume gets twice it
    assertThat(runner.footprint(asked).bytes()).isEqualTo(2 * ((1L << 30) + Footprint.BLOCK));
    assertThat(runner.footprint(FilebenchSpec.of(FilebenchPersonalities.file("varmail"))))
        .isEqualTo(Footprint.NONE);
    Path own = Files.writeString(temp.resolve("own.f"), "set $nfiles=100000\n");
    assertThat(runner.footprint(FilebenchSpec.of(own).set("nfiles", "100000")))
        .isEqualTo(Footprint.NONE);
  }

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

    WorkloadResult result = new FilebenchRunner().run(spec, new DirectoryContext(dir));

    assertThat(spec.name()).isEqualTo("filebench:stat");
    assertThat(result.headline().name()).isEqualTo("io_summary.ops_per_sec");
    assertThat(result.headline().value()).isPositive();
    assertThat(result.toolText()).hasValueSatisfying(t -> assertThat(t).contains("IO Summary:"));
    // registered once, as a provider of core's runner service
    assertThat(FilebenchRunner.class.getModule().getDescriptor().provides())
        .anySatisfy(
            provides -> {
              assertThat(provides.service()).isEqualTo(WorkloadRunner.class.getName());
              assertThat(provides.providers()).contains(FilebenchRunner.class.getName());
            });
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

    assertThat(FilebenchRunner.variables(varmail, new DirectoryContext(dir)))
        .containsEntry("nfiles", "256")
        .doesNotContainKey("dataset");
    assertThat(FilebenchRunner.variables(varmail.set("nfiles", "7"), new DirectoryContext(dir)))
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
