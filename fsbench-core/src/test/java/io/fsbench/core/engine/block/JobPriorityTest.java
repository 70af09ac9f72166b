package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.IoPriority;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Size;
import io.fsbench.core.nativeio.IoPriorities;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class JobPriorityTest {

  /** Applies the job's priority on a fresh thread, as a clone's, and reads it back there. */
  private static int appliedOnAThread(JobSpec spec) throws Exception {
    var executor = Executors.newSingleThreadExecutor();
    try {
      return CompletableFuture.supplyAsync(
              () -> {
                JobPriority.apply(spec);
                try {
                  return IoPriorities.ofThisThread();
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              },
              executor)
          .get();
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void theKernelReportsTheClassAndLevelTheJobAskedForOnItsThread() throws Exception {
    JobSpec idle =
        JobSpec.randRead(Size.kib(4)).name("p").priority(IoPriority.of(IoPriority.IDLE, 0)).build();
    JobSpec bestEffort =
        JobSpec.randRead(Size.kib(4)).name("p").priority(IoPriority.of(0, 6)).build();

    assertThat(appliedOnAThread(idle)).isEqualTo(IoPriority.IDLE << 13);
    assertThat(appliedOnAThread(bestEffort)).isEqualTo((IoPriority.BEST_EFFORT << 13) | 6);
  }

  @Test
  void aJobWithoutAPriorityLeavesTheThreadsAsItWas() throws Exception {
    JobSpec none = JobSpec.randRead(Size.kib(4)).name("p").build();
    int before =
        CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return IoPriorities.ofThisThread();
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                })
            .get();

    assertThat(appliedOnAThread(none)).isEqualTo(before);
  }
}
