package io.fsbench.workloads.fsmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.FsMarkPhaseResult;
import io.fsbench.api.FsMarkResult;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.FsMarkSyncPolicy;
import io.fsbench.api.MetadataOperation;
import io.fsbench.api.Size;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.workloads.common.Syncer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FsMarkRunnerTest {

  @TempDir Path dir;

  private final RecordingSyncer syncer = new RecordingSyncer();

  private FsMarkResult run(FsMarkSpec spec) {
    return new FsMarkRunner(syncer).run(spec, new DirectoryContext(dir));
  }

  private static FsMarkSpec.Builder small() {
    return FsMarkSpec.builder().files(4).fileSize(Size.bytes(10)).writeChunk(Size.bytes(4));
  }

  private List<Path> regularFiles() throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
    }
  }

  @Test
  void keptFilesHaveTheirSizeAndSitFilesPerDirToALeafAtTheGivenDepth() throws IOException {
    FsMarkResult result =
        run(
            FsMarkSpec.builder()
                .files(60)
                .threads(3)
                .fileSize(Size.bytes(10_000))
                .writeChunk(Size.kib(4))
                .filesPerDir(25)
                .depth(2)
                .sync(FsMarkSyncPolicy.NONE)
                .keepFiles()
                .build());

    List<Path> files = regularFiles();
    assertThat(files).hasSize(180);
    for (Path file : files) {
      assertThat(Files.size(file)).isEqualTo(10_000);
      assertThat(dir.relativize(file).getNameCount()).isEqualTo(3);
    }
    Map<Path, Long> perDirectory =
        files.stream().collect(Collectors.groupingBy(Path::getParent, Collectors.counting()));
    assertThat(perDirectory).hasSize(8); // ceil(180 / 25)
    assertThat(perDirectory.values()).allMatch(n -> n <= 25);
    FsMarkPhaseResult create = result.phase(MetadataOperation.CREATE).orElseThrow();
    assertThat(create.files()).isEqualTo(180);
    assertThat(create.latency("write").orElseThrow().count()).isEqualTo(180 * 3); // 4k+4k+1808
    assertThat(create.latency("open").orElseThrow().count()).isEqualTo(180);
    assertThat(create.latency("fsync")).isEmpty();
    assertThat(result.phases()).hasSize(1);
  }

  @Test
  void everyPhaseWaitsAtTheGateFirstAndTheRunPassesTheEndGateAfterTheLast() {
    List<String> gates = new java.util.ArrayList<>();
    java.time.Instant before = java.time.Instant.now().minusMillis(1); // the context's is in ms

    FsMarkResult result =
        new FsMarkRunner(syncer, false)
            .run(
                small()
                    .sync(FsMarkSyncPolicy.NONE)
                    .operations(
                        MetadataOperation.CREATE, MetadataOperation.STAT, MetadataOperation.DELETE)
                    .build(),
                new DirectoryContext(dir).phaseGate(gates::add));

    assertThat(gates).containsExactly("create", "stat", "delete", "end");
    assertThat(result.phases())
        .allSatisfy(
            p ->
                assertThat(p.started())
                    .hasValueSatisfying(s -> assertThat(s).isAfterOrEqualTo(before)));
    FsMarkPhaseResult create = result.phases().get(0);
    FsMarkPhaseResult stat = result.phases().get(1);
    assertThat(stat.started().orElseThrow()).isAfterOrEqualTo(create.started().orElseThrow());
    assertThat(create.ended()).contains(create.started().orElseThrow().plus(create.wallTime()));
  }

  @Test
  void phasesAfterCreateVisitTheNeighboursFilesInASharedDirectory() throws IOException {
    FsMarkSpec spec =
        small()
            .sync(FsMarkSyncPolicy.NONE)
            .operations(MetadataOperation.CREATE, MetadataOperation.STAT, MetadataOperation.DELETE)
            .build();
    // client b created its files and keeps them (its own delete would come later)
    new FsMarkRunner(syncer, false)
        .run(
            small().sync(FsMarkSyncPolicy.NONE).keepFiles().build(),
            new DirectoryContext(dir).sharedAs("b"));

    FsMarkResult a =
        new FsMarkRunner(syncer, false)
            .run(
                spec,
                new DirectoryContext(dir)
                    .sharedAs("a")
                    .neighbours(
                        step ->
                            java.util.Optional.of(
                                new io.fsbench.core.engine.NeighbourFiles(dir, "b."))));

    assertThat(a.phases().get(1).files()).isEqualTo(4); // it statted b's 4 files
    // its delete removed b's files, not its own
    assertThat(regularFiles())
        .hasSize(4)
        .allSatisfy(f -> assertThat(f.getFileName().toString()).startsWith("a."));
  }

  @Test
  void aNeighbourWhoseFilesDoNotExistFailsThePhaseNamingTheFile() {
    FsMarkSpec spec = small().operations(MetadataOperation.CREATE, MetadataOperation.STAT).build();
    DirectoryContext context =
        new DirectoryContext(dir)
            .sharedAs("a")
            .neighbours(
                step ->
                    java.util.Optional.of(new io.fsbench.core.engine.NeighbourFiles(dir, "c.")));

    assertThatThrownBy(() -> new FsMarkRunner(syncer, false).run(spec, context))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("stat phase failed")
        .hasMessageContaining(dir.resolve("c.").toString());
  }

  @Test
  void aGateThatThrowsEndsTheRunBeforeThePhase() {
    List<String> gates = new java.util.ArrayList<>();
    DirectoryContext context =
        new DirectoryContext(dir)
            .phaseGate(
                phase -> {
                  gates.add(phase);
                  if (phase.equals("stat")) {
                    throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "aborted at stat");
                  }
                });

    assertThatThrownBy(
            () ->
                new FsMarkRunner(syncer, false)
                    .run(
                        small()
                            .operations(MetadataOperation.CREATE, MetadataOperation.STAT)
                            .build(),
                        context))
        .hasMessageContaining("aborted at stat");
    assertThat(gates).containsExactly("create", "stat");
  }

  @Test
  void everyPhaseVisitsEveryFileAndTheDeletePhaseLeavesNoFile() throws IOException {
    FsMarkResult result =
        run(
            FsMarkSpec.builder()
                .files(50)
                .threads(2)
                .fileSize(Size.bytes(100))
                .writeChunk(Size.bytes(30))
                .filesPerDir(10)
                .depth(3)
                .sync(FsMarkSyncPolicy.NONE)
                .operations(MetadataOperation.values())
                .build());

    assertThat(result.phases())
        .extracting(FsMarkPhaseResult::operation)
        .containsExactly(MetadataOperation.values());
    assertThat(result.phases()).allSatisfy(p -> assertThat(p.files()).isEqualTo(100));
    FsMarkPhaseResult read = result.phase(MetadataOperation.READ).orElseThrow();
    assertThat(read.latency("read").orElseThrow().count()).isEqualTo(100 * 4);
    assertThat(regularFiles()).isEmpty();
  }

  @Test
  void emptyFilesGetOneZeroLengthWriteAsInFsMarksLoop() throws IOException {
    FsMarkResult result =
        run(small().fileSize(Size.ZERO).sync(FsMarkSyncPolicy.NONE).keepFiles().build());

    assertThat(regularFiles()).hasSize(4).allSatisfy(f -> assertThat(f).isEmptyFile());
    assertThat(result.phases().get(0).latency("write").orElseThrow().count()).isEqualTo(4);
  }

  @Test
  void renamedFilesAreTheOnesThatGetDeleted() throws IOException {
    run(
        small()
            .sync(FsMarkSyncPolicy.NONE)
            .operations(MetadataOperation.CREATE, MetadataOperation.RENAME)
            .build());
    List<Path> renamed = regularFiles();
    FileLayout layout = new FileLayout(dir, 4, 0, 1, 42);

    assertThat(renamed).hasSize(4).contains(Path.of(layout.file(0, 1)));
    assertThat(renamed).doesNotContain(Path.of(layout.file(0, 0)));
  }

  @Test
  void policyOneFsyncsEachFileBeforeClosingIt() {
    run(small().sync(FsMarkSyncPolicy.FSYNC_BEFORE_CLOSE).build());

    assertThat(syncer.calls()).containsExactly(fsync(0), fsync(1), fsync(2), fsync(3));
  }

  @Test
  void policyZeroNeverSyncs() {
    run(small().sync(FsMarkSyncPolicy.NONE).build());

    assertThat(syncer.calls()).isEmpty();
  }

  @Test
  void policyTwoSyncsThenFsyncsTheFirstFile() {
    run(small().sync(FsMarkSyncPolicy.SYNC_THEN_FSYNC_FIRST).build());

    assertThat(syncer.calls()).containsExactly("sync", fsync(0));
  }

  @Test
  void policyThreeFsyncsEveryFileInReverseAfterTheLoop() {
    run(small().sync(FsMarkSyncPolicy.POST_REVERSE).build());

    assertThat(syncer.calls()).containsExactly(fsync(3), fsync(2), fsync(1), fsync(0));
  }

  @Test
  void policyFourSyncsThenFsyncsInReverse() {
    run(small().sync(FsMarkSyncPolicy.SYNC_POST_REVERSE).build());

    assertThat(syncer.calls()).containsExactly("sync", fsync(3), fsync(2), fsync(1), fsync(0));
  }

  @Test
  void policyFiveFsyncsEveryFileInOrderAfterTheLoop() {
    FsMarkResult result = run(small().sync(FsMarkSyncPolicy.POST).build());

    assertThat(syncer.calls()).containsExactly(fsync(0), fsync(1), fsync(2), fsync(3));
    assertThat(result.phases().get(0).latency("post_fsync").orElseThrow().count()).isEqualTo(4);
  }

  @Test
  void policySixSyncsThenFsyncsInOrder() {
    run(small().sync(FsMarkSyncPolicy.SYNC_POST).build());

    assertThat(syncer.calls()).containsExactly("sync", fsync(0), fsync(1), fsync(2), fsync(3));
  }

  @Test
  void syncfsReplacesTheSystemWideSyncWhenAsked() {
    FsMarkResult result = run(small().sync(FsMarkSyncPolicy.SYNC_POST).syncfs(true).build());

    assertThat(syncer.calls()).startsWith("syncfs").doesNotContain("sync");
    assertThat(result.syncCall()).isEqualTo("syncfs");
    assertThat(result.phases().get(0).latency("syncfs")).isPresent();
  }

  @Test
  void everyThreadRunsThePostLoopSyncOfItsOwnFiles() {
    run(small().threads(2).sync(FsMarkSyncPolicy.SYNC_THEN_FSYNC_FIRST).build());

    // fs_mark's processes each call sync() and fsync their own first file.
    assertThat(syncer.calls()).containsExactlyInAnyOrder("sync", "sync", fsync(0), fsync(1));
  }

  @Test
  void reportsBothRatesAndLatencyMetricsWithTheirUnits() {
    FsMarkResult result = run(small().threads(2).sync(FsMarkSyncPolicy.NONE).build());

    assertThat(result.workload()).isEqualTo("fsmark");
    assertThat(result.headline().name()).isEqualTo("create.files_per_sec");
    assertThat(result.metric("create.files_per_sec").orElseThrow().value()).isPositive();
    assertThat(result.metric("create.per_thread_sum.files_per_sec").orElseThrow().value())
        .isPositive();
    assertThat(result.metric("create.open.lat.p99").orElseThrow().unit().key()).isEqualTo("ns");
    assertThat(result.metric("delete.lat.p50")).isPresent();
    assertThat(result.metric("create.files").orElseThrow().value()).isEqualTo(8.0);
  }

  @Test
  void aCancelledRunStopsWithAnError() {
    DirectoryContext context = new DirectoryContext(dir).cancelWhen(() -> true);
    FsMarkSpec spec =
        FsMarkSpec.builder().files(10_000).fileSize(Size.ZERO).sync(FsMarkSyncPolicy.NONE).build();

    assertThatThrownBy(() -> new FsMarkRunner(syncer).run(spec, context))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("cancelled during its create");
  }

  @Test
  void aFailingCallNamesThePhaseAndTheFile() throws IOException {
    FileLayout layout = new FileLayout(dir, 4, 0, 1, 42);
    Files.createDirectory(Path.of(layout.file(2, 0))); // a directory where file 2 must go

    assertThatThrownBy(() -> run(small().sync(FsMarkSyncPolicy.NONE).build()))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("fsmark create phase failed")
        .hasMessageContaining(layout.name(2, 0));
  }

  private String fsync(long g) {
    return "fsync " + new FileLayout(dir, 4, 0, 1, 42).name(g, 0);
  }

  @Test
  void aRunAskedToFinishMidPhaseReportsTheFilesDoneCutShortAndRunsNoLaterPhase() {
    DirectoryContext context = new DirectoryContext(dir);
    // the 10th file's fsync asks to finish; that file is closed, the 11th is not begun
    Syncer finishingAtTen =
        new Syncer() {
          private int fsyncs;

          @Override
          public void fsync(NativePath file, FileSync call) {
            if (++fsyncs == 10) {
              context.finish();
            }
          }

          @Override
          public void sync() {}

          @Override
          public void syncfs(Path anyPath) {}
        };
    FsMarkSpec spec =
        small()
            .files(100)
            .sync(FsMarkSyncPolicy.FSYNC_BEFORE_CLOSE)
            .operations(MetadataOperation.CREATE, MetadataOperation.STAT)
            .build();

    FsMarkResult result = new FsMarkRunner(finishingAtTen, false).run(spec, context);

    FsMarkPhaseResult create = result.phases().get(0);
    assertThat(create.operation()).isEqualTo(MetadataOperation.CREATE);
    assertThat(create.files()).isEqualTo(10).isLessThan(spec.totalFiles());
    assertThat(create.cutShort()).isTrue();
    assertThat(result.phases()).hasSize(1);
    assertThat(result.cutShort()).isTrue();
    assertThat(result.metric("create.cut_short")).isPresent();
  }

  @Test
  void aFinishAfterTheLastPhaseCutsNothingShort() {
    DirectoryContext context = new DirectoryContext(dir);
    FsMarkResult result = new FsMarkRunner(syncer, false).run(small().build(), context);
    context.finish();

    assertThat(result.cutShort()).isFalse();
    assertThat(result.metric("create.cut_short")).isEmpty();
  }

  @Test
  void twoClientsInOneSharedDirectoryNameTheirFilesWithTheirTagsAndNeverCollide() throws Exception {
    FsMarkSpec spec = small().files(50).threads(2).keepFiles().build();
    FsMarkResult[] results = new FsMarkResult[2];
    Thread[] clients = new Thread[2];
    for (int c = 0; c < 2; c++) {
      int client = c;
      clients[c] =
          new Thread(
              () ->
                  results[client] =
                      new FsMarkRunner(new RecordingSyncer(), false)
                          .run(spec, new DirectoryContext(dir).sharedAs("c" + client)));
      clients[c].start();
    }
    for (Thread client : clients) {
      client.join();
    }

    List<Path> files = regularFiles();
    assertThat(files).hasSize(200);
    assertThat(files).allMatch(f -> f.getParent().equals(dir));
    assertThat(files.stream().filter(f -> f.getFileName().toString().startsWith("c0.")))
        .hasSize(100);
    assertThat(files.stream().filter(f -> f.getFileName().toString().startsWith("c1.")))
        .hasSize(100);
    assertThat(results).allMatch(r -> r.phases().get(0).files() == 100);
  }

  @Test
  void refusesToShareADirectoryWhenFilesGoToSubdirectories() {
    FsMarkRunner runner = new FsMarkRunner(syncer, false);

    assertThat(runner.cannotShare(small().build())).isEmpty();
    assertThat(runner.cannotShare(small().filesPerDir(10).build()))
        .hasValueSatisfying(reason -> assertThat(reason).contains("files_per_dir (10)"));
  }
}
