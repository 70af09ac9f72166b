package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.FsBench;
import io.fsbench.api.Feature;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import io.fsbench.spi.TuningSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * The root-level compatibility kit for filesystem plugins; {@link FileSystemPluginUnitContract} is
 * the half that runs anywhere. A plugin's integration test subclasses it and names the plugin; the
 * kit then makes real filesystems on real loop devices of the {@link #host()} (it needs root and
 * the plugin's tools, and skips itself with the reason when either is missing, or fails where the
 * system property {@code fsbench.tck.require=true} or the environment variable {@code
 * FSBENCH_REQUIRE_ROOT_CONTRACT=1} says it must run, as in CI) and checks, for every tuning the
 * plugin claims:
 *
 * <ul>
 *   <li>create, mount and destroy work, and leave nothing attached;
 *   <li>the applied tuning reads back as requested;
 *   <li>refused tunings are refused before anything is created;
 *   <li>data written, fsynced, unmounted and remounted reads back byte for byte;
 *   <li>feature claims hold where they can be checked (compression stores compressible data in less
 *       space, direct I/O opens with O_DIRECT).
 * </ul>
 *
 * <pre>{@code
 * class XfsPluginIT extends FileSystemPluginContract {
 *   @Override
 *   protected FileSystemPlugin plugin() {
 *     return new XfsPlugin();
 *   }
 * }
 * }</pre>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class FileSystemPluginContract {

  private Host host;
  private FileSystemPlugin plugin;
  private Path workDir;
  private FsBench fsbench;

  /** The plugin under test, freshly constructed. */
  protected abstract FileSystemPlugin plugin();

  /**
   * The machine the kit makes real filesystems on; by default this one, as core sees it. Override
   * to run the plugin's tools another way (in a namespace, through a recording shell).
   */
  protected Host host() {
    return FsBench.systemHost();
  }

  /** The loop image size the kit uses; override for a filesystem that needs more. */
  protected Size imageSize() {
    return Size.mib(512);
  }

  @BeforeAll
  void startKit() throws IOException {
    plugin = plugin();
    host = host();
    RootContract.assumeUsable(plugin, host);
    workDir = Files.createTempDirectory(Path.of("/var/tmp"), "fsbench-tck-" + plugin.id() + "-");
    fsbench =
        FsBench.builder().discoverPlugins(false).plugin(plugin).host(host).workDir(workDir).build();
  }

  @AfterEach
  void leavesNothingAttached() {
    if (workDir != null) {
      Leftovers.assertNoneUnder(host, workDir);
    }
  }

  @AfterAll
  void stopKit() throws IOException {
    if (workDir != null) {
      Leftovers.deleteTree(workDir);
    }
  }

  private Volume volume(Tuning tuning) {
    return fsbench.volume(plugin.id(), Target.loop(imageSize()), tuning);
  }

  @Test
  void describesItselfWithoutThrowing() {
    assertThat(plugin.id()).matches("[a-z0-9][a-z0-9_-]*");
    assertThat(plugin.description()).isNotBlank();
    assertThatCode(() -> plugin.features(host)).doesNotThrowAnyException();
    assertThat(plugin.toolVersions(host)).isNotEmpty();
    assertThat(plugin.maxFileSize().bytes()).isPositive();
  }

  @Test
  void createsMountsAndDestroysAVolumeWithDefaults() throws IOException {
    Path mountPoint;
    try (Volume volume = volume(Tuning.defaults())) {
      mountPoint = volume.mountPoint();
      assertThat(host.mountAt(mountPoint)).isPresent();
      assertThat(volume.fileSystem()).isEqualTo(plugin.id());
      assertThat(volume.applied().mountOptions()).isNotBlank();
      assertThat(volume.mkfsTime()).isPositive();
      assertThat(volume.mountTime()).isPositive();
      Files.writeString(mountPoint.resolve("fsbench-hello"), "hello");
    }
    assertThat(host.mountAt(mountPoint)).isEmpty();
  }

  @TestFactory
  Stream<DynamicTest> appliesEveryClaimedTuningAndReadsItBack() {
    TuningSupport support = plugin.tuningSupport(host);
    assertThat(support.supported()).as("a plugin claims at least one tuning").isNotEmpty();
    return support.supported().stream()
        .map(
            setting ->
                DynamicTest.dynamicTest(
                    setting, () -> appliesAndReadsBack(Tuning.parse(List.of(setting)))));
  }

  private void appliesAndReadsBack(Tuning tuning) throws IOException {
    plugin.validate(tuning, host);
    try (Volume volume = volume(tuning)) {
      assertThat(volume.applied().readBack().asMap())
          .as("tuning read back from %s", volume.applied())
          .containsAllEntriesOf(tuning.asMap());
      Files.write(volume.mountPoint().resolve("fsbench-probe"), new byte[4096]);
    }
  }

  @TestFactory
  Stream<DynamicTest> refusesEveryRefusedTuningBeforeCreatingAnything() {
    Map<String, String> refused = plugin.tuningSupport(host).refused();
    return refused.entrySet().stream()
        .map(
            e ->
                DynamicTest.dynamicTest(
                    e.getKey(), () -> refusesBeforeCreating(e.getKey(), e.getValue())));
  }

  private void refusesBeforeCreating(String setting, String reason) {
    Tuning tuning = Tuning.parse(List.of(setting));
    assertThatThrownBy(() -> plugin.validate(tuning, host))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(plugin.id());
    assertThatThrownBy(() -> volume(tuning)).isInstanceOf(InvalidInputException.class);
    assertThat(Leftovers.registryEntries(workDir)).isZero();
  }

  @Test
  void keepsDataAcrossUnmountAndRemount() throws IOException {
    byte[] data = Data.random(3 * 1024 * 1024 + 123, 42);
    try (Volume volume = volume(Tuning.defaults())) {
      Path file = volume.mountPoint().resolve("fsbench-data");
      Data.writeAndSync(file, data);
      volume.remount();
      assertThat(volume.unmountTime()).isPresent();
      assertThat(Files.readAllBytes(file)).isEqualTo(data);
    }
  }

  @Test
  void storesCompressibleDataInLessSpaceWhenItClaimsCompression() throws IOException {
    Set<Feature> features = plugin.features(host);
    assumeTrue(features.contains(Feature.COMPRESSION), plugin.id() + " does not claim compression");
    // Found by knob, not by spelling: a plugin may accept compression under its own names.
    String setting =
        plugin.tuningSupport(host).supported().stream()
            .filter(
                s ->
                    Tuning.parse(List.of(s))
                        .compression()
                        .filter(compression -> !compression.isNone())
                        .isPresent())
            .findFirst()
            .orElseThrow(
                () ->
                    new AssertionError(
                        plugin.id() + " claims COMPRESSION but supports no compression tuning"));
    long written = 64L << 20;
    try (Volume volume = volume(Tuning.parse(List.of(setting)))) {
      Path mount = volume.mountPoint();
      long before = Data.usedBytes(mount);
      Data.writeCompressibleAndSync(mount.resolve("fsbench-compressible"), written);
      long used = Data.usedBytes(mount) - before;
      assertThat(used)
          .as("space used by %d compressible bytes with %s", written, setting)
          .isLessThan(written / 2);
    }
  }

  @Test
  void bypassesThePageCacheWithDirectIoWhenItClaimsDirectIo() throws IOException {
    assumeTrue(
        plugin.features(host).contains(Feature.DIRECT_IO),
        plugin.id() + " does not claim direct I/O");
    try (Volume volume = volume(Tuning.defaults())) {
      Path file = volume.mountPoint().resolve("fsbench-direct");
      byte[] data = Data.random(1 << 20, 7);
      Data.writeDirect(file, data);
      assertThat(Data.readDirect(file, data.length)).isEqualTo(data);
    }
  }

  /** Lists what a failure left; used by subclasses that add their own checks. */
  protected final List<String> leftovers() {
    return workDir == null ? new ArrayList<>() : Leftovers.under(host, workDir);
  }
}
