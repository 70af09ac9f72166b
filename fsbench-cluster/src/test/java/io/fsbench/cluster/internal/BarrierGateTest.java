package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.FsBenchException;
import io.fsbench.cluster.internal.Messages.Arrived;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BarrierGateTest {

  private final LinkedBlockingQueue<Arrived> sent = new LinkedBlockingQueue<>();
  private final BarrierGate gate = new BarrierGate("run-1", sent::add);

  @Test
  void theRunWaitsAtTheBarrierUntilTheControllersGo() throws Exception {
    CompletableFuture<Void> phase = CompletableFuture.runAsync(() -> gate.await("create"));

    assertThat(sent.poll(10, TimeUnit.SECONDS)).isEqualTo(new Arrived("run-1", 0, "create"));
    assertThat(phase).isNotDone(); // it told the controller, and waits
    gate.go(0);
    phase.get(10, TimeUnit.SECONDS);
  }

  @Test
  void eachBarrierHasTheNextNumberAndAnEarlierGoDoesNotReleaseALaterOne() throws Exception {
    gate.go(0);
    gate.await("create"); // released already: returns at once
    CompletableFuture<Void> stat = CompletableFuture.runAsync(() -> gate.await("stat"));

    assertThat(sent.poll(10, TimeUnit.SECONDS).seq()).isZero();
    assertThat(sent.poll(10, TimeUnit.SECONDS)).isEqualTo(new Arrived("run-1", 1, "stat"));
    gate.go(0);
    assertThat(stat).isNotDone();
    gate.go(1);
    stat.get(10, TimeUnit.SECONDS);
  }

  @Test
  void aStoppedRunEndsItsWaitAtTheBarrierWithTheReason() throws Exception {
    CompletableFuture<Void> phase = CompletableFuture.runAsync(() -> gate.await("stat"));
    sent.poll(10, TimeUnit.SECONDS);

    gate.stop("the controller aborted it");

    assertThat(phase)
        .failsWithin(10, TimeUnit.SECONDS)
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause()
        .isInstanceOf(FsBenchException.class)
        .withMessageContaining("barrier before the stat phase")
        .withMessageContaining("the controller aborted it");
  }
}
