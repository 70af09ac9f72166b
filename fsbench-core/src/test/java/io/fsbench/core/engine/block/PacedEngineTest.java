package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.JobResult;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.jobfile.JobFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine with fio's pacing options and measurement switches, on a real directory. */
class PacedEngineTest {

  @TempDir Path dir;

  private List<JobResult> runFile(String text) {
    JobFile file = JobFile.parse(text, dir, Map.of());
    return new BlockEngine().run(file.jobs(), new DirectoryContext(dir));
  }

  @Test
  void thinkTimeKeepsTheCountsAndPausesInsideTheRuntime() {
    JobResult r =
        runFile(
                "[fsbench-think]\nrw=randwrite\nbs=4k\nsize=256k\nthinktime=5ms\nthinktime_blocks=16\n")
            .get(0);

    assertThat(r.write().totalIos()).isEqualTo(64);
    // a pause after every 16 I/Os, the 64th included, as fio's handle_thinktime
    assertThat(r.write().runtimeMs()).isGreaterThanOrEqualTo(20);
  }

  @Test
  void aQueuedJobThinksAfterItsIosInFlightComplete() {
    JobResult r =
        runFile(
                "[fsbench-think-q]\nrw=randread\nbs=4k\nsize=256k\nioengine=libaio\niodepth=8\n"
                    + "thinktime=2ms\nthinktime_blocks=8\nthinktime_spin=1ms\n")
            .get(0);

    assertThat(r.read().totalIos()).isEqualTo(64);
    assertThat(r.read().runtimeMs()).isGreaterThanOrEqualTo(16);
  }

  @Test
  void startDelayWaitsOutsideTheRuntime() {
    long before = System.nanoTime();
    JobResult r = runFile("[fsbench-late]\nrw=write\nbs=4k\nsize=64k\nstartdelay=300ms\n").get(0);
    long wallMs = (System.nanoTime() - before) / 1_000_000;

    assertThat(wallMs).isGreaterThanOrEqualTo(300);
    assertThat(r.write().runtimeMs()).isLessThan(wallMs - 250);
    assertThat(r.write().totalIos()).isEqualTo(16);
  }

  @Test
  void aJobBelowItsRateIopsMinFailsWithFiosMessage() {
    // a 50 ms think after every I/O caps it near 20 IOPS, below the minimum of 100
    String text =
        "[fsbench-slow]\nrw=read\nbs=4k\nsize=64k\ntime_based\nruntime=20s\n"
            + "thinktime=50ms\nrate_iops_min=100\n";

    assertThatThrownBy(() -> runFile(text))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("fsbench-slow: rate_iops_min=100 not met, got");
  }

  @Test
  void gtodReduceLeavesEveryLatencyAndBucketEmptyAsFio() {
    JobResult r =
        runFile(
                "[fsbench-gtod]\nrw=randwrite\nbs=4k\nsize=64k\nioengine=libaio\niodepth=2\ngtod_reduce=1\n")
            .get(0);

    assertThat(r.write().totalIos()).isEqualTo(16);
    assertThat(r.write().slat().n()).isZero();
    assertThat(r.write().clat().n()).isZero();
    assertThat(r.write().lat().n()).isZero();
    assertThat(r.latencyUs().values()).allMatch(v -> v == 0.0);
    assertThat(r.latencyNs().values()).allMatch(v -> v == 0.0);
  }

  @Test
  void percentileSwitchesChooseWhichLatenciesGetPercentiles() {
    JobResult r =
        runFile(
                "[fsbench-pct]\nrw=randread\nbs=4k\nsize=64k\nioengine=libaio\niodepth=2\n"
                    + "clat_percentiles=0\nlat_percentiles=1\nslat_percentiles=1\n"
                    + "percentile_list=50:99\n")
            .get(0);

    assertThat(r.read().clat().n()).isEqualTo(16);
    assertThat(r.read().clat().percentiles()).isEmpty();
    assertThat(r.read().lat().percentiles()).containsOnlyKeys(50.0, 99.0);
    assertThat(r.read().slat().percentiles()).containsOnlyKeys(50.0, 99.0);
  }

  @Test
  void disableClatEmptiesClatAndTheBucketsButKeepsTotalLatency() {
    JobResult r = runFile("[fsbench-noclat]\nrw=read\nbs=4k\nsize=64k\ndisable_clat=1\n").get(0);

    assertThat(r.read().clat().n()).isZero();
    assertThat(r.read().lat().n()).isEqualTo(16);
    assertThat(r.latencyUs().values()).allMatch(v -> v == 0.0);
  }

  @Test
  void aRatedIoDueAfterTheRuntimeIsNotIssued() {
    // fio 3.33: 10 reads (at 0, 102.4, ... 921.6 ms); the 11th, due at 1024 ms, is past the
    // runtime: rate_ddir sleeps until the runtime ends and does not issue it
    List<JobResult> r = runFile("[r]\nrw=read\nsize=128k\nrate=40000\nruntime=1\n");

    assertThat(r.get(0).read().totalIos()).isEqualTo(10);
  }
}
