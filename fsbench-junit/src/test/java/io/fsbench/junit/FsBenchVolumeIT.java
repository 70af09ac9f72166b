package io.fsbench.junit;

import static io.fsbench.api.Size.kib;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import io.fsbench.FsBench;
import io.fsbench.Session;
import io.fsbench.api.RunResult;
import io.fsbench.api.Target;
import io.fsbench.api.Volume;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.opentest4j.AssertionFailedError;

/**
 * The extension on real volumes: fixture classes run through JUnit's engine make ext4 and XFS
 * filesystems on loop devices in a work dir of their own ({@code /tmp/fsbench-junit-it-*}), and
 * after each run nothing of them may be mounted or attached. Needs root, loop devices, e2fsprogs
 * and xfsprogs.
 */
class FsBenchVolumeIT {

  static Path workDir;
  static FsBench fsbench;

  /** What the fixtures saw, in order: mount points, filesystem types, devices. */
  static final List<Object> seen = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void needsRootAndTheTools() throws IOException {
    assumeTrue(FsBench.systemHost().isRoot(), "making volumes needs root; run as root");
    assumeTrue(
        FsBench.systemHost().findTool("mkfs.xfs").isPresent()
            && FsBench.systemHost().findTool("mkfs.ext4").isPresent(),
        "e2fsprogs and xfsprogs are not installed (scripts/setup installs them)");
    workDir = Files.createTempDirectory("fsbench-junit-it-");
    fsbench = FsBench.builder().workDir(workDir).build();
  }

  @BeforeEach
  void forget() {
    seen.clear();
  }

  @AfterEach
  void nothingIsLeftMountedOrAttached() {
    assertThat(Leftovers.mountsUnder(workDir)).isEmpty();
    assertThat(Leftovers.loopDevicesUnder(workDir)).isEmpty();
  }

  @AfterAll
  static void removeTheWorkDir() throws IOException {
    if (workDir != null) {
      try (Stream<Path> tree = Files.walk(workDir)) {
        for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  @Test
  void aPassingTestGetsAMountedTunedVolumeAndReleasesIt() {
    EngineExecutionResults results = Kit.run(Passing.class);

    results.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
    Path mount = (Path) seen.get(0);
    assertThat(mount.startsWith(workDir)).isTrue();
    assertThat(Leftovers.mountAt(mount)).isEmpty();
  }

  @Test
  void aFailedExpectationSaysActualExpectedAndTheRun() {
    Kit.run(FailingExpectation.class)
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    instanceOf(AssertionFailedError.class),
                    message(
                        m ->
                            m.startsWith("expected write IOPS to be at least 1000000000000 IOPS")
                                && m.contains("on ext4 (a directory on it)")
                                && m.contains("noatime")
                                && m.contains("rw=randwrite bs=4k size=1m")))));
  }

  @Test
  void releasesEveryVolumeOfATestThatThrows() {
    EngineExecutionResults results = Kit.run(Throwing.class);

    results
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(finishedWithFailure(instanceOf(IllegalStateException.class), message("boom"))));
    assertThat(seen).hasSize(4); // two mount points, two devices
    Path ext4 = (Path) seen.get(0);
    Path xfs = (Path) seen.get(1);
    assertThat(ext4).isNotEqualTo(xfs);
    assertThat(Leftovers.mountAt(ext4)).isEmpty();
    assertThat(Leftovers.mountAt(xfs)).isEmpty();
    // the devices may be reused by anyone once detached: what counts is that none still holds our
    // image
    assertThat(Leftovers.loopDevicesUnder(workDir)).isEmpty();
  }

  @Test
  void sharesAClassScopedVolumeAcrossTheClassesTests() {
    EngineExecutionResults results = Kit.run(ClassScoped.class);

    results.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
    // each test saw: the shared field, its own field, the class-scoped parameter of its own
    assertThat(seen).hasSize(6);
    Object shared = seen.get(0);
    assertThat(seen.get(3)).isEqualTo(shared);
    assertThat(seen.get(2)).isEqualTo(shared); // same filesystem, tuning and size: one volume
    assertThat(seen.get(5)).isEqualTo(shared);
    assertThat(seen.get(1)).isNotEqualTo(seen.get(4)).isNotEqualTo(shared);
  }

  @Test
  void runsATemplateOncePerFileSystemOnAVolumeOfIt() {
    EngineExecutionResults results = Kit.run(Template.class);

    results
        .testEvents()
        .assertStatistics(s -> s.started(2).succeeded(2))
        .assertThatEvents()
        .haveExactly(1, event(displayName("on ext4"), finishedSuccessfully()))
        .haveExactly(1, event(displayName("on xfs"), finishedSuccessfully()));
    assertThat(seen).containsExactly("ext4", "ext4", "xfs", "xfs");
  }

  @Test
  void abortsWhenTheFileSystemRefusesTheTuning() {
    Kit.run(RefusedTuning.class)
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                abortedWithReason(message(m -> m.contains("compression") && m.contains("ext4")))));
  }

  // The fixtures below are run by the tests above through the engine, not by the build itself.

  private static Leftovers.Mount mounted(Path mount) {
    return Leftovers.mountAt(mount)
        .orElseThrow(() -> new AssertionError(mount + " is not mounted"));
  }

  private static RunResult randWrite(Path mount) {
    try (Session session = fsbench.session(null, Target.directory(mount))) {
      return session.randWrite(kib(4)).size(kib(1024)).run();
    }
  }

  static class Passing {
    @RegisterExtension static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench);

    @Test
    void writes(@FsBenchVolume(fs = "ext4", tune = "atime=off", size = "300m") Path mount)
        throws IOException {
      seen.add(mount);
      assertThat(mounted(mount).type()).isEqualTo("ext4");
      assertThat(mounted(mount).options()).contains("noatime");
      Files.writeString(mount.resolve("fsbench-hello"), "world");
      Expect.that(randWrite(mount)).write().iops().atLeast(1).bwBytes().atLeast(1);
    }
  }

  static class FailingExpectation {
    @RegisterExtension static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench);

    @Test
    void writesImpossiblyFast(
        @FsBenchVolume(fs = "ext4", tune = "atime=off", size = "300m") Path mount) {
      Expect.that(randWrite(mount)).write().iops().atLeast(1e12);
    }
  }

  static class Throwing {
    @RegisterExtension static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench);

    @Test
    void throwsWithTwoVolumes(
        @FsBenchVolume(fs = "ext4", size = "300m") Volume ext4,
        @FsBenchVolume(fs = "xfs", size = "300m") Volume xfs) {
      seen.add(ext4.mountPoint());
      seen.add(xfs.mountPoint());
      seen.add(ext4.device().orElseThrow());
      seen.add(xfs.device().orElseThrow());
      assertThat(mounted(ext4.mountPoint()).type()).isEqualTo("ext4");
      assertThat(mounted(xfs.mountPoint()).type()).isEqualTo("xfs");
      throw new IllegalStateException("boom");
    }
  }

  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class ClassScoped {
    @RegisterExtension static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench);

    @FsBenchVolume(fs = "ext4", size = "300m", scope = FsBenchVolume.Scope.CLASS)
    Path shared;

    @FsBenchVolume(fs = "ext4", size = "300m")
    Path own;

    @Test
    @Order(1)
    void writesAMarker(
        @FsBenchVolume(fs = "ext4", size = "300m", scope = FsBenchVolume.Scope.CLASS) Path param)
        throws IOException {
      seen.add(shared);
      seen.add(own);
      seen.add(param);
      Files.writeString(shared.resolve("fsbench-marker"), "first");
    }

    @Test
    @Order(2)
    void findsTheMarker(
        @FsBenchVolume(fs = "ext4", size = "300m", scope = FsBenchVolume.Scope.CLASS) Path param)
        throws IOException {
      seen.add(shared);
      seen.add(own);
      seen.add(param);
      assertThat(Files.readString(shared.resolve("fsbench-marker"))).isEqualTo("first");
      assertThat(mounted(shared).type()).isEqualTo("ext4");
    }
  }

  static class Template {
    @RegisterExtension static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench);

    @FsBenchTest(fileSystems = {"ext4", "xfs"})
    void writes(Volume volume, @FsBenchVolume(size = "300m") Path mount, @TempDir Path scratch)
        throws IOException {
      seen.add(volume.fileSystem());
      seen.add(mounted(mount).type());
      assertThat(mount).isNotEqualTo(volume.mountPoint());
      assertThat(scratch.startsWith(workDir)).isFalse(); // JUnit's, not a volume
      Files.writeString(mount.resolve("fsbench-hello"), volume.fileSystem());
    }
  }

  static class RefusedTuning {
    @RegisterExtension static final FsBenchExtension FSBENCH = FsBenchExtension.using(fsbench);

    @Test
    void compresses(@FsBenchVolume(fs = "ext4", tune = "compression=zstd", size = "300m") Path m) {
      throw new AssertionError("not reached: ext4 does not compress");
    }
  }
}
