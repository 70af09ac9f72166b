package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ThreadCpuTest {

  @Test
  void threadCpuTimeGrowsMonotonicallyWhileTheThreadComputes() {
    CpuUsage first = ThreadCpu.thread();
    CpuUsage previous = first;
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (total(previous.minus(first)).compareTo(Duration.ofMillis(20)) < 0
        && System.nanoTime() < deadline) {
      spin(Duration.ofMillis(1));
      CpuUsage now = ThreadCpu.thread();
      assertThat(total(now)).isGreaterThanOrEqualTo(total(previous));
      previous = now;
    }
    CpuUsage used = previous.minus(first);
    assertThat(total(used)).isGreaterThanOrEqualTo(Duration.ofMillis(20));
    assertThat(used.user().isNegative()).isFalse();
    assertThat(used.voluntaryContextSwitches()).isNotNegative();
  }

  private static Duration total(CpuUsage usage) {
    return usage.user().plus(usage.system());
  }

  @Test
  void processUsageIncludesTheThreads() {
    CpuUsage thread = ThreadCpu.thread();
    CpuUsage process = ThreadCpu.process();
    assertThat(process.user().plus(process.system()))
        .isGreaterThanOrEqualTo(thread.user().plus(thread.system()));
    assertThat(process.minorFaults()).isGreaterThanOrEqualTo(thread.minorFaults());
  }

  @Test
  void threadIdIsTheKernelsIdOfThisThread() throws Exception {
    Path self = Files.readSymbolicLink(Path.of("/proc/thread-self"));
    assertThat(self.getFileName().toString()).isEqualTo(Integer.toString(ThreadCpu.threadId()));
  }

  @Test
  void threadsHaveTheirOwnUsage() throws Exception {
    CpuUsage[] other = new CpuUsage[1];
    Thread idle = new Thread(() -> other[0] = ThreadCpu.thread());
    CpuUsage start = ThreadCpu.thread();
    while (total(ThreadCpu.thread().minus(start)).compareTo(Duration.ofMillis(50)) < 0) {
      spin(Duration.ofMillis(1));
    }
    idle.start();
    idle.join();
    CpuUsage mine = ThreadCpu.thread();
    assertThat(other[0].user().plus(other[0].system())).isLessThan(mine.user().plus(mine.system()));
  }

  private static long spin(Duration duration) {
    long end = System.nanoTime() + duration.toNanos();
    long x = 1;
    while (System.nanoTime() < end) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    return x;
  }
}
