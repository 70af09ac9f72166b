package io.fsbench.workloads.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Size;
import io.fsbench.api.TreePhase;
import io.fsbench.api.TreePhaseResult;
import io.fsbench.api.TreeResult;
import io.fsbench.api.TreeSpec;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.workloads.common.Syncer;
import io.fsbench.workloads.fsmark.RecordingSyncer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreeRunnerTest {

  @TempDir Path dir;

  private final RecordingSyncer syncer = new RecordingSyncer();
  private final AtomicInteger drops = new AtomicInteger();

  /** Runs without the JIT warm-up (10,000 files per run); one test keeps it, as runs do. */
  private TreeResult run(TreeSpec spec) {
    return new TreeRunner(syncer, drops::incrementAndGet, false)
        .run(spec, new DirectoryContext(dir));
  }

  private TreeResult runWarmedUp(TreeSpec spec) {
    return new TreeRunner(syncer, drops::incrementAndGet).run(spec, new DirectoryContext(dir));
  }

  private static TreeSpec.Builder small() {
    return TreeSpec.builder().generatedFiles(200).filesPerDir(8).medianFileSize(Size.kib(2));
  }

  private void assertWorkDirectoryIsEmpty() throws IOException {
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void phasesAfterExtractVisitTheNeighboursTreeAndItsRemoveRemovesThat() throws IOException {
    // another client's tree: 3 files in 2 directories, unlike this client's generated 200
    Path other = Files.createDirectories(dir.resolve("b.tree").resolve("sub"));
    Files.writeString(other.resolve("one"), "1");
    Files.writeString(other.resolve("two"), "2");
    Files.writeString(other.getParent().resolve("three"), "3");
    TreeSpec spec = small().phases(TreePhase.EXTRACT, TreePhase.WALK, TreePhase.REMOVE).build();

    TreeResult result =
        new TreeRunner(syncer, drops::incrementAndGet, false)
            .run(
                spec,
                new DirectoryContext(dir)
                    .sharedAs("a")
                    .neighbours(
                        step ->
                            java.util.Optional.of(
                                new io.fsbench.core.engine.NeighbourFiles(dir, "b."))));

    assertThat(result.phase(TreePhase.EXTRACT).orElseThrow().files()).isEqualTo(200);
    assertThat(result.phase(TreePhase.WALK).orElseThrow().files()).isEqualTo(3);
    assertThat(result.phase(TreePhase.REMOVE).orElseThrow().files()).isEqualTo(3);
    assertThat(dir.resolve("b.tree")).doesNotExist();
    assertWorkDirectoryIsEmpty(); // its own tree removed afterwards, untimed
  }

  @Test
  void aNeighbourWithoutATreeFailsThePhaseNamingIt() {
    TreeSpec spec = small().phases(TreePhase.EXTRACT, TreePhase.WALK).build();
    DirectoryContext context =
        new DirectoryContext(dir)
            .sharedAs("a")
            .neighbours(
                step ->
                    java.util.Optional.of(new io.fsbench.core.engine.NeighbourFiles(dir, "c.")));

    assertThatThrownBy(
            () -> new TreeRunner(syncer, drops::incrementAndGet, false).run(spec, context))
        .isInstanceOf(io.fsbench.api.FsBenchException.class)
        .hasMessageContaining("walk phase")
        .hasMessageContaining(dir.resolve("c.tree").toString());
  }

  @Test
  void aTreeWithoutExtractCannotVisitNeighbours() {
    assertThat(new TreeRunner().cannotVisitNeighbours(small().phases(TreePhase.WALK).build()))
        .hasValueSatisfying(reason -> assertThat(reason).contains("include extract"));
    assertThat(new TreeRunner().cannotVisitNeighbours(small().build())).isEmpty();
  }

  @Test
  void everyTimedPhaseWaitsAtTheGateAndCarriesItsStart() {
    java.util.List<String> gates = new java.util.ArrayList<>();

    TreeResult result =
        new TreeRunner(syncer, drops::incrementAndGet, false)
            .run(small().build(), new DirectoryContext(dir).phaseGate(gates::add));

    java.util.List<String> phases = result.phases().stream().map(p -> p.phase().key()).toList();
    java.util.List<String> expected = new java.util.ArrayList<>(phases);
    expected.add("end");
    assertThat(gates).isEqualTo(expected);
    for (int i = 1; i < result.phases().size(); i++) {
      assertThat(result.phases().get(i).started().orElseThrow())
          .isAfterOrEqualTo(result.phases().get(i - 1).started().orElseThrow());
    }
  }

  @Test
  void everyPhaseHandlesTheWholeTreeAndLeavesNothingBehind() throws IOException {
    TreeResult result = runWarmedUp(small().build());

    assertThat(result.phases())
        .extracting(TreePhaseResult::phase)
        .containsExactly(TreePhase.values());
    TreePhaseResult extract = result.phase(TreePhase.EXTRACT).orElseThrow();
    assertThat(extract.files()).isEqualTo(200);
    assertThat(extract.directories()).isEqualTo(25);
    assertThat(extract.bytes()).isPositive();
    for (TreePhase phase : TreePhase.values()) {
      TreePhaseResult r = result.phase(phase).orElseThrow();
      assertThat(r.files()).as(phase.key()).isEqualTo(200);
      assertThat(r.directories()).as(phase.key()).isEqualTo(25);
      assertThat(r.syncIncluded()).as(phase.key()).isEqualTo(phase.writes());
    }
    assertThat(result.phase(TreePhase.COPY).orElseThrow().bytes()).isEqualTo(extract.bytes());
    assertThat(result.phase(TreePhase.RECOPY).orElseThrow().bytes()).isEqualTo(extract.bytes());
    assertThat(result.phase(TreePhase.TAR).orElseThrow().bytes()).isEqualTo(extract.bytes());
    assertWorkDirectoryIsEmpty();
  }

  @Test
  void syncsUntimedBeforeEachPhaseAndTimedAfterEachPhaseThatWrites() {
    run(small().build());

    // 7 phases, 5 of which write: 7 untimed + 5 timed syncfs, never a system-wide sync.
    assertThat(syncer.calls()).containsOnly("syncfs").hasSize(12);
    assertThat(drops).hasValue(0);
  }

  @Test
  void withoutIncludeSyncNoPhaseSaysItSynced() {
    TreeResult result = run(small().includeSync(false).build());

    assertThat(result.phases()).noneMatch(TreePhaseResult::syncIncluded);
    assertThat(syncer.calls()).hasSize(7);
  }

  @Test
  void dropsTheCachesBeforeEachPhaseWhenAsked() {
    TreeResult result =
        run(small().phases(TreePhase.EXTRACT, TreePhase.WALK).dropCaches(true).build());

    assertThat(drops).hasValue(2);
    assertThat(result.cachesDropped()).isTrue();
  }

  @Test
  void aPhaseAloneGetsItsTreeFromAnUntimedExtract() throws IOException {
    TreeResult result = run(small().phases(TreePhase.RECOPY).build());

    assertThat(result.workload()).isEqualTo("tree-recopy");
    assertThat(result.phases()).hasSize(1);
    assertThat(result.phases().get(0).files()).isEqualTo(200);
    assertWorkDirectoryIsEmpty();
  }

  @Test
  void extractsAGivenArchive() throws IOException {
    Path archive = Files.createTempFile("fsbench-tree-test", ".tar");
    try {
      try (Archives a = Archives.to(archive)) {
        a.directory("pkg")
            .file("pkg/one.c", "int one;")
            .file("pkg/two.h", "int two;")
            .symlink("pkg/link", "one.c");
      }

      TreeResult result =
          run(
              TreeSpec.builder()
                  .archive(archive)
                  .phases(TreePhase.EXTRACT, TreePhase.FIND)
                  .build());

      assertThat(result.phase(TreePhase.EXTRACT).orElseThrow().files()).isEqualTo(3);
      assertThat(result.phase(TreePhase.EXTRACT).orElseThrow().bytes()).isEqualTo(16);
      assertWorkDirectoryIsEmpty();
    } finally {
      Files.deleteIfExists(archive);
    }
  }

  @Test
  void anUnsafeArchiveIsRefusedAndCleanedUp() throws IOException {
    Path archive = Files.createTempFile("fsbench-tree-test", ".tar");
    try {
      try (Archives a = Archives.to(archive)) {
        a.file("fine.txt", "ok").file("../escaped.txt", "no");
      }

      assertThatThrownBy(() -> run(TreeSpec.builder().archive(archive).build()))
          .isInstanceOf(UnsafeArchiveException.class)
          .hasMessageContaining("'../escaped.txt'");
      assertThat(dir.resolveSibling("escaped.txt")).doesNotExist();
      assertWorkDirectoryIsEmpty();
    } finally {
      Files.deleteIfExists(archive);
    }
  }

  @Test
  void aMissingArchiveIsBadInput() {
    TreeSpec spec = TreeSpec.builder().archive(dir.resolve("missing.tar.xz")).build();

    assertThatThrownBy(() -> run(spec))
        .isInstanceOf(io.fsbench.api.InvalidInputException.class)
        .hasMessageContaining("missing.tar.xz");
  }

  @Test
  void theSameSeedGeneratesTheSameTree() {
    TreeResult a = run(small().phases(TreePhase.EXTRACT).build());
    TreeResult b = run(small().phases(TreePhase.EXTRACT).build());
    TreeResult c = run(small().seed(7).phases(TreePhase.EXTRACT).build());

    assertThat(b.phases().get(0).bytes()).isEqualTo(a.phases().get(0).bytes());
    assertThat(c.phases().get(0).bytes()).isNotEqualTo(a.phases().get(0).bytes());
  }

  /** A syncer that calls {@code onSyncfs} with the number of each syncfs, from 1. */
  private static Syncer onSyncfs(java.util.function.IntConsumer onSyncfs) {
    AtomicInteger calls = new AtomicInteger();
    return new Syncer() {
      @Override
      public void fsync(NativePath file, FileSync call) {}

      @Override
      public void sync() {}

      @Override
      public void syncfs(Path anyPath) {
        onSyncfs.accept(calls.incrementAndGet());
      }
    };
  }

  @Test
  void aRunAskedToFinishDuringAPhaseStopsAfterOneEntryReportsItCutShortAndRunsNoLaterPhase()
      throws IOException {
    DirectoryContext context = new DirectoryContext(dir);
    // syncfs 1 and 2 come before and after the extract, 3 just before the walk starts its clock
    Syncer finishingBeforeTheWalk =
        onSyncfs(
            n -> {
              if (n == 3) {
                context.finish();
              }
            });

    TreeResult result =
        new TreeRunner(finishingBeforeTheWalk, () -> {}, false).run(small().build(), context);

    assertThat(result.phases())
        .extracting(TreePhaseResult::phase)
        .containsExactly(TreePhase.EXTRACT, TreePhase.WALK);
    TreePhaseResult extract = result.phases().get(0);
    assertThat(extract.cutShort()).isFalse();
    assertThat(extract.files()).isEqualTo(200);
    TreePhaseResult walk = result.phases().get(1);
    assertThat(walk.cutShort()).isTrue();
    assertThat(walk.entries()).isEqualTo(1).isLessThan(extract.entries());
    assertThat(result.cutShort()).isTrue();
    assertThat(result.metric("walk.cut_short")).isPresent();
    assertWorkDirectoryIsEmpty();
  }

  @Test
  void twoClientsInOneSharedDirectoryUseOnlyTheirTaggedNamesAndLeaveNothing() throws Exception {
    java.util.Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
    Syncer looking =
        onSyncfs(
            n -> {
              try (Stream<Path> names = Files.list(dir)) {
                names.forEach(p -> seen.add(p.getFileName().toString()));
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    TreeResult[] results = new TreeResult[2];
    Thread[] clients = new Thread[2];
    for (int c = 0; c < 2; c++) {
      int client = c;
      clients[c] =
          new Thread(
              () ->
                  results[client] =
                      new TreeRunner(looking, () -> {}, false)
                          .run(small().build(), new DirectoryContext(dir).sharedAs("c" + client)));
      clients[c].start();
    }
    for (Thread client : clients) {
      client.join();
    }

    assertThat(seen).contains("c0.tree", "c1.tree", "c0.source.tar", "c1.source.tar");
    assertThat(seen).allMatch(name -> name.startsWith("c0.") || name.startsWith("c1."));
    for (TreeResult result : results) {
      assertThat(result.phases()).allMatch(p -> p.files() == 200 && !p.cutShort());
    }
    assertWorkDirectoryIsEmpty();
  }

  @Test
  void aTreeCanShareADirectory() {
    assertThat(new TreeRunner().cannotShare(small().build())).isEmpty();
  }
}
