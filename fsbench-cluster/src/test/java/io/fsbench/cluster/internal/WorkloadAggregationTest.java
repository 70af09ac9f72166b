package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsMarkPhaseResult;
import io.fsbench.api.FsMarkResult;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.MetadataOperation;
import io.fsbench.api.OperationLatency;
import io.fsbench.api.RunResult;
import io.fsbench.cluster.ClientResult;
import io.fsbench.cluster.PhaseTotals;
import io.fsbench.cluster.WorkloadTotals;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WorkloadAggregationTest {

  private static final Instant T0 = Instant.parse("2026-12-03T12:00:00Z");

  @Test
  void theAggregateOfThreeFsMarkClientsHasTheExactSumsOfTheirCountsPerPhase() {
    List<ClientResult> clients =
        List.of(
            client("127.0.0.11:7800", 1000, 400, 250, 180),
            client("127.0.0.12:7800", 1000, 400, 310, 120),
            client("127.0.0.13:7800", 999, 398, 280, 200));

    WorkloadTotals all = (WorkloadTotals) Aggregation.of(clients).result();

    PhaseTotals create = all.phases().get(0);
    assertThat(create.phase()).isEqualTo("create");
    assertThat(create.files()).isEqualTo(2999);
    // the clients started each phase together: the union of their windows is the slowest's
    assertThat(create.time()).isEqualTo(Duration.ofMillis(310));
    assertThat(create.bytes())
        .isEqualTo(2999L * 51_200); // fs_mark's default file size, written whole
    assertThat(all.phases().get(1).bytes()).isZero(); // stat moves no data
    assertThat(all.metric("create.files").orElseThrow().value()).isEqualTo(2999);
    assertThat(all.metric("create.files_per_sec").orElseThrow().value())
        .isEqualTo(2999 / 0.310, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(all.metric("stat.files").orElseThrow().value()).isEqualTo(1198);
    assertThat(all.metric("stat.seconds").orElseThrow().value()).isEqualTo(0.200);
    assertThat(all.metric("create.count").orElseThrow().value()).isEqualTo(2999);
    assertThat(all.headline().name()).isEqualTo("create.files_per_sec");
  }

  @Test
  void percentilesAreNotAggregatedButNamedAsLeftOut() {
    List<ClientResult> clients =
        List.of(
            client("127.0.0.11:7800", 1000, 400, 250, 180),
            client("127.0.0.12:7800", 1000, 400, 310, 120));

    WorkloadTotals all = (WorkloadTotals) Aggregation.of(clients).result();

    assertThat(all.metric("create.lat.p99")).isEmpty();
    assertThat(all.notAggregated()).contains("create.lat.p99", "create.lat.p50", "create.lat.mean");
    assertThat(all.metrics()).noneMatch(m -> m.name().contains(".lat."));
  }

  @Test
  void fsMarksPerThreadSumRateAddsAsItsOwnDefinitionDoes() {
    List<ClientResult> clients =
        List.of(
            client("127.0.0.11:7800", 1000, 400, 250, 180),
            client("127.0.0.12:7800", 1000, 400, 500, 120));

    WorkloadTotals all = (WorkloadTotals) Aggregation.of(clients).result();

    assertThat(all.metric("create.per_thread_sum.files_per_sec").orElseThrow().value())
        .isEqualTo(1000 / 0.25 + 1000 / 0.5, org.assertj.core.data.Offset.offset(1e-6));
  }

  @Test
  void aClientStonewalledAfterItsFirstPhaseCountsNothingForThePhasesItDidNotReach() {
    ClientResult two = client("127.0.0.11:7800", 1000, 400, 250, 180);
    RunResult oneRun = run(fsmark(600, 250, List.of()));
    ClientResult one = new ClientResult("127.0.0.12:7800", "h", oneRun, 0, 1000, 0, 0, 10);

    WorkloadTotals all = (WorkloadTotals) Aggregation.of(List.of(one, two)).result();

    assertThat(all.phases()).extracting(PhaseTotals::phase).containsExactly("create", "stat");
    assertThat(all.phases().get(0).files()).isEqualTo(1600);
    assertThat(all.phases().get(1).files()).isEqualTo(400);
    assertThat(all.metric("stat.files").orElseThrow().value()).isEqualTo(400);
  }

  @Test
  void clientsWhosePhasesDifferOtherThanByAStonewallAreRefusedByName() {
    ClientResult two = client("127.0.0.11:7800", 1000, 400, 250, 180);
    FsMarkPhaseResult delete =
        new FsMarkPhaseResult(
            MetadataOperation.DELETE,
            1000,
            Duration.ofMillis(100),
            1e4,
            1e4,
            Duration.ofMillis(1),
            List.of(latency(1000)),
            false,
            Optional.of(T0.plusSeconds(1)));
    RunResult otherRun = run(fsmark(1000, 250, List.of(delete)));
    ClientResult other = new ClientResult("127.0.0.12:7800", "h", otherRun, 0, 1000, 0, 0, 10);

    assertThatThrownBy(() -> Aggregation.of(List.of(two, other)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("127.0.0.12:7800")
        .hasMessageContaining("[create, delete]");
  }

  private static ClientResult client(
      String address, long created, long statted, long createMs, long statMs) {
    FsMarkPhaseResult stat =
        new FsMarkPhaseResult(
            MetadataOperation.STAT,
            statted,
            Duration.ofMillis(statMs),
            statted / (statMs / 1e3),
            statted / (statMs / 1e3),
            Duration.ofMillis(1),
            List.of(latency(statted)),
            false,
            Optional.of(T0.plusSeconds(1)));
    RunResult run = run(fsmark(created, createMs, List.of(stat)));
    return new ClientResult(address, "host", run, 0, (createMs + statMs) * 1000, 0, 0, 100);
  }

  private static FsMarkResult fsmark(long created, long createMs, List<FsMarkPhaseResult> more) {
    FsMarkPhaseResult create =
        new FsMarkPhaseResult(
            MetadataOperation.CREATE,
            created,
            Duration.ofMillis(createMs),
            created / (createMs / 1e3),
            created / (createMs / 1e3),
            Duration.ofMillis(2),
            List.of(latency(created)),
            false,
            Optional.of(T0));
    List<FsMarkPhaseResult> phases = new java.util.ArrayList<>(List.of(create));
    phases.addAll(more);
    return new FsMarkResult(FsMarkSpec.builder().build(), "syncfs", phases);
  }

  private static OperationLatency latency(long count) {
    return new OperationLatency("file", count, 1000, 2000.5, 1800, 3000, 9000, 20_000, 50_000);
  }

  private static RunResult run(FsMarkResult result) {
    RunResult base = Samples.run(Samples.writeJob(1, 1, Samples.latency(1, 2, 3, 4)));
    return new RunResult(
        base.fsbenchVersion(),
        base.timestampMs(),
        "fsmark",
        java.util.Map.of(),
        List.of(ClientTotals.of("fsmark", result, 0)),
        base.environment(),
        base.volume());
  }
}
