package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.api.FsMarkPhaseResult;
import io.fsbench.api.FsMarkResult;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.MetadataOperation;
import io.fsbench.api.PostMarkResult;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.RunResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.TreeResult;
import io.fsbench.api.TreeSpec;
import io.fsbench.spi.support.LinuxHost;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two clients, each a session of its own, run at the same time in one directory of a real ext4
 * volume on a loop device that the test makes and releases (as clients of a shared filesystem do in
 * mdtest's shared-directory mode): their names never collide, each removes exactly its own, and a
 * client asked to finish reports its phase cut short. Needs root, losetup and mkfs.ext4; skipped
 * otherwise.
 */
class SharedDirectoryIT {

  @TempDir static Path temp;

  private static Path device;
  private static Path mountPoint;
  private Path shared;

  @BeforeAll
  static void makeVolume() throws Exception {
    assumeTrue(LinuxHost.effectiveUid() == 0, "needs root to make a loop device");
    assumeTrue(
        Files.isExecutable(Path.of("/usr/sbin/mkfs.ext4"))
            && Files.isExecutable(Path.of("/usr/sbin/losetup")),
        "needs mkfs.ext4 and losetup (apt-get install e2fsprogs mount)");
    Path image = temp.resolve("fsbench-shared-it.img");
    try (var file = new java.io.RandomAccessFile(image.toFile(), "rw")) {
      file.setLength(1L << 30); // sparse: room for two clients' warm-ups and trees
    }
    device = Path.of(run("losetup", "--find", "--show", image.toString()).strip());
    run("mkfs.ext4", "-q", "-F", "-L", "fsbench-shared", device.toString());
    mountPoint = Files.createDirectory(temp.resolve("fsbench-shared-it-mnt"));
    run("mount", device.toString(), mountPoint.toString());
  }

  @AfterAll
  static void releaseVolume() throws Exception {
    if (mountPoint != null && Files.exists(mountPoint.resolve("lost+found"))) {
      run("umount", mountPoint.toString());
    }
    if (device != null) {
      run("losetup", "-d", device.toString());
    }
  }

  @BeforeEach
  void makeSharedDirectory() throws IOException {
    shared = Files.createDirectory(mountPoint.resolve("fsbench-shared"));
  }

  @AfterEach
  void removeSharedDirectory() throws IOException {
    // the caller's directory: empty when both clients removed their names, which the tests check
    Files.deleteIfExists(shared);
  }

  private Session client(String tag) {
    FsBench fsbench = FsBench.builder().workDir(temp.resolve("fsbench-work-" + tag)).build();
    return fsbench.session(null, Target.directory(shared)).shareDirectory(tag);
  }

  private List<String> names() {
    try (Stream<Path> entries = Files.list(shared)) {
      return entries.map(p -> p.getFileName().toString()).toList();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void
      twoClientsRunFsmarkTreeAndPostmarkTogetherInOneDirectoryWithoutCollidingAndRemoveAllTheirNames()
          throws Exception {
    Set<String> seen = ConcurrentHashMap.newKeySet();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService clients = Executors.newFixedThreadPool(2);
    List<Future<List<RunResult>>> runs = new ArrayList<>();
    for (int c = 0; c < 2; c++) {
      String tag = String.valueOf(c);
      // different sizes: a file the other client truncated would fail this one's stat phase
      FsMarkSpec fsmark =
          FsMarkSpec.builder()
              .files(3000)
              .threads(2)
              .fileSize(Size.bytes(100 + 100 * c))
              .sync(io.fsbench.api.FsMarkSyncPolicy.NONE)
              .operations(MetadataOperation.CREATE, MetadataOperation.STAT)
              .build();
      PostMarkSpec postmark =
          PostMarkSpec.builder().files(500).transactions(5000).subdirectories(4).build();
      TreeSpec tree =
          TreeSpec.builder()
              .generatedFiles(2000)
              .filesPerDir(20)
              .medianFileSize(Size.kib(1))
              .build();
      runs.add(
          clients.submit(
              () -> {
                try (Session session = client(tag).open()) {
                  session.progress(fraction -> seen.addAll(names()));
                  start.await();
                  return List.of(session.run(fsmark), session.run(tree), session.run(postmark));
                }
              }));
    }
    start.countDown();
    List<List<RunResult>> results = new ArrayList<>();
    for (Future<List<RunResult>> run : runs) {
      results.add(run.get(10, TimeUnit.MINUTES));
    }
    clients.shutdown();

    for (List<RunResult> client : results) {
      FsMarkResult fsmark = (FsMarkResult) client.get(0).results().get(0);
      assertThat(fsmark.phases())
          .extracting(FsMarkPhaseResult::files)
          .containsExactly(6000L, 6000L);
      assertThat(fsmark.cutShort()).isFalse();
      TreeResult tree = (TreeResult) client.get(1).results().get(0);
      assertThat(tree.phases()).allMatch(p -> p.files() == 2000 && !p.cutShort());
      PostMarkResult postmark = (PostMarkResult) client.get(2).results().get(0);
      assertThat(postmark.transactions()).isEqualTo(5000);
    }
    assertThat(seen).isNotEmpty().allMatch(n -> n.startsWith("0.") || n.startsWith("1."));
    assertThat(seen).anyMatch(n -> n.startsWith("0.")).anyMatch(n -> n.startsWith("1."));
    assertThat(names()).isEmpty();
  }

  @Test
  void aClientAskedToFinishMidPhaseReportsWhatItDidCutShortWhileTheOtherRunsToItsEnd()
      throws Exception {
    FsMarkSpec spec =
        FsMarkSpec.builder()
            .files(20_000)
            .fileSize(Size.ZERO)
            .sync(io.fsbench.api.FsMarkSyncPolicy.NONE)
            .operations(MetadataOperation.CREATE, MetadataOperation.STAT)
            .build();
    ExecutorService clients = Executors.newFixedThreadPool(2);
    Future<RunResult> finished;
    Future<RunResult> whole;
    try (Session first = client("0");
        Session second = client("1")) {
      // asked from the first progress report, a few hundred files into the create phase
      first.progress(fraction -> first.finish());
      finished = clients.submit(() -> first.run(spec));
      whole = clients.submit(() -> second.run(spec));
      FsMarkResult cut = (FsMarkResult) finished.get(10, TimeUnit.MINUTES).results().get(0);
      FsMarkResult full = (FsMarkResult) whole.get(10, TimeUnit.MINUTES).results().get(0);

      assertThat(cut.phases()).hasSize(1);
      FsMarkPhaseResult create = cut.phases().get(0);
      assertThat(create.cutShort()).isTrue();
      assertThat(create.files()).isPositive().isLessThan(20_000);
      assertThat(full.cutShort()).isFalse();
      assertThat(full.phases())
          .extracting(FsMarkPhaseResult::files)
          .containsExactly(20_000L, 20_000L);
    } finally {
      clients.shutdown();
    }
    assertThat(names()).isEmpty();
  }

  private static String run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + " failed: " + output);
    }
    return output;
  }
}
