package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.api.Feature;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.TuningSupport;
import io.fsbench.spi.support.LinuxHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * The root-level compatibility kit for filesystem plugins; {@link FileSystemPluginUnitContract} is
 * the half that runs anywhere. A plugin's integration test subclasses it and names the plugin; the
 * kit then makes real filesystems on real loop devices of the {@link #host()}, calling the plugin
 * as core does ({@link PluginDriver}) but without core. It needs root and the plugin's tools, and
 * skips itself with the reason when either is missing, or fails where the system property {@code
 * fsbench.tck.require=true} or the environment variable {@code FSBENCH_REQUIRE_ROOT_CONTRACT=1}
 * says it must run, as in CI. It checks, for every tuning the plugin claims:
 *
 * <ul>
 *   <li>format, mount, unmount and destroy work, and leave nothing attached;
 *   <li>the applied tuning reads back as requested;
 *   <li>refused tunings are refused before anything is made on the device;
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
  private final List<Path> imageDirectories = new ArrayList<>();
  private int volumes;

  /** The plugin under test, freshly constructed. */
  protected abstract FileSystemPlugin plugin();

  /**
   * The machine the kit makes real filesystems on; by default this one ({@link LinuxHost#system()},
   * the host core runs plugins on). Override to run the plugin's tools another way (in a namespace,
   * through a recording shell).
   */
  protected Host host() {
    return LinuxHost.system();
  }

  /** The loop image size the kit uses; override for a filesystem that needs more. */
  protected Size imageSize() {
    return Size.mib(512);
  }

  @BeforeAll
  void startKit() {
    plugin = plugin();
    host = host();
    RootContract.assumeUsable(plugin, host);
  }

  @AfterEach
  void leavesNothingAttached() {
    for (Path directory : imageDirectories) {
      Leftovers.assertNoneUnder(host, directory);
    }
    imageDirectories.clear();
  }

  /** What the kit checks on a mounted filesystem. */
  @FunctionalInterface
  private interface MountedCheck {
    void check(PluginDriver driver, FileSystemSpec spec, List<Command> madeBy) throws IOException;
  }

  /**
   * Makes a filesystem with {@code tuning} on a fresh loop image, runs the check on it, and
   * releases filesystem and image, also when the check fails.
   */
  private void onFileSystem(Tuning tuning, MountedCheck check) throws IOException {
    try (PluginDriver driver = new PluginDriver(plugin, host)) {
      FileSystemSpec spec = attachImage(driver).spec(tuning);
      check.check(driver, spec, driver.make(spec));
    }
  }

  private LoopImage attachImage(PluginDriver driver) {
    LoopImage image = driver.attach("fsbench-tck-" + plugin.id() + "-" + ++volumes, imageSize());
    imageDirectories.add(image.mountPoint().getParent());
    return image;
  }

  @Test
  void describesItselfWithoutThrowing() {
    PluginIdentity.assertDescribesItself(plugin);
    assertThatCode(() -> plugin.features(host))
        .as(
            "%s's features() on this host; fix: answer from what the host says, never throw",
            plugin.id())
        .doesNotThrowAnyException();
    assertThat(plugin.toolVersions(host))
        .as(
            "%s's toolVersions() on this host, where its tools are installed; fix: name each tool"
                + " the plugin runs with its version (Probes.version), for the report",
            plugin.id())
        .isNotEmpty();
  }

  @Test
  void formatsMountsAndDestroysAFileSystemWithDefaults() throws IOException {
    onFileSystem(
        Tuning.defaults(),
        (driver, spec, madeBy) -> {
          assertThat(host.mountAt(spec.mountPoint()))
              .as(
                  "the mount at %s after %s's format and mount; fix: mount() must mount the"
                      + " device on spec.mountPoint() (Mounts.mount does)",
                  spec.mountPoint(), plugin.id())
              .isPresent();
          assertThat(driver.applied(spec, madeBy).mountOptions())
              .as("the mount options /proc/self/mounts shows for %s", spec.mountPoint())
              .isNotBlank();
          Files.writeString(spec.mountPoint().resolve("fsbench-hello"), "hello");
          driver.release(spec);
          assertThat(host.mountAt(spec.mountPoint()))
              .as(
                  "the mount at %s after %s's unmount and destroy; fix: unmount() must unmount it"
                      + " (the SPI's default does)",
                  spec.mountPoint(), plugin.id())
              .isEmpty();
        });
  }

  @TestFactory
  Stream<DynamicTest> appliesEveryClaimedTuningAndReadsItBack() {
    TuningSupport support = plugin.tuningSupport(host);
    assertThat(support.supported())
        .as(
            "the settings %s's tuningSupport() claims; fix: list at least one setting it honours",
            plugin.id())
        .isNotEmpty();
    return support.supported().stream()
        .map(
            setting ->
                DynamicTest.dynamicTest(
                    setting, () -> appliesAndReadsBack(Tuning.parse(List.of(setting)))));
  }

  private void appliesAndReadsBack(Tuning tuning) throws IOException {
    plugin.validate(tuning, host);
    onFileSystem(
        tuning,
        (driver, spec, madeBy) -> {
          assertThat(driver.readBack(spec, madeBy).asMap())
              .as(
                  "%s's readBack() of %s from what was applied (%s); fix: read every claimed"
                      + " knob back from the mount options or the filesystem's own tools, so that"
                      + " the result says what was really applied",
                  plugin.id(), tuning, driver.applied(spec, madeBy))
              .containsAllEntriesOf(tuning.asMap());
          Files.write(spec.mountPoint().resolve("fsbench-probe"), new byte[4096]);
        });
  }

  @TestFactory
  Stream<DynamicTest> refusesEveryRefusedTuningBeforeMakingAnything() {
    Map<String, String> refused = plugin.tuningSupport(host).refused();
    return refused.keySet().stream()
        .map(setting -> DynamicTest.dynamicTest(setting, () -> refusesBeforeMaking(setting)));
  }

  private void refusesBeforeMaking(String setting) {
    Tuning tuning = Tuning.parse(List.of(setting));
    assertThatThrownBy(() -> plugin.validate(tuning, host))
        .as(
            "%s's validate(%s), listed as refused; fix: throw UnsupportedTuningException naming"
                + " the plugin",
            plugin.id(), setting)
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(plugin.id());
    try (PluginDriver driver = new PluginDriver(plugin, host)) {
      FileSystemSpec spec = attachImage(driver).spec(tuning);
      assertThatThrownBy(() -> driver.make(spec))
          .as(
              "making a filesystem with %s, which %s refuses; fix: call validate(tuning, host) at"
                  + " the start of format()",
              setting, plugin.id())
          .isInstanceOf(InvalidInputException.class);
      assertThat(host.mountAt(spec.mountPoint()))
          .as("the mount at %s after refusing %s", spec.mountPoint(), setting)
          .isEmpty();
      assertThat(host.shell().probe(Command.of("blkid", "-p", spec.device().toString())).stdout())
          .as(
              "signatures on %s after refusing %s; fix: refuse before running mkfs, not after",
              spec.device(), setting)
          .isBlank();
    }
  }

  @Test
  void keepsDataAcrossUnmountAndRemount() throws IOException {
    byte[] data = Data.random(3 * 1024 * 1024 + 123, 42);
    onFileSystem(
        Tuning.defaults(),
        (driver, spec, madeBy) -> {
          Path file = spec.mountPoint().resolve("fsbench-data");
          Data.writeAndSync(file, data);
          plugin.unmount(spec, host);
          assertThat(host.mountAt(spec.mountPoint()))
              .as("the mount at %s after %s's unmount()", spec.mountPoint(), plugin.id())
              .isEmpty();
          plugin.mount(spec, host);
          assertThat(Files.readAllBytes(file))
              .as(
                  "3 MiB written, fsynced, unmounted and mounted again by %s; fix: mount() must"
                      + " mount the same filesystem again without formatting it",
                  plugin.id())
              .isEqualTo(data);
        });
  }

  @Test
  void storesCompressibleDataInLessSpaceWhenItClaimsCompression() throws IOException {
    Set<Feature> features = plugin.features(host);
    assumeTrue(features.contains(Feature.COMPRESSION), plugin.id() + " does not claim compression");
    String setting =
        TuningClaims.compressionSetting(plugin.tuningSupport(host))
            .orElseThrow(
                () ->
                    new AssertionError(
                        plugin.id() + " claims COMPRESSION but supports no compression tuning"));
    long written = 64L << 20;
    onFileSystem(
        Tuning.parse(List.of(setting)),
        (driver, spec, madeBy) -> {
          Path mount = spec.mountPoint();
          long before = Data.usedBytes(mount);
          Data.writeCompressibleAndSync(mount.resolve("fsbench-compressible"), written);
          long used = Data.usedBytes(mount) - before;
          assertThat(used)
              .as(
                  "space used by %d compressible bytes with %s; fix: make that setting turn"
                      + " compression on (mount or property), or stop claiming COMPRESSION",
                  written, setting)
              .isLessThan(written / 2);
        });
  }

  @Test
  void bypassesThePageCacheWithDirectIoWhenItClaimsDirectIo() throws IOException {
    assumeTrue(
        plugin.features(host).contains(Feature.DIRECT_IO),
        plugin.id() + " does not claim direct I/O");
    onFileSystem(
        Tuning.defaults(),
        (driver, spec, madeBy) -> {
          Path file = spec.mountPoint().resolve("fsbench-direct");
          byte[] data = Data.random(1 << 20, 7);
          Data.writeDirect(file, data);
          assertThat(Data.readDirect(file, data.length))
              .as(
                  "1 MiB written and read back with O_DIRECT on %s; fix: stop claiming DIRECT_IO"
                      + " if the filesystem does not support it",
                  plugin.id())
              .isEqualTo(data);
        });
  }

  /**
   * Lists what the kit's loop images left attached; used by subclasses that add their own checks.
   */
  protected final List<String> leftovers() {
    List<String> found = new ArrayList<>();
    imageDirectories.forEach(directory -> found.addAll(Leftovers.under(host, directory)));
    return found;
  }

  @Test
  void reportsFragmentationOfARealFileSystemWhenItSaysSo() throws IOException {
    assumeTrue(
        plugin.reportsFragmentation(host),
        plugin.id() + " does not report fragmentation here (an optional method)");
    onFileSystem(
        Tuning.defaults(),
        (driver, spec, madeBy) -> {
          for (int i = 0; i < 8; i++) {
            Data.writeAndSync(
                spec.mountPoint().resolve("fsbench-frag-" + i), Data.random(65536, i));
          }
          Fragmentation figures = plugin.fragmentation(spec, host);
          assertThat(figures.commands())
              .as("the commands %s's fragmentation() ran, for the record", plugin.id())
              .isNotEmpty();
          assertThat(!figures.details().isEmpty() || figures.freeExtents().isPresent())
              .as(
                  "%s's fragmentation() of a %s volume holds figures (%s); fix: report at least"
                      + " the free extents or one detail",
                  plugin.id(), imageSize(), figures.summary())
              .isTrue();
          figures
              .largestFreeExtent()
              .ifPresent(
                  largest ->
                      assertThat(largest)
                          .as("%s's largest free extent fits the device", plugin.id())
                          .isPositive()
                          .isLessThanOrEqualTo(imageSize().bytes()));
          figures
              .freeExtents()
              .ifPresent(n -> assertThat(n).as("%s's free extents", plugin.id()).isPositive());
        });
  }
}
