package io.fsbench;

import static io.fsbench.api.Size.kib;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.RunResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.DoubleConsumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict, the budget and cancellation, with checks run by a fake runner on a fake clock; the
 * results it returns are real, from two small runs in a temporary directory.
 */
class QualificationTest {

  @TempDir static Path temp;
  private static RunResult write;
  private static RunResult syncs;

  private final FakeClock clock = new FakeClock();

  @BeforeAll
  static void run() throws IOException {
    FsBench fsbench = FsBench.builder().workDir(temp.resolve("fsbench-work")).build();
    Path target = Files.createDirectory(temp.resolve("fsbench-target"));
    try (Session session = fsbench.session(null, Target.directory(target)).open()) {
      write = session.randWrite(kib(4)).size(kib(512)).run();
      syncs = session.seqWrite(kib(4)).size(kib(64)).fdatasync(1).run();
    }
  }

  /** Runs nothing: returns a recorded result, moving the clock by each job's runtime. */
  private final class FakeRunner implements QualificationRun.Runner {
    final List<List<Workload>> ran = new ArrayList<>();
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch stopped = new CountDownLatch(1);
    boolean blocks;
    boolean closed;
    RunResult result = write;
    Duration extra = Duration.ZERO;

    @Override
    public void check(List<Workload> workloads) {}

    @Override
    public RunResult run(String name, List<Workload> workloads, DoubleConsumer progress) {
      ran.add(workloads);
      if (blocks) {
        entered.countDown();
        try {
          stopped.await();
        } catch (InterruptedException e) {
          throw new AssertionError("the runner's thread is never interrupted", e);
        }
        throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "the run was cancelled");
      }
      for (Workload w : workloads) {
        clock.advance(((JobSpec) w.spec()).runtime());
      }
      clock.advance(extra);
      return result;
    }

    @Override
    public void stop() {
      stopped.countDown();
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private final FakeRunner runner = new FakeRunner();

  private Qualification qualification() {
    return new Qualification(runner).clock(clock);
  }

  private static JobSpec timed(String name, int seconds) {
    return JobSpec.randWrite(kib(4))
        .name(name)
        .size(Size.mib(1))
        .runtime(Duration.ofSeconds(seconds))
        .timeBased()
        .build();
  }

  @Test
  void passesWithActualComparatorExpectedAndTheRunsParameters() {
    Verdict verdict = qualification().check("rw", timed("rw", 1), Measure.iops().atLeast(1)).run();

    assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.PASS);
    CheckResult check = verdict.checks().get(0);
    assertThat(check.reason()).isEmpty();
    CheckResult.Finding finding = check.findings().get(0);
    assertThat(finding.actual().getAsDouble()).isEqualTo(write.jobs().get(0).write().iops());
    assertThat(finding.expectation().comparator().symbol()).isEqualTo(">=");
    assertThat(finding.expectation().expected()).isEqualTo(1);
    assertThat(check.parameters()).containsEntry("rw", "randwrite").containsEntry("bs", "4k");
    assertThat(check.parameters()).containsKeys("filesystem", "mount_options");
    assertThat(check.environment()).isPresent();
    assertThat(runner.closed).isTrue();
  }

  @Test
  void failsAMissedRequirementSayingActualAndExpected() {
    Verdict verdict =
        qualification().check("rw", timed("rw", 1), Measure.iops().atLeast(1e12)).run();

    assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.FAIL);
    assertThat(verdict.checks().get(0).reason())
        .startsWith("iops was ")
        .endsWith("IOPS, expected >= 1000000000000 IOPS");
    assertThat(verdict.checks().get(0).findings().get(0).met()).isFalse();
  }

  @Test
  void anImplausibleResultIsInconclusiveWithTheReasonNotAPassOrAFail() {
    Verdict verdict =
        qualification()
            .check(
                "rw",
                timed("rw", 1),
                Measure.iops().atLeast(1e12),
                Measure.iops().plausibleBetween(1e12, 1e13))
            .run();

    assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
    assertThat(verdict.checks().get(0).reason())
        .startsWith("implausible result, not believed: iops ")
        .contains("outside the plausible band 1000000000000 IOPS..10000000000000 IOPS");
  }

  @Test
  void aMeasureTheRunLacksIsInconclusive() {
    JobSpec mixed = JobSpec.randReadWrite(kib(4)).name("rw").size(Size.mib(1)).build();
    Verdict verdict =
        qualification().check("rw", mixed, Measure.iops(Measure.Direction.READ).atLeast(1)).run();

    assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
    assertThat(verdict.checks().get(0).reason())
        .isEqualTo("read.iops could not be measured: the run did no reads");
  }

  @Test
  void judgesSyncLatencyAsTheEtcdCheckAsksForIt() {
    runner.result = syncs;
    Verdict verdict = qualification().check(Checks.etcdFdatasync()).run();

    CheckResult.Finding p99 = verdict.checks().get(0).findings().get(0);
    assertThat(p99.expectation().measure().name()).isEqualTo("sync.p99");
    assertThat(p99.actual().getAsDouble())
        .isEqualTo((double) syncs.jobs().get(0).sync().lat().percentile(99).orElseThrow());
    assertThat(verdict.checks().get(0).parameters())
        .containsEntry("bs", "2300")
        .containsEntry("fdatasync", "1")
        .containsEntry("size", "22m");
  }

  @Test
  void aRelativeExpectationIsAFactorOfTheBaselinesValue() {
    double baseline = write.jobs().get(0).write().iops();
    Expectation relative = Measure.iops().atLeast(0.85).of(write);

    assertThat(relative.expected()).isEqualTo(0.85 * baseline);
    assertThat(relative.basis()).startsWith("0.850 x baseline ").endsWith("(randwrite-4k)");
    assertThat(qualification().check("rw", timed("rw", 1), relative).run().outcome())
        .isEqualTo(Verdict.Outcome.PASS);
    assertThatThrownBy(() -> Measure.syncPercentile(99).atMost(1.2).of(write))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("the baseline (randwrite-4k) has no sync.p99");
  }

  @Test
  void aFailOutweighsAnInconclusiveAndAnInconclusiveAPass() {
    Verdict verdict =
        qualification()
            .check("a", timed("a", 1), Measure.iops().atLeast(1))
            .check("b", timed("b", 1), Measure.iops().plausibleBetween(1e12, 1e13))
            .check("c", timed("c", 1), Measure.iops().atLeast(1e12))
            .run();

    assertThat(verdict.checks())
        .extracting(CheckResult::outcome)
        .containsExactly(Verdict.Outcome.PASS, Verdict.Outcome.INCONCLUSIVE, Verdict.Outcome.FAIL);
    assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.FAIL);
  }

  @Test
  void sizesEachTimeBasedCheckToItsShareOfTheTimeLeft() {
    runner.extra = Duration.ofSeconds(1); // each check's setup
    Verdict verdict =
        qualification()
            .check("a", timed("a", 8))
            .check("b", timed("b", 8))
            .check("c", timed("c", 8))
            .within(Duration.ofSeconds(20))
            .run();

    // 20 s less a 3 s reserve (for volumes), in three: 5.666 s; then 13.334 s left less 15 %, in
    // two: 5.666 s; then the 6.668 s left less 15 %, all to the last: 5.667 s
    assertThat(runtimes()).containsExactly(5666L, 5666L, 5667L);
    assertThat(verdict.checks().get(0).parameters().get("budget"))
        .isEqualTo("a: runtime 8 s shortened to 5.666 s to fit the budget");
    assertThat(verdict.elapsed()).isLessThanOrEqualTo(Duration.ofSeconds(20));
    assertThat(verdict.budget()).isEqualTo(Duration.ofSeconds(20));
  }

  @Test
  void leavesAJobThatFitsItsShareAsItIs() {
    qualification().check("a", timed("a", 2)).within(Duration.ofMinutes(2)).run();

    assertThat(runtimes()).containsExactly(2000L);
  }

  @Test
  void capsAJobThatEndsByItsSizeAtItsShare() {
    BudgetSizing.Sized sized =
        BudgetSizing.size(Checks.etcdFdatasync().workloads(), Duration.ofSeconds(4));

    assertThat(((JobSpec) sized.workloads().get(0)).runtime()).isEqualTo(Duration.ofSeconds(4));
    assertThat(((JobSpec) sized.workloads().get(0)).timeBased()).isFalse();
    assertThat(sized.capMillis()).containsExactly(4000L);
    assertThat(sized.notes()).containsExactly("fdatasync: capped at 4 s to fit the budget");
  }

  @Test
  void reportsChecksLeftWithoutTimeAsNotRun() {
    runner.extra = Duration.ofSeconds(30);
    Verdict verdict =
        qualification()
            .check("a", timed("a", 1))
            .check("b", timed("b", 1))
            .within(Duration.ofSeconds(20))
            .run();

    assertThat(runner.ran).hasSize(1);
    CheckResult b = verdict.checks().get(1);
    assertThat(b.outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
    assertThat(b.reason()).isEqualTo("not run: the budget of 20 s was used up");
    assertThat(b.stoppedAtDeadline()).isTrue();
    assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
  }

  @Test
  void stopsACheckStillRunningAtTheDeadlineAndReportsItAsSuch() throws Exception {
    runner.blocks = true;
    Qualification.Handle handle =
        qualification()
            .check("a", timed("a", 1))
            .check("b", timed("b", 1))
            .within(Duration.ofSeconds(10))
            .start();
    runner.entered.await();
    clock.advance(Duration.ofSeconds(11)); // past the deadline and its grace

    Verdict verdict = handle.await();

    CheckResult a = verdict.checks().get(0);
    assertThat(a.outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
    assertThat(a.reason()).isEqualTo("stopped at the deadline (budget 10 s) before it finished");
    assertThat(a.stoppedAtDeadline()).isTrue();
    assertThat(verdict.checks().get(1).reason()).startsWith("not run: the budget");
    assertThat(runner.closed).isTrue();
  }

  @Test
  void cancelFromAnotherThreadStopsTheCheckSkipsTheRestAndReleasesEverything() throws Exception {
    runner.blocks = true;
    Qualification.Handle handle =
        qualification().check("a", timed("a", 1)).check("b", timed("b", 1)).start();
    runner.entered.await();

    handle.cancel();
    Verdict verdict = handle.await();

    assertThat(verdict.checks())
        .extracting(CheckResult::reason)
        .containsExactly("cancelled while it ran", "not run: the qualification was cancelled");
    assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
    assertThat(runner.ran).hasSize(1);
    assertThat(runner.closed).isTrue();
  }

  @Test
  void interruptingTheThreadInRunCancelsAndKeepsTheInterruptStatus() throws Exception {
    runner.blocks = true;
    Qualification qualification = qualification().check("a", timed("a", 1));
    AtomicReference<Verdict> verdict = new AtomicReference<>();
    AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
    Thread caller =
        new Thread(
            () -> {
              verdict.set(qualification.run());
              stillInterrupted.set(Thread.currentThread().isInterrupted());
            });
    caller.start();
    runner.entered.await();

    caller.interrupt();
    caller.join();

    assertThat(verdict.get().checks().get(0).reason()).isEqualTo("cancelled while it ran");
    assertThat(stillInterrupted.get()).isTrue();
    assertThat(runner.closed).isTrue();
  }

  @Test
  @org.junit.jupiter.api.Timeout(60)
  void cancelStopsRealIoWithinASecondAndLeavesNothingInTheDirectory() throws Exception {
    FsBench fsbench = FsBench.builder().workDir(temp.resolve("fsbench-work")).build();
    Path target = Files.createDirectory(temp.resolve("fsbench-cancel"));
    CountDownLatch writing = new CountDownLatch(1);
    Session session =
        fsbench
            .session(null, Target.directory(target))
            .status(
                Duration.ofMillis(50),
                soFar -> {
                  if (soFar.jobs().stream().anyMatch(j -> j.write().ioBytes() > 0)) {
                    writing.countDown();
                  }
                });
    Qualification.Handle handle =
        Qualification.on(session).check("long", timed("long", 60)).start();
    writing.await();

    long cancelled = System.nanoTime();
    handle.cancel();
    Verdict verdict = handle.await();

    // a second to stop the I/O, and a margin for a shared machine to remove the run's files
    assertThat(Duration.ofNanos(System.nanoTime() - cancelled)).isLessThan(Duration.ofSeconds(3));
    assertThat(verdict.checks().get(0).reason()).isEqualTo("cancelled while it ran");
    try (var left = Files.list(target)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void refusesAQualificationWithoutChecksTwoChecksOfOneNameAndABadBudget() {
    assertThatThrownBy(() -> qualification().run())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("needs at least one check");
    assertThatThrownBy(() -> qualification().check("a", timed("a", 1)).check("a", timed("a", 1)))
        .hasMessageContaining("check name (a) is given twice");
    assertThatThrownBy(() -> qualification().within(Duration.ZERO))
        .hasMessageContaining("within (PT0S) must be a positive time");
    assertThatThrownBy(() -> Qualification.on(Target.loop()))
        .hasMessageContaining("name it: Qualification.on(\"xfs\", target)");
  }

  @Test
  void refusesAnExpectationTheWorkloadCannotGiveBeforeAnythingRuns() {
    assertThatThrownBy(
            () -> Check.of("a", timed("a", 1), Measure.iops(Measure.Direction.READ).atLeast(1)))
        .hasMessageContaining("check a: read.iops measures reads, and a does none");
    assertThatThrownBy(() -> Check.of("a", timed("a", 1), Measure.syncPercentile(99).atMost(1e6)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("check a: sync.p99 reads fsync/fdatasync calls")
        .hasMessageContaining("give its job fdatasync=1");
    assertThatThrownBy(() -> Check.of("a", timed("a", 1), Measure.filesPerSec().atLeast(1)))
        .hasMessageContaining("files/s is measured on file workloads");
    assertThatThrownBy(() -> Check.of("a.b", timed("a", 1)))
        .hasMessageContaining("check name (a.b) must be");
  }

  private List<Long> runtimes() {
    return runner.ran.stream().map(w -> ((JobSpec) w.get(0)).runtime().toMillis()).toList();
  }
}
