package io.fsbench.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FileSystemLifecycle;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.LargeFileSpec;
import io.fsbench.api.NamedWorkload;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.RandomIoSpec;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.Size;
import io.fsbench.api.Workload;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.workloads.tree.LargeFileRunner;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FamiliesTest {

  private final WorkloadRunners families =
      WorkloadFamilies.discover(getClass().getClassLoader(), new java.util.ArrayList<>());

  private static JobSpec timedRead() {
    return JobSpec.builder(ReadWrite.READ, Size.kib(128))
        .size(Size.mib(64))
        .timeBased(true)
        .runtime(Duration.ofSeconds(5))
        .build();
  }

  @Test
  void everyKindOfWorkloadHasARunner() {
    var kinds =
        Arrays.stream(Workload.class.getPermittedSubclasses())
            .filter(kind -> kind != NamedWorkload.class)
            .toList();

    assertThat(kinds).isNotEmpty();
    assertThat(kinds)
        .allSatisfy(
            kind ->
                assertThat(families.runs(kind.asSubclass(Workload.class)))
                    .as(kind.getName())
                    .isTrue());
  }

  @Test
  void aRenamedWorkloadIsSizedAndPrintedAsItsSpec() {
    PostMarkSpec postMark = PostMarkSpec.builder().files(2000).build();
    Workload renamed = new NamedWorkload("postmark-small", new NamedWorkload("pm", postMark));

    assertThat(families.footprint(renamed)).isEqualTo(families.footprint(postMark));
    assertThat(families.footprint(renamed).files()).isPositive();
    assertThat(families.parameters(renamed)).isEqualTo(families.parameters(postMark));
  }

  @Test
  void aLargeFileNeedsRoomForItsCopy() {
    LargeFileSpec large = LargeFileSpec.builder().size(Size.gib(1)).build();

    assertThat(families.footprint(large)).isEqualTo(new Footprint(2 * Size.gib(1).bytes(), 2));
  }

  @Test
  void aRuntimeRetimesABlockJobUnderItsName() {
    Workload renamed = new NamedWorkload("read-long", timedRead());

    Workload timed = families.withRuntime(renamed, Duration.ofSeconds(30));

    assertThat(timed.name()).isEqualTo("read-long");
    assertThat(((JobSpec) timed.spec()).runtime()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void aRuntimeLeavesWorkloadsThatEndWhenDoneAsTheyAre() {
    Workload postMark = PostMarkSpec.builder().files(2000).build();

    assertThat(families.withRuntime(postMark, Duration.ofSeconds(30))).isSameAs(postMark);
  }

  @Test
  void noRuntimeLeavesEveryWorkloadItsOwnLength() {
    Workload randomIo = RandomIoSpec.builder().sampleTime(Duration.ofSeconds(3)).samples(2).build();

    assertThat(families.withRuntime(randomIo, Duration.ZERO)).isSameAs(randomIo);
    assertThat(families.withRuntime(timedRead(), Duration.ZERO)).isEqualTo(timedRead());
  }

  @Test
  void pinningPinsABlockJobUnderItsNameAndRefusesOtherKindsByName() {
    Workload pinned =
        families.pinned(new NamedWorkload("read-pinned", timedRead()), java.util.List.of(0, 1));

    assertThat(pinned.name()).isEqualTo("read-pinned");
    assertThat(((JobSpec) pinned.spec()).cpus().cpus()).containsExactly(0, 1);
    assertThatThrownBy(
            () -> families.pinned(PostMarkSpec.builder().build(), java.util.List.of(0, 1)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("CPUs to pin (0-1)")
        .hasMessageContaining("postmark");
  }

  @Test
  void onlyTheLifecycleMakesItsOwnVolumes() {
    assertThat(families.makesVolumes(new NamedWorkload("mkfs", FileSystemLifecycle.DEFAULT)))
        .isTrue();
    assertThat(families.makesVolumes(timedRead())).isFalse();
  }

  @Test
  void aBlockJobsWorkingSetIsWhatItReadsBack() {
    JobSpec job = timedRead().toBuilder().numJobs(2).build();

    assertThat(families.workingSet(job)).hasValue(2 * Size.mib(64).bytes());
    assertThat(families.workingSet(PostMarkSpec.builder().build())).isEmpty();
  }

  @Test
  void refusesASecondRunnerForOneKind() {
    WorkloadRunners runners = new WorkloadRunners().register(new LargeFileRunner());

    assertThatThrownBy(() -> runners.register(new LargeFileRunner()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("LargeFileSpec has two runners");
  }

  @Test
  void aKindWithoutARunnerIsRefusedNamingWhatRuns() {
    WorkloadRunners runners = new WorkloadRunners().register(new LargeFileRunner());

    assertThatThrownBy(() -> runners.footprint(PostMarkSpec.builder().build()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("PostMarkSpec")
        .hasMessageContaining("LargeFileSpec");
  }
}
