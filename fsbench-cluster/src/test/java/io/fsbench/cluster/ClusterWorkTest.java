package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterWorkTest {

  @TempDir Path temp;

  @Test
  void aJobFileIsReadAndSentAsItsTextUnderItsName() throws Exception {
    Path file = temp.resolve("two.fio");
    Files.writeString(file, "[global]\nbs=4k\n[w]\nrw=write\n[r]\nstonewall\nrw=read\n");

    ClusterJob job = ClusterJob.fioFile(file, Path.of("/mnt/shared/x"), 3);

    assertThat(job.work().kind()).isEqualTo(ClusterWork.Kind.FIO_JOB_FILE);
    assertThat(job.work().name()).isEqualTo("two.fio");
    assertThat(job.work().text()).contains("[r]");
    assertThat(job.fioOptions()).isEmpty();
  }

  @Test
  void aJobFileThatIncludesAnotherIsRefusedNamingTheInclude() {
    assertThatThrownBy(
            () ->
                ClusterJob.fioFile(
                    "a.fio", "[job]\ninclude common.fio\nrw=write\n", Path.of("/x"), 2))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("includes common.fio");
  }

  @Test
  void aMissingJobFileIsRefusedNamingIt() {
    assertThatThrownBy(() -> ClusterJob.fioFile(temp.resolve("none.fio"), Path.of("/x"), 2))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("none.fio");
  }

  @Test
  void anUnknownWorkloadOrParameterIsRefusedBeforeAnyAgentIsAsked() {
    assertThatThrownBy(() -> ClusterJob.workload("nosuch", Map.of(), Path.of("/x"), 2))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("nosuch");
    assertThatThrownBy(() -> ClusterJob.workload("fsmark", Map.of("bogus", "1"), Path.of("/x"), 2))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("bogus");
  }

  @Test
  void aStonewallIsRefusedForAWorkloadWhoseRunnerCannotFinishEarly() {
    ClusterJob bonnie = ClusterJob.workload("bonnie", Map.of(), Path.of("/x"), 2);
    assertThatThrownBy(bonnie::stonewall)
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--stonewall")
        .hasMessageContaining("fsmark, tree, postmark, filebench")
        .hasMessageContaining("workload bonnie");
  }

  @Test
  void aStonewallIsAcceptedForTheMetadataWorkloadsPostMarkAndFilebenchWhoseRunnersFinishEarly() {
    assertThat(
            ClusterJob.workload("fsmark", Map.of("files", "10"), Path.of("/x"), 2)
                .stonewall()
                .stonewalled())
        .isTrue();
    assertThat(ClusterJob.workload("tree", Map.of(), Path.of("/x"), 2).stonewall().stonewalled())
        .isTrue();
    assertThat(
            ClusterJob.workload("postmark", Map.of(), Path.of("/x"), 2).stonewall().stonewalled())
        .isTrue();
    ClusterWork script =
        ClusterWork.filebench("mail.f", "run 1\n", Map.of(), java.util.Optional.empty(), 1);
    assertThat(ClusterJob.of(script, Path.of("/x"), 2).stonewall().stonewalled()).isTrue();
  }

  @Test
  void aSharedDirectoryIsForTheMetadataWorkloadsAndNotWithADirectoryPerClient() {
    ClusterJob fsmark =
        ClusterJob.workload("fsmark", Map.of("files", "10"), Path.of("/x"), 2).sharedDirectory();
    assertThat(fsmark.sharedDir()).isTrue();
    assertThatThrownBy(fsmark::perClientDir)
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("not both");
    assertThatThrownBy(
            () -> ClusterJob.fio(List.of("rw=write"), Path.of("/x"), 2).sharedDirectory())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("cannot share one directory")
        .hasMessageContaining("filename=");
  }

  @Test
  void aStonewallIsAcceptedForJobFilesAndBlockWorkloads() {
    assertThat(
            ClusterJob.fioFile("a.fio", "[job]\nrw=write\n", Path.of("/x"), 2)
                .stonewall()
                .stonewalled())
        .isTrue();
    assertThat(
            ClusterJob.workload("randwrite", Map.of("size", "1m"), Path.of("/x"), 2)
                .stonewall()
                .stonewalled())
        .isTrue();
  }

  @Test
  void optionsForOneClientApplyOnlyToAJobOfFioOptions() {
    ClusterJob file = ClusterJob.fioFile("a.fio", "[job]\nrw=write\n", Path.of("/x"), 2);
    assertThatThrownBy(() -> file.forClient(0, List.of("size=1m")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("job file a.fio");
  }

  @Test
  void theReleasedConstructorStillMakesAJobOfFioOptions() {
    ClusterJob job =
        new ClusterJob(
            List.of("rw=write"),
            Path.of("/x"),
            1,
            false,
            java.time.Duration.ofSeconds(5),
            false,
            Map.of());
    assertThat(job.work().kind()).isEqualTo(ClusterWork.Kind.FIO_OPTIONS);
  }

  @Test
  void aFilebenchScriptCarriesItsVariablesRuntimeAndSeedToTheAgentsSpec() {
    ClusterWork work =
        ClusterWork.filebench(
            "mail.f",
            "set $nfiles=10\nrun 60\n",
            Map.of("nfiles", "20"),
            java.util.Optional.of(java.time.Duration.ofSeconds(3)),
            7);

    io.fsbench.api.FilebenchSpec spec = work.filebenchSpec(Path.of("/tmp/x/workload.f"));

    assertThat(spec.variables()).containsExactly(Map.entry("nfiles", "20"));
    assertThat(spec.runtime()).contains(java.time.Duration.ofSeconds(3));
    assertThat(spec.seed()).isEqualTo(7);
    assertThat(spec.allowSystem()).isFalse();
  }

  @Test
  void aFilebenchScriptsSemanticErrorIsRefusedByTheControllerNamingTheFileAndLine() {
    String noDirwidth =
        "define fileset name=fsbench-box,path=/tmp,entries=20,size=4k,prealloc=100\n"
            + "define process name=p,instances=1\n{\n  thread name=t,instances=1\n  {\n"
            + "    flowop openfile name=open1,filesetname=fsbench-box,fd=1\n"
            + "    flowop closefile name=close1,fd=1\n  }\n}\nrun 5\n";
    ClusterWork work =
        ClusterWork.filebench("box.f", noDirwidth, Map.of(), java.util.Optional.empty(), 1);

    assertThatThrownBy(() -> ClusterJob.of(work, Path.of("/x"), 2))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("box.f:1: define fileset needs dirwidth=...")
        .hasMessageContaining("add it to this line");
    String unknownSet = noDirwidth.replace("prealloc=100", "dirwidth=20,prealloc=100");
    ClusterWork other =
        ClusterWork.filebench(
            "box.f",
            unknownSet.replace("filesetname=fsbench-box", "filesetname=fsbench-none"),
            Map.of(),
            java.util.Optional.empty(),
            1);
    assertThatThrownBy(() -> ClusterJob.of(other, Path.of("/x"), 2))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("box.f:6:")
        .hasMessageContaining("filesetname (fsbench-none) names no fileset");
    ClusterWork valid =
        ClusterWork.filebench("box.f", unknownSet, Map.of(), java.util.Optional.empty(), 1);
    assertThat(ClusterJob.of(valid, Path.of("/x"), 2).work()).isEqualTo(valid);
  }

  @Test
  void aFilebenchScriptWithABadVariableIsRefusedAtOnce() {
    assertThatThrownBy(
            () ->
                ClusterWork.filebench(
                    "mail.f", "run 1\n", Map.of("bad-name", "1"), java.util.Optional.empty(), 1))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("bad-name");
  }
}
