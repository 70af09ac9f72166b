package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.api.Availability;
import io.fsbench.api.Size;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import io.fsbench.spi.TuningSupport;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without a baseline given, a comparison is against the first filesystem it compares. */
class DefaultBaselineTest {

  @TempDir Path temp;

  private final Host host = mock(Host.class);
  private final FileSystemPlugin xfs = plugin("xfs");
  private final FileSystemPlugin ext4 = plugin("ext4");

  private FsBench fsbench() {
    when(host.isRoot()).thenReturn(true); // without root no filesystem counts as available
    return FsBench.builder()
        .host(host)
        .workDir(temp.resolve("fsbench-work"))
        .discoverPlugins(false)
        .plugin(xfs)
        .plugin(ext4)
        .build();
  }

  private static FileSystemPlugin plugin(String id) {
    FileSystemPlugin plugin = mock(FileSystemPlugin.class);
    when(plugin.id()).thenReturn(id);
    when(plugin.description()).thenReturn(id + " for fsbench's tests");
    when(plugin.availability(any())).thenReturn(Availability.available());
    when(plugin.tuningSupport(any())).thenReturn(new TuningSupport(List.of(), Map.of()));
    when(plugin.maxFileSize()).thenReturn(Size.gib(1024));
    return plugin;
  }

  @Test
  void isTheFirstFileSystemGivenEvenWhenExt4IsAmongThem() {
    assertThat(fsbench().compare().fileSystems("xfs", "ext4").defaultBaseline()).isEqualTo("xfs");
    assertThat(fsbench().compare().fileSystems("ext4", "xfs").defaultBaseline()).isEqualTo("ext4");
  }

  @Test
  void isTheFirstAvailableFileSystemByIdWhenNoneIsGiven() {
    assertThat(fsbench().compare().defaultBaseline()).isEqualTo("ext4");
    when(ext4.availability(any()))
        .thenReturn(
            Availability.unavailable("mkfs.ext4 is not installed", "apt-get install e2fsprogs"));
    assertThat(fsbench().compare().defaultBaseline()).isEqualTo("xfs");
  }

  @Test
  void isNothingWhenNothingIsAvailable() {
    when(host.isRoot()).thenReturn(false);
    assertThat(
            FsBench.builder()
                .host(host)
                .workDir(temp.resolve("fsbench-work"))
                .discoverPlugins(false)
                .plugin(xfs)
                .build()
                .compare()
                .defaultBaseline())
        .isEmpty();
  }
}
