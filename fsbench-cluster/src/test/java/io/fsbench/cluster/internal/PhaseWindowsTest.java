package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.FsMarkPhaseResult;
import io.fsbench.api.FsMarkResult;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.MetadataOperation;
import io.fsbench.api.OperationLatency;
import io.fsbench.cluster.ClientResult;
import io.fsbench.cluster.PhaseTotals;
import io.fsbench.cluster.WorkloadTotals;
import io.fsbench.cluster.internal.Messages.ClientReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PhaseWindowsTest {

  private static final Instant T0 = Instant.parse("2026-12-03T12:00:00Z");

  @Test
  void overlappingWindowsCountFromTheFirstStartToTheLastEnd() {
    PhaseTotals all =
        PhaseWindows.union(List.of(window(0, 300, 100), window(50, 400, 200), window(10, 100, 30)));

    assertThat(all.time()).isEqualTo(Duration.ofMillis(450));
    assertThat(all.started()).isEqualTo(T0);
    assertThat(all.ended()).isEqualTo(T0.plusMillis(450));
    assertThat(all.files()).isEqualTo(330);
    assertThat(all.filesPerSec()).isEqualTo(330 / 0.450, within());
  }

  @Test
  void aGapBetweenClientsWindowsCountsNot() {
    PhaseTotals all = PhaseWindows.union(List.of(window(0, 100, 10), window(300, 200, 10)));

    assertThat(all.time()).isEqualTo(Duration.ofMillis(300)); // 100 + 200, not 500
    assertThat(all.span()).isEqualTo(Duration.ofMillis(500));
    assertThat(all.filesPerSec()).isEqualTo(20 / 0.300, within());
  }

  @Test
  void aWindowInsideAnotherCountsOnce() {
    PhaseTotals all =
        PhaseWindows.union(List.of(window(0, 1000, 1), window(200, 100, 1), window(900, 50, 1)));

    assertThat(all.time()).isEqualTo(Duration.ofMillis(1000));
  }

  @Test
  void windowsInSkewedAgentClocksAreUnitedInTheControllersClock() {
    // both clients start the phase at the same controller time; their clocks are 5 s ahead and 3 s
    // behind, and each reports in its own
    ClientResult ahead = client("127.0.0.11:7800", 5_000_000, 300);
    ClientResult behind = client("127.0.0.12:7800", -3_000_000, 200);

    WorkloadTotals all = (WorkloadTotals) Aggregation.of(List.of(ahead, behind)).result();

    PhaseTotals create = all.phases().get(0);
    assertThat(create.started()).isEqualTo(T0);
    assertThat(create.time()).isEqualTo(Duration.ofMillis(300)); // not 8.3 s apart
    assertThat(create.files()).isEqualTo(2000);
    assertThat(own(ahead).started()).isEqualTo(T0);
    assertThat(own(behind).ended()).isEqualTo(T0.plusMillis(200));
  }

  private static PhaseTotals own(ClientResult client) {
    return ((WorkloadTotals) client.run().result()).phases().get(0);
  }

  private static PhaseTotals window(long startMs, long lengthMs, long files) {
    return PhaseTotals.of("stat", files, 0, 0, T0.plusMillis(startMs), Duration.ofMillis(lengthMs));
  }

  /** A client whose clock is {@code offsetMicros} ahead, its create phase starting at T0. */
  private static ClientResult client(String address, long offsetMicros, long createMs) {
    FsMarkPhaseResult create =
        new FsMarkPhaseResult(
            MetadataOperation.CREATE,
            1000,
            Duration.ofMillis(createMs),
            1000 / (createMs / 1e3),
            1000 / (createMs / 1e3),
            Duration.ofMillis(1),
            List.of(new OperationLatency("file", 1000, 1, 2, 1, 2, 3, 4, 5)),
            false,
            Optional.of(T0)); // on the agent's system clock, which agrees with the controller's
    FsMarkResult result = new FsMarkResult(FsMarkSpec.builder().build(), "syncfs", List.of(create));
    // the agent's clock reads offsetMicros more than its system clock
    WorkloadTotals totals = ClientTotals.of("fsmark", result, offsetMicros);
    long startMicros = T0.toEpochMilli() * 1000 + offsetMicros;
    ClientReport report =
        new ClientReport(
            "host",
            address,
            "0.1.0",
            1,
            "fsmark",
            Map.of(),
            List.of(),
            Map.of("kernel", "6.1"),
            1,
            "/mnt/shared/x",
            "rw",
            "nfs",
            startMicros,
            startMicros,
            startMicros + createMs * 1000,
            totals);
    return ClientResults.of(report, address, offsetMicros, 100);
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-6);
  }
}
