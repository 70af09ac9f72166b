package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SyncGatesTest {

  private final ExecutorService pool = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  @Test
  void semblockProceedsOnlyAfterPostsAddUpToItsValue() throws Exception {
    SyncGates.Semaphore semaphore = new SyncGates.Semaphore(1);
    Future<Boolean> blocked = pool.submit(() -> semaphore.block(3, () -> false));

    assertThat(semaphore.post(1, false, () -> false)).isTrue();
    assertThat(semaphore.post(1, false, () -> false)).isTrue();
    assertThatThrownBy(() -> blocked.get(200, TimeUnit.MILLISECONDS))
        .isInstanceOf(TimeoutException.class);
    assertThat(semaphore.low()).isEqualTo(2);

    semaphore.post(1, false, () -> false);

    assertThat(blocked.get(10, TimeUnit.SECONDS)).isTrue();
    assertThat(semaphore.low()).isZero();
  }

  @Test
  void blockingPostWaitsUntilTheBlockerMakesRoomAboveHighwater() throws Exception {
    SyncGates.Semaphore semaphore = new SyncGates.Semaphore(1);
    assertThat(semaphore.post(1, true, () -> false)).isTrue(); // uses the highwater of 1

    Future<Boolean> second = pool.submit(() -> semaphore.post(1, true, () -> false));
    assertThatThrownBy(() -> second.get(200, TimeUnit.MILLISECONDS))
        .isInstanceOf(TimeoutException.class);
    assertThat(semaphore.low()).isEqualTo(1);

    assertThat(semaphore.block(1, () -> false)).isTrue(); // adds 1 to the high-water count

    assertThat(second.get(10, TimeUnit.SECONDS)).isTrue();
    assertThat(semaphore.low()).isEqualTo(1);
  }

  @Test
  void aStoppedRunReleasesAWaitingSemblock() throws Exception {
    SyncGates.Semaphore semaphore = new SyncGates.Semaphore(1);
    AtomicLong stop = new AtomicLong();
    Future<Boolean> blocked = pool.submit(() -> semaphore.block(1, () -> stop.get() != 0));
    stop.set(1);
    assertThat(blocked.get(5, TimeUnit.SECONDS)).isFalse();
  }

  @Test
  void wakeupReleasesABlockedFlowop() throws Exception {
    SyncGates.Wakeup wakeup = new SyncGates.Wakeup();
    CompletableFuture<Boolean> waiting = new CompletableFuture<>();
    Thread blocker =
        new Thread(
            () -> {
              try {
                waiting.complete(wakeup.block(() -> false));
              } catch (InterruptedException e) {
                waiting.complete(false);
              }
            });
    blocker.start();
    while (!waiting.isDone() && blocker.getState() != Thread.State.TIMED_WAITING) {
      Thread.onSpinWait();
    }
    wakeup.wake();
    assertThat(waiting.get(10, TimeUnit.SECONDS)).isTrue();
  }
}
