package io.fsbench.workloads.postmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.PostMarkPhase;
import io.fsbench.api.PostMarkResult;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.engine.RunNames;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.workloads.common.Syncer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoublePredicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session.finish on PostMark: the phase under way ends after its file or transaction, no later
 * phase runs, the files left are removed but not counted as PostMark's deletion.
 */
class PostMarkFinishTest {

  @TempDir Path dir;

  private static final PostMarkSpec POOL =
      PostMarkSpec.builder().files(100).transactions(1000).fsync(true).build();

  @Test
  void aFinishDuringTheCreationEndsThePoolAfterTheFileUnderWayAndRunsNoTransactions()
      throws IOException {
    DirectoryContext context = new DirectoryContext(dir);
    FsyncCounter syncer = new FsyncCounter(10, context::finish);

    PostMarkResult result = new PostMarkRunner(syncer, false).run(POOL, context);

    assertThat(result.phaseCutShort()).contains(PostMarkPhase.CREATION);
    assertThat(result.cutShort()).isTrue();
    assertThat(result.filesCreatedAlone()).isEqualTo(10);
    assertThat(result.filesCreated()).isEqualTo(10);
    assertThat(result.transactions()).isZero();
    assertThat(result.filesDeleted()).isZero();
    assertThat(result.transactionTime()).isEqualTo(Duration.ZERO);
    assertThat(result.deletionTime()).isEqualTo(Duration.ZERO);
    assertThat(result.totalTime()).isEqualTo(result.creationTime());
    assertThat(result.metric("creation.cut_short").orElseThrow().value()).isEqualTo(1);
    assertThat(result.report()).contains("Cut short: a finish ended the creation phase");
    assertNoFileLeft();
  }

  @Test
  void aFinishDuringTheTransactionsEndsThemAfterTheOneUnderWayAndRemovesTheRestUncounted()
      throws IOException {
    DirectoryContext context = new DirectoryContext(dir);
    FsyncCounter syncer = new FsyncCounter(100 + 50, context::finish);

    PostMarkResult result = new PostMarkRunner(syncer, false).run(POOL, context);

    assertThat(result.phaseCutShort()).contains(PostMarkPhase.TRANSACTIONS);
    assertThat(result.filesCreatedAlone()).isEqualTo(100);
    assertThat(result.transactions()).isPositive().isLessThan(POOL.transactions());
    // the transaction under way, which may append and create, still writes: at most one more
    assertThat(result.filesCreated() + result.filesAppended()).isBetween(150L, 151L);
    assertThat(syncer.fsyncs.get()).isEqualTo(result.filesCreated() + result.filesAppended());
    // no deletion phase ran: every delete counted is one of the transactions'
    assertThat(result.filesDeletedAlone()).isZero();
    assertThat(result.filesDeleted()).isLessThan(result.filesCreated());
    assertThat(result.deletionTime()).isEqualTo(Duration.ZERO);
    assertThat(result.totalTime()).isEqualTo(result.creationTime().plus(result.transactionTime()));
    assertThat(result.transactionsPerSec())
        .isEqualTo(result.transactions() / (result.transactionTime().toNanos() / 1e9));
    assertThat(result.metric("transactions.cut_short")).isPresent();
    assertThat(result.metric("creation.cut_short")).isEmpty();
    assertNoFileLeft();
  }

  @Test
  void aFinishAsTheDeletionStartsCutsItShortAfterAllTheTransactionsAndStillLeavesNothing()
      throws IOException {
    DirectoryContext context = new DirectoryContext(dir);
    // the barrier after the transactions reports 2/3 just before the deletion starts
    WorkloadContext finishing = new FinishingAt(context, f -> f > 0.6 && f < 0.7);

    PostMarkResult result =
        new PostMarkRunner(new FsyncCounter(0, () -> {}), false).run(POOL, finishing);

    assertThat(result.phaseCutShort()).contains(PostMarkPhase.DELETION);
    assertThat(result.transactions()).isEqualTo(POOL.transactions());
    assertThat(result.filesDeletedAlone()).isZero();
    assertThat(result.totalTime())
        .isEqualTo(
            result.creationTime().plus(result.transactionTime()).plus(result.deletionTime()));
    assertThat(result.metric("deletion.cut_short")).isPresent();
    assertNoFileLeft();
  }

  @Test
  void aFinishBeforeTheRunCutsTheCreationAtItsFirstFileRatherThanRunningOutOfFiles()
      throws IOException {
    DirectoryContext context = new DirectoryContext(dir);
    context.finish();

    PostMarkResult result =
        new PostMarkRunner(new FsyncCounter(0, () -> {}), false).run(POOL, context);

    assertThat(result.phaseCutShort()).contains(PostMarkPhase.CREATION);
    assertThat(result.filesCreated()).isZero();
    assertThat(result.transactions()).isZero();
    assertThat(result.transactionsPerSec()).isZero();
    assertNoFileLeft();
  }

  @Test
  void aFinishAfterTheLastFileCutsNothingShort() {
    DirectoryContext context = new DirectoryContext(dir);
    PostMarkResult result =
        new PostMarkRunner(new FsyncCounter(0, () -> {}), false).run(POOL, context);
    context.finish();

    assertThat(result.cutShort()).isFalse();
    assertThat(result.phaseCutShort()).isEmpty();
    assertThat(result.metrics()).noneMatch(m -> m.name().endsWith(".cut_short"));
    assertThat(result.report()).doesNotContain("Cut short");
    assertThat(result.filesDeleted()).isEqualTo(result.filesCreated());
  }

  @Test
  void aFinishStopsEveryInstanceOfTheThreadsExtension() throws IOException {
    DirectoryContext context = new DirectoryContext(dir);
    PostMarkSpec two = POOL.toBuilder().threads(2).build();
    // both pools are made (200 files) before the transactions' writes reach 260
    FsyncCounter syncer = new FsyncCounter(260, context::finish);

    PostMarkResult result = new PostMarkRunner(syncer, false).run(two, context);

    assertThat(result.phaseCutShort()).contains(PostMarkPhase.TRANSACTIONS);
    assertThat(result.filesCreatedAlone()).isEqualTo(200);
    assertThat(result.transactions()).isLessThan(2L * POOL.transactions());
    assertNoFileLeft();
  }

  private void assertNoFileLeft() throws IOException {
    try (Stream<Path> left = Files.walk(dir)) {
      assertThat(left.filter(Files::isRegularFile)).isEmpty();
    }
  }

  /** Counts the fsyncs (making none) and calls {@code then} at the {@code at}-th one. */
  private static final class FsyncCounter implements Syncer {
    final AtomicInteger fsyncs = new AtomicInteger();
    private final int at;
    private final Runnable then;

    FsyncCounter(int at, Runnable then) {
      this.at = at;
      this.then = then;
    }

    @Override
    public void fsync(NativePath file, FileSync call) {
      if (fsyncs.incrementAndGet() == at) {
        then.run();
      }
    }

    @Override
    public void sync() {}

    @Override
    public void syncfs(Path anyPath) {}
  }

  /** A test context that asks for the finish when the run reports a given progress. */
  private record FinishingAt(DirectoryContext context, DoublePredicate when)
      implements WorkloadContext {
    @Override
    public void progress(double fraction) {
      context.progress(fraction);
      if (when.test(fraction)) {
        context.finish();
      }
    }

    @Override
    public Path directory() {
      return context.directory();
    }

    @Override
    public RunNames names() {
      return context.names();
    }

    @Override
    public Optional<Volume> volume() {
      return Optional.empty();
    }

    @Override
    public long nanoTime() {
      return System.nanoTime();
    }

    @Override
    public long currentTimeMillis() {
      return System.currentTimeMillis();
    }

    @Override
    public void whenFinishRequested(Runnable stop) {
      context.whenFinishRequested(stop);
    }

    @Override
    public boolean cancelled() {
      return false;
    }
  }
}
