package io.fsbench.workloads.postmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.PostMarkResult;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.Size;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.workloads.common.Syncer;
import io.fsbench.workloads.fsmark.RecordingSyncer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PostMarkRunnerTest {

  @TempDir Path dir;

  private final RecordingSyncer syncer = new RecordingSyncer();

  private PostMarkResult run(PostMarkSpec spec, Path where) {
    return new PostMarkRunner(syncer).run(spec, new DirectoryContext(where));
  }

  private PostMarkResult run(PostMarkSpec spec) {
    return run(spec, dir);
  }

  static Stream<PostMarkSpec> configurations() {
    return Stream.of(
        PostMarkSpec.builder().files(100).transactions(1000).build(),
        PostMarkSpec.builder()
            .files(50)
            .transactions(2000)
            .size(Size.bytes(100), Size.bytes(3000))
            .subdirectories(4)
            .readBlockSize(Size.kib(1))
            .writeBlockSize(Size.bytes(256))
            .biasRead(3)
            .biasCreate(7) // the pool fills its 100 slots: creates then find no free slot
            .buffering(false)
            .build(),
        PostMarkSpec.builder()
            .files(200)
            .transactions(500)
            .seed(7)
            .size(Size.bytes(700), Size.bytes(700))
            .biasRead(-1)
            .build(),
        // more seeds, since the early finish changed the loops every run goes through
        PostMarkSpec.builder().files(80).transactions(1500).seed(16).build(),
        PostMarkSpec.builder()
            .files(60)
            .transactions(1200)
            .seed(1234)
            .subdirectories(3)
            .biasCreate(6)
            .build());
  }

  @ParameterizedTest
  @MethodSource("configurations")
  void makesTheSameChoicesAsTheRealPostMark(PostMarkSpec spec) throws Exception {
    assumeTrue(RealPostMark.installed(), "postmark is not installed (apt-get install postmark)");
    Path theirs = Files.createDirectory(dir.resolve("theirs"));
    Path ours = Files.createDirectory(dir.resolve("ours"));
    Map<String, Long> expected = RealPostMark.run(spec, theirs);

    PostMarkResult result = run(spec, ours);

    assertThat(result.filesCreated()).isEqualTo(expected.get("created"));
    assertThat(result.filesCreatedAlone()).isEqualTo(expected.get("createdAlone"));
    assertThat(result.filesRead()).isEqualTo(expected.get("read"));
    assertThat(result.filesAppended()).isEqualTo(expected.get("appended"));
    assertThat(result.filesDeleted()).isEqualTo(expected.get("deleted"));
    assertThat(result.filesDeletedAlone()).isEqualTo(expected.get("deletedAlone"));
    if (expected.containsKey("bytesRead")) { // PostMark printed them exactly
      assertThat(result.bytesRead()).isEqualTo(expected.get("bytesRead"));
      assertThat(result.bytesWritten()).isEqualTo(expected.get("bytesWritten"));
    }
  }

  @Test
  void theSameSeedMakesTheSameRun() {
    PostMarkSpec spec = PostMarkSpec.builder().files(100).transactions(2000).build();
    PostMarkResult first = run(spec);
    PostMarkResult second = run(spec);

    assertThat(second.filesRead()).isEqualTo(first.filesRead());
    assertThat(second.filesAppended()).isEqualTo(first.filesAppended());
    assertThat(second.bytesWritten()).isEqualTo(first.bytesWritten());
    assertThat(run(spec.toBuilder().seed(43).build()).bytesWritten())
        .isNotEqualTo(first.bytesWritten());
  }

  @Test
  void defaultsGiveTheCountsPostMark153Reports() {
    // postmark 1.53 with no settings but the location reports these counts.
    PostMarkResult result = run(PostMarkSpec.builder().build());

    assertThat(result.transactions()).isEqualTo(500);
    assertThat(result.filesCreated()).isEqualTo(764);
    assertThat(result.filesRead()).isEqualTo(243);
    assertThat(result.filesAppended()).isEqualTo(257);
    assertThat(result.filesDeleted()).isEqualTo(764);
    assertThat(result.filesDeletedAlone()).isEqualTo(528);
  }

  @Test
  void countsAddUp() {
    PostMarkResult r = run(PostMarkSpec.builder().files(300).transactions(3000).build());

    assertThat(r.filesCreated()).isEqualTo(r.filesDeleted()); // everything is cleaned up
    assertThat(r.filesRead() + r.filesAppended()).isLessThanOrEqualTo(3000);
    assertThat(r.filesCreatedAlone()).isEqualTo(300);
    assertThat(r.totalTime()).isGreaterThanOrEqualTo(r.transactionTime());
    assertThat(r.metric("transactions_per_sec").orElseThrow().value()).isPositive();
  }

  @Test
  void leavesNoFileOrSubdirectoryBehind() throws IOException {
    run(PostMarkSpec.builder().files(50).transactions(500).subdirectories(5).build());

    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void runningOutOfFilesIsAnErrorAsInPostMarkWhichPrintsNoReport() throws IOException {
    PostMarkSpec deletesOnly =
        PostMarkSpec.builder().files(10).transactions(100).biasCreate(0).build();

    assertThatThrownBy(() -> run(deletesOnly))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("ran out of files after 10 of 100 transactions")
        .hasMessageContaining("increase the number of files");
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void theWarmUpNeverRunsOutOfFilesWhereTheRunCannot() {
    // one file, no creates or deletes: PostMark cannot run out of files (bench/vs-postmark.sh
    // seed 1 found the warm-up's own deletes failing this run)
    PostMarkSpec readsOnly =
        PostMarkSpec.builder().files(1).transactions(179).biasRead(10).biasCreate(-1).build();

    PostMarkResult result = run(readsOnly);

    assertThat(result.filesRead()).isEqualTo(179);
    assertThat(result.filesDeleted()).isEqualTo(1);
  }

  @Test
  void theFsyncExtensionSyncsEveryWrittenFile() {
    PostMarkResult r = run(PostMarkSpec.builder().files(20).transactions(200).fsync(true).build());

    assertThat(syncer.count("fsync")).isEqualTo(r.filesCreated() + r.filesAppended());
  }

  @Test
  void withoutTheFsyncExtensionNothingIsSynced() {
    run(PostMarkSpec.builder().files(20).transactions(200).build());

    assertThat(syncer.calls()).isEmpty();
  }

  @Test
  void theThreadsExtensionRunsIndependentInstancesWithConsecutiveSeeds() {
    PostMarkSpec one = PostMarkSpec.builder().files(40).transactions(400).build();
    PostMarkResult seed42 = run(one);
    PostMarkResult seed43 = run(one.toBuilder().seed(43).build());

    PostMarkResult both = run(one.toBuilder().threads(2).build());

    assertThat(both.filesRead()).isEqualTo(seed42.filesRead() + seed43.filesRead());
    assertThat(both.bytesWritten()).isEqualTo(seed42.bytesWritten() + seed43.bytesWritten());
    assertThat(both.transactions()).isEqualTo(800);
  }

  @Test
  void twoClientsInOneSharedDirectoryTagEveryNameThereAndRunAsTheyWouldAlone() throws Exception {
    Path alone = Files.createDirectory(dir.resolve("alone"));
    Path shared = Files.createDirectory(dir.resolve("shared"));
    PostMarkSpec pool = PostMarkSpec.builder().files(100).transactions(1000).fsync(true).build();
    PostMarkSpec[] specs = {
      pool.toBuilder().subdirectories(3).build(), pool.toBuilder().threads(2).build()
    };
    java.util.Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
    java.util.concurrent.atomic.AtomicInteger fsyncs =
        new java.util.concurrent.atomic.AtomicInteger();
    Syncer looking =
        new Syncer() {
          @Override
          public void fsync(NativePath file, FileSync call) throws IOException {
            if (fsyncs.incrementAndGet() % 25 == 0) {
              try (Stream<Path> names = Files.list(shared)) {
                names.forEach(p -> seen.add(p.getFileName().toString()));
              }
            }
          }

          @Override
          public void sync() {}

          @Override
          public void syncfs(Path anyPath) {}
        };
    PostMarkResult[] results = new PostMarkResult[2];
    Thread[] clients = new Thread[2];
    for (int c = 0; c < 2; c++) {
      int client = c;
      clients[c] =
          new Thread(
              () ->
                  results[client] =
                      new PostMarkRunner(looking, false)
                          .run(specs[client], new DirectoryContext(shared).sharedAs("c" + client)));
      clients[c].start();
    }
    for (Thread client : clients) {
      client.join();
    }

    assertThat(seen).contains("c0.s0", "c1.t0", "c1.t1");
    assertThat(seen).allMatch(name -> name.startsWith("c0.") || name.startsWith("c1."));
    for (int c = 0; c < 2; c++) {
      PostMarkResult byItself =
          new PostMarkRunner(syncer, false).run(specs[c], new DirectoryContext(alone));
      assertThat(results[c].filesRead()).isEqualTo(byItself.filesRead());
      assertThat(results[c].bytesWritten()).isEqualTo(byItself.bytesWritten());
    }
  }

  @Test
  void aPostMarkCanShareADirectory() {
    assertThat(new PostMarkRunner().cannotShare(PostMarkSpec.builder().build())).isEmpty();
  }
}
