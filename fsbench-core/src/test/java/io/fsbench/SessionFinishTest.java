package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import io.fsbench.api.JobResult;
import io.fsbench.api.RunResult;
import io.fsbench.api.Target;
import io.fsbench.spi.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Session.finish: a running block job ends early and still reports what it did. */
class SessionFinishTest {

  @TempDir Path temp;

  private FsBench fsbench;
  private Path target;

  @BeforeEach
  void setUp() throws Exception {
    fsbench = NonRootFixture.fsbench(mock(Host.class), temp);
    target = Files.createDirectory(temp.resolve("fsbench-target"));
  }

  @Test
  void aFinishedTimeBasedJobEndsLongBeforeItsRuntimeWithWhatItWrote() {
    try (Session session = fsbench.session(null, Target.directory(target))) {
      // asked for mid-run: from the first status report that shows the job writing
      session.status(
          Duration.ofMillis(100),
          soFar -> {
            if (soFar.jobs().get(0).write().ioBytes() > 0) {
              session.finish();
            }
          });
      RunResult run =
          session
              .fioJob(
                  List.of(
                      "name=fsbench-finish",
                      "rw=write",
                      "bs=4k",
                      "size=4m",
                      "time_based=1",
                      "runtime=60s"))
              .run();

      JobResult job = run.jobs().get(0);
      assertThat(job.jobRuntimeMs()).isLessThan(30_000);
      assertThat(job.write().ioBytes()).isPositive();
      assertThat(job.error()).isZero();
    }
  }

  @Test
  void aFinishBeforeTheRunEndsItAtOnceWithAnEmptyResultRatherThanAFailure() {
    try (Session session = fsbench.session(null, Target.directory(target))) {
      session.finish();
      RunResult run =
          session
              .fioJob(List.of("name=fsbench-finish", "rw=write", "bs=4k", "size=4m", "runtime=60s"))
              .run();

      assertThat(run.jobs().get(0).write().ioBytes()).isZero();
    }
  }
}
