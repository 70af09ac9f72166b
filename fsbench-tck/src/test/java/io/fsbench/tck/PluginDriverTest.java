package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;

class PluginDriverTest {

  private static final Command MKFS = Command.of("mkfs.fake", "/dev/loop7");

  private final FakeHost host = new FakeHost();
  private final FileSystemPlugin plugin = mock(FileSystemPlugin.class);
  private final PluginDriver driver = new PluginDriver(plugin, host);

  PluginDriverTest() {
    when(plugin.format(any(), any())).thenReturn(List.of(MKFS));
    when(plugin.properties(any(), any())).thenReturn(Map.of("block_size", "4096"));
  }

  private static FileSystemSpec spec(String name, String... settings) {
    return new FileSystemSpec(
        Path.of("/dev/loop7"),
        Path.of("/tmp/" + name + "-mnt"),
        name,
        Path.of("/tmp/" + name + "-state"),
        Size.gib(1),
        Tuning.parse(List.of(settings)));
  }

  @Test
  void makesAFilesystemAsCoreDoes() {
    FileSystemSpec spec = spec("fsbench-1", "atime=off");
    assertThat(driver.make(spec)).containsExactly(MKFS);
    InOrder order = inOrder(plugin);
    order.verify(plugin).validate(spec.tuning(), host);
    order.verify(plugin).format(spec, host);
    order.verify(plugin).mount(spec, host);
  }

  @Test
  void recordsWhatTheMountTableAndThePluginReport() {
    host.mounted("/dev/loop7 /tmp/fsbench-1-mnt fakefs rw,noatime 0 0");
    AppliedTuning applied = driver.applied(spec("fsbench-1"), List.of(MKFS));
    assertThat(applied.fileSystemType()).isEqualTo("fakefs");
    assertThat(applied.mountOptions()).isEqualTo("rw,noatime");
    assertThat(applied.mkfsCommand()).containsExactly("mkfs.fake /dev/loop7");
    assertThat(applied.properties()).containsEntry("block_size", "4096");
  }

  @Test
  void failsToRecordWhatIsNotMounted() {
    assertThatThrownBy(() -> driver.applied(spec("fsbench-1"), List.of(MKFS)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("nothing is mounted on /tmp/fsbench-1-mnt");
  }

  @Test
  void releasesEverythingItMadeNewestFirstAndOnlyOnce() {
    FileSystemSpec first = spec("fsbench-1");
    FileSystemSpec second = spec("fsbench-2");
    driver.make(first);
    driver.make(second);
    driver.close();
    InOrder order = inOrder(plugin);
    order.verify(plugin).unmount(second, host);
    order.verify(plugin).destroy(second, host);
    order.verify(plugin).unmount(first, host);
    order.verify(plugin).destroy(first, host);
    driver.release();
    verify(plugin).unmount(first, host);
  }

  @Test
  void countsAReleaseOfTheSameVolumeWithAnotherTuningAsDone() {
    driver.make(spec("fsbench-1", "atime=off"));
    driver.release(spec("fsbench-1"));
    driver.release();
    verify(plugin, never()).unmount(spec("fsbench-1", "atime=off"), host);
  }

  @Test
  void releasesNothingThatFailedValidation() {
    FileSystemSpec spec = spec("fsbench-1", "journal=off");
    org.mockito.Mockito.doThrow(new IllegalArgumentException("no"))
        .when(plugin)
        .validate(spec.tuning(), host);
    assertThatThrownBy(() -> driver.make(spec)).isInstanceOf(IllegalArgumentException.class);
    driver.release();
    verify(plugin, never()).unmount(any(), any());
  }
}
