package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.Environment;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Metric;
import io.fsbench.api.Repetition;
import io.fsbench.api.RunResult;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Unit;
import io.fsbench.api.VolumeInfo;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The comparison of cluster runs without a cluster: each run answered by a scripted function, so
 * that the schedule, what is recorded and what stops the comparison can be checked exactly.
 */
class ClusterComparisonRunnerTest {

  private static final Path NFS = Path.of("/mnt/nfs/fsbench");
  private static final Path CEPH = Path.of("/mnt/ceph/fsbench");

  /** Answers each job as a run of two clients whose headline is the run's number. */
  private static final class ScriptedCluster implements Function<ClusterJob, ClusterResult> {
    final List<ClusterJob> jobs = new ArrayList<>();
    final Map<Path, String> types;
    int failAt = -1;

    ScriptedCluster(Map<Path, String> types) {
      this.types = types;
    }

    @Override
    public ClusterResult apply(ClusterJob job) {
      jobs.add(job);
      if (jobs.size() == failAt) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "cluster run invalid: agent 127.0.0.3:7800 (c3) left the cluster in phase run");
      }
      String workload = job.work().name().isEmpty() ? "fsbench-check" : job.work().name();
      String type = types.get(job.directory());
      double n = jobs.size();
      return new ClusterResult(
          "t",
          List.of(client("c1", workload, type, n - 0.5), client("c2", workload, type, n + 0.5)),
          run(workload, type, n),
          1_000_000,
          Duration.ofNanos(250_000),
          Duration.ofSeconds(1),
          Duration.ofSeconds(1),
          Duration.ofMillis(300),
          Optional.empty());
    }

    /** The workloads run, in order, each with the column it ran in. */
    List<String> schedule() {
      return jobs.stream()
          .map(
              j ->
                  (j.work().name().isEmpty() ? "check" : j.work().name())
                      + "@"
                      + types.get(j.directory()))
          .toList();
    }
  }

  private static ClientResult client(String host, String workload, String type, double value) {
    return new ClientResult(host + ":7800", host, run(workload, type, value), 10, 20, 5, 0, 100);
  }

  private static RunResult run(String workload, String type, double headline) {
    Environment environment =
        new Environment("6.1", "cpu", 2, 1L << 30, "0.1.0", Map.of(), "c1", Instant.EPOCH);
    VolumeInfo volume =
        new VolumeInfo(
            "dir",
            Target.directory(NFS),
            Optional.empty(),
            NFS,
            Tuning.defaults(),
            new AppliedTuning(type, "rw", List.of(), Map.of(), Tuning.defaults()),
            Duration.ZERO,
            Duration.ZERO);
    WorkloadTotals totals =
        new WorkloadTotals(
            workload,
            List.of(new PhaseTotals("create", 100, 0, 0, Duration.ofSeconds(1))),
            List.of(Metric.of("create.files_per_sec", headline, Unit.FILES_PER_SEC)),
            "create.files_per_sec",
            List.of());
    return new RunResult("0.1.0", 0, workload, Map.of(), List.of(totals), environment, volume);
  }

  private static ClusterComparison.Builder twoByTwo() {
    return ClusterComparison.builder(2)
        .directory(NFS)
        .directory(CEPH)
        .workload("fsmark", Map.of("files", "100"))
        .workload("tree", Map.of())
        .repeat(2);
  }

  private static Comparison compare(ScriptedCluster cluster, ClusterComparison spec) {
    return new ClusterComparisonRunner(
            cluster, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), new ComparisonListener() {})
        .run(spec);
  }

  @Test
  void eachDirectoryIsCheckedThenEveryCellWarmedUpThenRunInRoundsOfRotatedOrder() {
    ScriptedCluster cluster = new ScriptedCluster(Map.of(NFS, "nfs4", CEPH, "ceph"));

    compare(cluster, twoByTwo().build());

    assertThat(cluster.schedule())
        .containsExactly(
            "check@nfs4",
            "check@ceph",
            "fsmark@nfs4",
            "fsmark@ceph",
            "tree@nfs4",
            "tree@ceph",
            "fsmark@nfs4",
            "fsmark@ceph",
            "tree@nfs4",
            "tree@ceph",
            "fsmark@ceph",
            "tree@nfs4",
            "tree@ceph",
            "fsmark@nfs4");
  }

  @Test
  void everyRepetitionRecordsTheAggregatesHeadlineWithTheRunsSkewAndClientSpread() {
    ScriptedCluster cluster = new ScriptedCluster(Map.of(NFS, "nfs4", CEPH, "ceph"));

    Comparison comparison = compare(cluster, twoByTwo().build());

    ComparisonCell fsmarkOnNfs = comparison.cells().get(0);
    assertThat(fsmarkOnNfs.workload()).isEqualTo("fsmark");
    assertThat(fsmarkOnNfs.fileSystem()).isEqualTo("nfs4");
    assertThat(fsmarkOnNfs.measured()).hasSize(2);
    // runs 7 and 14 of the schedule above; run 3 was its warm-up
    assertThat(fsmarkOnNfs.measured())
        .extracting(r -> r.result().headline().value())
        .containsExactly(7.0, 14.0);
    assertThat(fsmarkOnNfs.repetitions()).filteredOn(Repetition::warmUp).hasSize(1);
    Repetition first = fsmarkOnNfs.measured().get(0);
    assertThat(first.result().metric(ClusterRepetition.START_SKEW).orElseThrow().value())
        .isEqualTo(0.00025);
    assertThat(first.result().metric(ClusterRepetition.CLIENT_SPREAD).orElseThrow().value())
        .isCloseTo(100.0 / 7, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(first.result().toolJson()).hasValueSatisfying(j -> j.contains("client_stats"));
    assertThat(fsmarkOnNfs.summary("create.files_per_sec").orElseThrow().median()).isEqualTo(10.5);
    assertThat(fsmarkOnNfs.parameters()).containsEntry("cluster.clients", "2");
    assertThat(comparison.settings().baseline()).isEqualTo("nfs4");
    assertThat(comparison.warnings())
        .anyMatch(w -> w.contains("on 2 client(s)") && w.contains("c1 (c1:7800), c2 (c2:7800)"));
  }

  @Test
  void aLabelledColumnKeepsItsLabelAndTheBaselineMayNameIt() {
    ScriptedCluster cluster = new ScriptedCluster(Map.of(NFS, "nfs4", CEPH, "nfs4"));
    ClusterComparison spec =
        ClusterComparison.builder(2)
            .directory("old", NFS)
            .directory("new", CEPH)
            .workload("fsmark", Map.of())
            .repeat(1)
            .baseline("new")
            .build();

    Comparison comparison = compare(cluster, spec);

    assertThat(comparison.cells())
        .extracting(ComparisonCell::fileSystem)
        .containsExactly("old", "new");
    assertThat(comparison.settings().baseline()).isEqualTo("new");
  }

  @Test
  void twoUnlabelledColumnsOfOneFilesystemTypeAreRefusedBeforeTheFirstCell() {
    ScriptedCluster cluster = new ScriptedCluster(Map.of(NFS, "nfs4", CEPH, "nfs4"));

    assertThatThrownBy(() -> compare(cluster, twoByTwo().build()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("two directories are labelled nfs4")
        .hasMessageContaining("--dir nfs=" + CEPH);
    assertThat(cluster.schedule()).containsExactly("check@nfs4", "check@nfs4");
  }

  @Test
  void aBaselineThatNamesNoColumnIsRefusedBeforeTheFirstCell() {
    ScriptedCluster cluster = new ScriptedCluster(Map.of(NFS, "nfs4", CEPH, "ceph"));

    assertThatThrownBy(() -> compare(cluster, twoByTwo().baseline("xfs").build()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("baseline (xfs)")
        .hasMessageContaining("[nfs4, ceph]");
    assertThat(cluster.schedule()).hasSize(2);
  }

  @Test
  void aRunThatFailsStopsTheComparisonNamingTheCellTheRunAndTheAgent() {
    ScriptedCluster cluster = new ScriptedCluster(Map.of(NFS, "nfs4", CEPH, "ceph"));
    cluster.failAt = 8; // fsmark on ceph, its first measured run

    assertThatThrownBy(() -> compare(cluster, twoByTwo().build()))
        .isInstanceOfSatisfying(
            FsBenchException.class,
            e -> assertThat(e.kind()).isEqualTo(FsBenchException.Kind.RUN_FAILED))
        .hasMessageContaining("stopped at fsmark on ceph (" + CEPH + "), run 1")
        .hasMessageContaining("agent 127.0.0.3:7800 (c3) left the cluster in phase run")
        .hasMessageContaining("and reports no cell");
    assertThat(cluster.jobs).hasSize(8);
  }

  @Test
  void aFailedWarmUpIsNamedAsSuch() {
    ScriptedCluster cluster = new ScriptedCluster(Map.of(NFS, "nfs4", CEPH, "ceph"));
    cluster.failAt = 3;

    assertThatThrownBy(() -> compare(cluster, twoByTwo().build()))
        .hasMessageContaining("stopped at fsmark on nfs4 (" + NFS + "), warm-up run");
  }

  @Test
  void theCheckRunOfEachDirectoryIsASmallWriteInTheDirectoriesTheCellsUse() {
    ScriptedCluster cluster = new ScriptedCluster(Map.of(NFS, "nfs4", CEPH, "ceph"));

    compare(cluster, twoByTwo().perClientDir().build());

    ClusterJob check = cluster.jobs.get(0);
    assertThat(check.fioOptions()).contains("rw=write", "size=4k");
    assertThat(check.clients()).isEqualTo(2);
    assertThat(check.clientDirs()).isTrue();
    assertThat(cluster.jobs.get(2).clientDirs()).isTrue();
    assertThat(cluster.jobs.get(2).work().parameters()).containsEntry("files", "100");
  }
}
