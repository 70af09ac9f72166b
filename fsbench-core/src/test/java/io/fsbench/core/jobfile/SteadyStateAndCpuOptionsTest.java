package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.CpuPlacement;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.SteadyState;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SteadyStateAndCpuOptionsTest {

  private static JobSpec spec(String options) {
    return file("[fsbench-ss]\nsize=1m\n" + options.replace(' ', '\n') + "\n").jobs().get(0).spec();
  }

  private static JobFile file(String text) {
    return JobFile.parse(text, Path.of("."), Map.of());
  }

  @Test
  void readsEachCriterionWithAndWithoutPercent() {
    SteadyState iops = spec("ss=iops:10% ss_dur=30s ss_ramp=10s").steadyState();
    assertThat(iops)
        .isEqualTo(
            SteadyState.of(
                SteadyState.Criterion.IOPS,
                10,
                true,
                Duration.ofSeconds(30),
                Duration.ofSeconds(10)));
    SteadyState bw = spec("steadystate=bw:1m ss_dur=10").steadyState();
    assertThat(bw.criterion()).isEqualTo(SteadyState.Criterion.BW);
    assertThat(bw.limit()).as("bytes/s with fio's size suffix").isEqualTo(1_048_576.0);
    assertThat(bw.percent()).isFalse();
    assertThat(spec("ss=iops_slope:0.5 ss_dur=2").steadyState().limit()).isEqualTo(0.5);
    assertThat(spec("ss=bw_slope:1% ss_dur=2").steadyState().criterion())
        .isEqualTo(SteadyState.Criterion.BW_SLOPE);
  }

  @Test
  void readsABandwidthLimitWithFiosUnitsWhateverTheJobsKbBase() {
    // fio-diff seed 2030 case 36: fio 3.33 reports ss=bw_slope:100k under kb_base=1000 as 102400
    assertThat(spec("kb_base=1000 ss=bw_slope:100k ss_dur=2").steadyState().limit())
        .isEqualTo(102_400.0);
    assertThat(spec("kb_base=1000 ss=bw:1m ss_dur=2").steadyState().limit()).isEqualTo(1_048_576.0);
  }

  @Test
  void defaultsToFiosIopsSlopeOfAHundredthPercentWhenOnlyTheWindowIsGiven() {
    SteadyState ss = spec("ss_dur=5").steadyState();

    assertThat(ss.criterion()).isEqualTo(SteadyState.Criterion.IOPS_SLOPE);
    assertThat(ss.limit()).isEqualTo(0.01);
    assertThat(ss.percent()).isTrue();
    assertThat(spec("rw=read").steadyState().enabled()).isFalse();
  }

  @Test
  void keepsTheWindowInWholeSecondsAsFio() {
    assertThat(spec("ss_dur=1500ms").steadyState().duration()).isEqualTo(Duration.ofSeconds(1));
    assertThatThrownBy(() -> spec("ss_dur=500ms"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("ss_dur (500ms) is under one second");
  }

  @Test
  void refusesBadSteadyStateValuesNamingThem() {
    assertThatThrownBy(() -> spec("ss=iops ss_dur=2"))
        .hasMessageContaining("steadystate (iops) needs a limit");
    assertThatThrownBy(() -> spec("ss=latency:2 ss_dur=2"))
        .hasMessageContaining("criterion (latency) must be iops, iops_slope, bw or bw_slope");
    assertThatThrownBy(() -> spec("ss=iops:x% ss_dur=2")).hasMessageContaining("'x'");
    assertThatThrownBy(() -> spec("ss=iops:1%")).hasMessageContaining("no effect without ss_dur");
    assertThatThrownBy(() -> spec("ss=iops:1% ss_dur=2 ramp_time=1"))
        .hasMessageContaining("give ss_ramp instead of ramp_time");
  }

  @Test
  void refusesJobsOfOneGroupWithDifferentSteadyStatesAsFio() {
    String two = "[a]\nsize=1m\nss_dur=2\n[b]\nsize=1m\n";
    assertThatThrownBy(() -> file(two))
        .hasMessageContaining("steady-state options of job 'b' differ from those of job 'a'");
    assertThat(file(two.replace("[b]\n", "[b]\nnew_group\n")).jobs()).hasSize(2);
  }

  @Test
  void readsCpuListsMasksAndThePolicy() {
    assertThat(spec("cpus_allowed=0-1,3").cpus().cpus()).containsExactly(0, 1, 3);
    assertThat(spec("cpumask=5").cpus().cpus()).containsExactly(0, 2);
    assertThat(spec("cpumask=0x3").cpus().cpus()).containsExactly(0, 1);
    CpuPlacement split = spec("cpus_allowed=0,1 cpus_allowed_policy=split nice=5").cpus();
    assertThat(split.split()).isTrue();
    assertThat(split.nice()).isEqualTo(5);
    assertThat(spec("cpus_allowed=1").cpus().split()).isFalse();
  }

  @Test
  void readsNumaNodesAndMemoryPolicies() {
    CpuPlacement bind = spec("numa_cpu_nodes=0 numa_mem_policy=bind:0").cpus();
    assertThat(bind.cpuNodes()).containsExactly(0);
    assertThat(bind.memPolicy()).isEqualTo(CpuPlacement.MemPolicy.BIND);
    assertThat(bind.memNodes()).containsExactly(0);
    CpuPlacement interleave = spec("numa_mem_policy=interleave").cpus();
    assertThat(interleave.memPolicy()).isEqualTo(CpuPlacement.MemPolicy.INTERLEAVE);
    assertThat(interleave.memNodes()).isEmpty();
    assertThat(spec("numa_mem_policy=local").cpus().memPolicy())
        .isEqualTo(CpuPlacement.MemPolicy.LOCAL);
  }

  @Test
  void refusesBadPlacementsNamingTheValue() {
    assertThatThrownBy(() -> spec("cpus_allowed=a"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("cpus_allowed=a")
        .hasMessageContaining("neither an id nor a range");
    assertThatThrownBy(() -> spec("cpus_allowed=3-1")).hasMessageContaining("runs backwards");
    assertThatThrownBy(() -> spec("cpumask=0")).hasMessageContaining("cpumask (0)");
    assertThatThrownBy(() -> spec("cpus_allowed_policy=split"))
        .hasMessageContaining("no CPUs to split");
    assertThatThrownBy(() -> spec("cpus_allowed_policy=even"))
        .hasMessageContaining("'shared' or 'split'");
    assertThatThrownBy(() -> spec("nice=20")).hasMessageContaining("nice (20)");
    assertThatThrownBy(() -> spec("numa_mem_policy=bind")).hasMessageContaining("node list");
    assertThatThrownBy(() -> spec("numa_mem_policy=local:0")).hasMessageContaining("no node");
    assertThatThrownBy(() -> spec("numa_mem_policy=prefer:0-1")).hasMessageContaining("one node");
    assertThatThrownBy(() -> spec("numa_mem_policy=first")).hasMessageContaining("numa_mem_policy");
  }

  @Test
  void parsesAndFormatsCpuListsAsTasksetWritesThem() {
    assertThat(CpuPlacement.parseList(" 0-2, 5 ,7-8")).containsExactly(0, 1, 2, 5, 7, 8);
    assertThat(CpuPlacement.formatList(List.of(0, 1, 2, 5, 7, 8))).isEqualTo("0-2,5,7-8");
    assertThatThrownBy(() -> CpuPlacement.parseList("")).hasMessageContaining("empty");
    assertThatThrownBy(() -> CpuPlacement.parseList("1-2-3")).hasMessageContaining("'1-2-3'");
    assertThatThrownBy(() -> CpuPlacement.parseList("4096")).hasMessageContaining("1023");
  }
}
