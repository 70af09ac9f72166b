package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.PostMarkPhase;
import io.fsbench.api.PostMarkResult;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.RunResult;
import io.fsbench.cluster.ClientResult;
import io.fsbench.cluster.WorkloadTotals;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A stonewalled PostMark run's aggregate: every client adds what it did, cut short or not. */
class PostMarkAggregationTest {

  private static final PostMarkSpec SPEC =
      PostMarkSpec.builder().files(100).transactions(1000).build();

  @Test
  void clientsCutShortInTheTransactionsAddTheTransactionsAndFilesTheyDid() {
    ClientResult done = client("127.0.0.11:7800", result(1000, 520, Optional.empty()));
    ClientResult cut =
        client("127.0.0.12:7800", result(640, 410, Optional.of(PostMarkPhase.TRANSACTIONS)));
    ClientResult cutToo =
        client("127.0.0.13:7800", result(600, 400, Optional.of(PostMarkPhase.TRANSACTIONS)));

    WorkloadTotals all = (WorkloadTotals) Aggregation.of(List.of(done, cut, cutToo)).result();

    assertThat(all.metric("transactions").orElseThrow().value()).isEqualTo(2240);
    assertThat(all.metric("created.files").orElseThrow().value()).isEqualTo(1330);
    assertThat(all.metric("read.bytes").orElseThrow().value()).isEqualTo(3 * 4096);
    // the first client done was not cut: the aggregate counts the two clients that were
    assertThat(all.metric("transactions.cut_short").orElseThrow().value()).isEqualTo(2);
    assertThat(all.notAggregated()).contains("transactions_per_sec");
    assertThat(all.notAggregated()).doesNotContain("transactions.cut_short");
  }

  @Test
  void aCutShortFirstClientStillHasItsCutCountedAndTheOthersAddNothingToIt() {
    ClientResult cut =
        client("127.0.0.11:7800", result(0, 37, Optional.of(PostMarkPhase.CREATION)));
    ClientResult done = client("127.0.0.12:7800", result(1000, 520, Optional.empty()));

    WorkloadTotals all = (WorkloadTotals) Aggregation.of(List.of(cut, done)).result();

    assertThat(all.metric("creation.cut_short").orElseThrow().value()).isEqualTo(1);
    assertThat(all.metric("transactions").orElseThrow().value()).isEqualTo(1000);
    assertThat(all.metric("created.files").orElseThrow().value()).isEqualTo(557);
  }

  private static PostMarkResult result(
      long transactions, long created, Optional<PostMarkPhase> cut) {
    Duration creation = Duration.ofMillis(20);
    Duration run = Duration.ofMillis(transactions / 10 + 1);
    Duration deletion = cut.isPresent() ? Duration.ZERO : Duration.ofMillis(15);
    long alone = Math.min(created, 100);
    return new PostMarkResult(
        SPEC,
        creation.plus(run).plus(deletion),
        creation,
        run,
        deletion,
        transactions,
        created,
        alone,
        transactions / 2,
        transactions / 2,
        cut.isPresent() ? created / 2 : created,
        cut.isPresent() ? 0 : created / 2,
        4096,
        created * 5000L,
        cut);
  }

  private static ClientResult client(String address, PostMarkResult result) {
    RunResult base = Samples.run(Samples.writeJob(1, 1, Samples.latency(1, 2, 3, 4)));
    RunResult run =
        new RunResult(
            base.fsbenchVersion(),
            base.timestampMs(),
            "postmark",
            java.util.Map.of(),
            List.of(ClientTotals.of("postmark", result, 0)),
            base.environment(),
            base.volume());
    return new ClientResult(address, "host", run, 0, 1_000_000, 0, 0, 100);
  }
}
