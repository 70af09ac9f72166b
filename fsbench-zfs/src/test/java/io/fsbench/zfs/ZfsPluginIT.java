package io.fsbench.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.tck.LoopImage;
import io.fsbench.tck.PluginDriver;
import io.fsbench.tck.TestHosts;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Makes real ZFS pools on a loop device with every setting the plugin claims on this host (zfs-fuse
 * or OpenZFS) and checks that ZFS reports each back; checks that a remount reads cold and that
 * unmount and destroy are idempotent. Needs root and a working ZFS; skipped otherwise.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ZfsPluginIT {

  // Unique per JVM: two test runs on one machine share the zfs-fuse daemon and its pools.
  private static final String POOL = "fsbench-it-zfs-" + ProcessHandle.current().pid();

  private final Host host = TestHosts.real();
  private final ZfsPlugin plugin = new ZfsPlugin();
  private final PluginDriver driver = new PluginDriver(plugin, host);
  private LoopImage loop;

  @BeforeAll
  void makeALoopDevice() {
    TestHosts.assumeUsable(plugin, host);
    loop = driver.attach(POOL, Size.mib(256));
  }

  @AfterEach
  void unmountAndDestroy() {
    if (loop != null) {
      driver.release(loop.spec(Tuning.defaults()));
      assertThat(host.shell().probe(Command.of("zpool", "list", POOL)).succeeded()).isFalse();
    }
  }

  @AfterAll
  void releaseTheLoopDevice() {
    driver.close();
  }

  Stream<String> claimedSettings() {
    return plugin.tuningSupport(host).supported().stream();
  }

  private Tuning readBack(FileSystemSpec spec, List<Command> made) {
    AppliedTuning applied = driver.applied(spec, made);
    assertThat(applied.fileSystemType()).isIn("zfs", "fuse.zfs");
    return plugin.readBack(spec, applied);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("claimedSettings")
  void readsBackEveryClaimedSetting(String setting) throws IOException {
    FileSystemSpec spec = loop.spec(Tuning.parse(List.of(setting)));
    List<Command> made = driver.make(spec);
    Files.writeString(spec.mountPoint().resolve("hello"), "world");
    assertThat(readBack(spec, made).asMap()).isEqualTo(spec.tuning().asMap());
  }

  @Test
  void remountKeepsDataAndSettingsAndReadsCold() throws IOException {
    FileSystemSpec spec =
        loop.spec(Tuning.parse(List.of("compression=none", "recordsize=128k", "atime=off")));
    List<Command> made = plugin.format(spec, host);
    plugin.mount(spec, host);
    Path file = spec.mountPoint().resolve("data");
    byte[] bytes = new byte[16 << 20];
    new Random(42).nextBytes(bytes);
    Files.write(file, bytes);
    readAll(file);
    long warm = loop.sectorsReadWhile(() -> readAll(file));

    long start = System.nanoTime();
    plugin.unmount(spec, host);
    long unmounted = System.nanoTime();
    assertThat(host.mountAt(spec.mountPoint())).isEmpty();
    assertThat(host.shell().probe(Command.of("zpool", "list", POOL)).succeeded())
        .as("unmount exports the pool")
        .isFalse();
    plugin.unmount(spec, host); // idempotent
    plugin.mount(spec, host);
    long mounted = System.nanoTime();
    System.out.printf(
        "unmount+export %d ms, import+mount %d ms%n",
        (unmounted - start) / 1_000_000, (mounted - unmounted) / 1_000_000);

    long cold = loop.sectorsReadWhile(() -> assertThat(readAll(file)).isEqualTo(bytes));
    System.out.printf(
        "16 MiB read: warm %d sectors from the device, after remount %d%n", warm, cold);
    assertThat(cold * 512)
        .as("a remount reads from the device")
        .isGreaterThan(bytes.length * 9L / 10);
    assertThat(warm * 512).as("a warm read does not").isLessThan(bytes.length / 10);
    assertThat(readBack(spec, made).asMap()).isEqualTo(spec.tuning().asMap());
  }

  /**
   * The DIRECT_IO claim, checked: where it is claimed, a repeated O_DIRECT read goes to the device
   * again; where it is not (zfs-fuse), the ARC serves it without touching the device.
   */
  @Test
  void directIoBypassesTheCachesExactlyWhereItIsClaimed() throws IOException {
    FileSystemSpec spec = loop.spec(Tuning.parse(List.of("compression=none", "primarycache=all")));
    plugin.format(spec, host);
    plugin.mount(spec, host);
    Path file = spec.mountPoint().resolve("direct");
    byte[] bytes = new byte[16 << 20];
    new Random(7).nextBytes(bytes);
    Files.write(file, bytes);
    plugin.unmount(spec, host);
    plugin.mount(spec, host);
    Command directRead = Command.of("dd", "if=" + file, "of=/dev/null", "bs=1M", "iflag=direct");
    long first = loop.sectorsReadWhile(() -> host.shell().run(directRead));
    long second = loop.sectorsReadWhile(() -> host.shell().run(directRead));
    System.out.printf(
        "O_DIRECT reads of 16 MiB: %d then %d sectors from the device%n", first, second);
    assertThat(first * 512).isGreaterThan(bytes.length * 9L / 10);
    if (plugin.features(host).contains(io.fsbench.api.Feature.DIRECT_IO)) {
      assertThat(second * 512).isGreaterThan(bytes.length * 9L / 10);
    } else {
      assertThat(second * 512).as("served from the ARC").isLessThan(bytes.length / 10);
    }
  }

  @Test
  void refusesToUnmountABusyDatasetAfterTheBoundAndSaysWhatHoldsIt() throws IOException {
    FileSystemSpec spec = loop.spec(Tuning.defaults());
    plugin.format(spec, host);
    plugin.mount(spec, host);
    Path file = spec.mountPoint().resolve("open");
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap("held".getBytes()));
      assertThatThrownBy(() -> plugin.unmount(spec, host))
          .isInstanceOf(FsBenchException.class)
          .hasMessageContaining("still busy")
          .hasMessageContaining("fuser -vm");
    }
    plugin.unmount(spec, host);
    assertThat(host.mountAt(spec.mountPoint())).isEmpty();
  }

  @Test
  void destroyFindsAnExportedPoolAndIsIdempotent() {
    FileSystemSpec spec = loop.spec(Tuning.defaults());
    plugin.format(spec, host);
    plugin.mount(spec, host);
    plugin.unmount(spec, host); // exported
    plugin.destroy(spec, host);
    assertThat(host.shell().probe(Command.of("zpool", "list", POOL)).succeeded()).isFalse();
    plugin.destroy(spec, host);
    assertThat(
            host.shell()
                .probe(
                    Command.of(
                        "zpool",
                        "import",
                        "-d",
                        loop.stateDir().resolve("zpool-import").toString()))
                .stdout())
        .as("a destroyed pool is not offered for import")
        .doesNotContain(POOL);
  }

  @Test
  void destroyReleasesAPoolThatIsStillMounted() {
    FileSystemSpec spec = loop.spec(Tuning.defaults());
    plugin.format(spec, host);
    plugin.mount(spec, host);
    plugin.destroy(spec, host);
    assertThat(host.mountAt(spec.mountPoint())).isEmpty();
    assertThat(host.shell().probe(Command.of("zpool", "list", POOL)).succeeded()).isFalse();
  }

  private static byte[] readAll(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
