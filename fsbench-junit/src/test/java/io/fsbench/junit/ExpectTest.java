package io.fsbench.junit;

import static io.fsbench.api.Size.kib;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.fsbench.FsBench;
import io.fsbench.Session;
import io.fsbench.api.RunResult;
import io.fsbench.api.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * Expectations on real runs: two small jobs in a temporary directory on fsbench's engine (no root,
 * no volume), checked with bounds that hold anywhere and bounds no machine reaches.
 */
class ExpectTest {

  @TempDir static Path temp;
  private static RunResult write;
  private static RunResult syncs;

  @BeforeAll
  static void run() throws IOException {
    FsBench fsbench = FsBench.builder().workDir(temp.resolve("fsbench-work")).build();
    Path target = Files.createDirectory(temp.resolve("fsbench-target"));
    try (Session session = fsbench.session(null, Target.directory(target)).open()) {
      write = session.randWrite(kib(4)).size(kib(512)).run();
      syncs = session.seqWrite(kib(4)).size(kib(64)).fdatasync(1).run();
    }
  }

  @Test
  void passesWhatTheRunMeasured() {
    Expect.that(write)
        .write()
        .iops()
        .atLeast(1)
        .bwBytes()
        .between(1, 1e15)
        .ioBytes()
        .atLeast(512 * 1024)
        .clatPercentile(99)
        .atMost(Duration.ofMinutes(1))
        .clatMean()
        .atLeast(Duration.ZERO)
        .clatPercentile(50)
        .between(Duration.ZERO, Duration.ofMinutes(1));
    Expect.that(write).metric("write.iops").atLeast(1);
    Expect.that(write).headline().atLeast(1);
    Expect.that(syncs).sync().count().atLeast(8).latPercentile(99).atMost(Duration.ofMinutes(1));
  }

  @Test
  void readsAMeasureAsTheQualificationDoes() {
    Expect.that(syncs).measure(io.fsbench.Measure.parse("fdatasync.p99")).atMost(60e9);
    Expect.that(write).measure(io.fsbench.Measure.iops()).atLeast(1);
    assertThatThrownBy(
            () -> Expect.that(write).measure(io.fsbench.Measure.parse("sync.p99")).atMost(1))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith(
            "sync.p99 is not in the run of randwrite-4k: the run made no fsync/fdatasync calls");
  }

  @Test
  void failsWithActualExpectedAndTheRunsParameters() {
    AssertionFailedError failure =
        catchThrowableOfType(
            AssertionFailedError.class, () -> Expect.that(write).write().iops().atLeast(1e12));

    assertThat(failure.getMessage())
        .startsWith("expected write IOPS to be at least 1000000000000 IOPS, but it was ")
        .contains("run: randwrite-4k on ")
        .contains("tuning defaults")
        .contains("job: randwrite-4k: rw=randwrite bs=4k size=512k");
    assertThat(failure.getExpected().getValue()).isEqualTo("at least 1000000000000 IOPS");
    assertThat(failure.getActual().getValue().toString()).endsWith(" IOPS");
  }

  @Test
  void failsALatencyBoundWithDurationsPeopleRead() {
    assertThatThrownBy(
            () -> Expect.that(write).write().clatPercentile(99).atMost(Duration.ofNanos(0)))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageStartingWith("expected write clat p99 to be at most 0 ns, but it was ")
        .hasMessageContaining("job: randwrite-4k");
    assertThatThrownBy(() -> Expect.that(write).write().clatMax().atLeast(Duration.ofHours(1)))
        .hasMessageStartingWith("expected write clat max to be at least 3600 s, but it was ");
  }

  @Test
  void failsADirectionTheJobDidNotUse() {
    assertThatThrownBy(() -> Expect.that(write).read().iops().atLeast(1))
        .hasMessageStartingWith("expected read IOPS to be at least 1 IOPS, but it was 0 IOPS");
    assertThatThrownBy(() -> Expect.that(write).read().clatPercentile(99))
        .hasMessageStartingWith("read clat p99 has no samples: the job did no read I/O");
    assertThatThrownBy(() -> Expect.that(write).write().latPercentile(50))
        .hasMessageStartingWith("write lat has no p50; the job recorded []");
    assertThatThrownBy(() -> Expect.that(write).write().slatPercentile(99))
        .hasMessageContaining("slat needs an asynchronous engine");
    assertThatThrownBy(() -> Expect.that(write).sync().latPercentile(99))
        .hasMessageStartingWith("the job made no sync calls");
  }

  @Test
  void failsAPercentileTheJobDidNotRecordListingThoseItDid() {
    assertThatThrownBy(() -> Expect.that(write).write().clatPercentile(42.5))
        .hasMessageStartingWith("write clat has no p42.5; the job recorded [")
        .hasMessageContaining("99.0");
  }

  @Test
  void failsAMetricTheResultDoesNotHaveListingThoseItHas() {
    assertThatThrownBy(() -> Expect.that(write).metric("write.files_per_sec"))
        .hasMessageStartingWith("the result of randwrite-4k has no metric 'write.files_per_sec'")
        .hasMessageContaining("write.clat.p99");
    assertThatThrownBy(() -> Expect.that(write).job("reader"))
        .hasMessageStartingWith("the run has no job named 'reader'; its jobs are [randwrite-4k]");
  }

  @Test
  void refusesBoundsThatAreNotNumbers() {
    assertThatThrownBy(() -> Expect.that(write).write().iops().atLeast(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected (NaN) must be a number");
    assertThatThrownBy(() -> Expect.that(write).write().iops().between(2, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
