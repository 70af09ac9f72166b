package io.fsbench.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.api.Availability;
import io.fsbench.api.EnvironmentException;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import java.util.List;
import org.junit.jupiter.api.Test;

class PluginRegistryTest {

  private final Host host = mock(Host.class);

  @org.junit.jupiter.api.BeforeEach
  void asRoot() {
    when(host.isRoot()).thenReturn(true);
  }

  @Test
  void callsNoPluginAvailableToAUserWhoIsNotRootAndSaysSoRatherThanThePluginsReason() {
    when(host.isRoot()).thenReturn(false);
    FileSystemPlugin zfs =
        plugin("zfs", Availability.unavailable("the zfs-fuse daemon is not running", "start it"));

    Availability availability = PluginRegistry.availability(zfs, host);

    assertThat(availability.isAvailable()).isFalse();
    assertThat(availability.reason()).contains("needs root").doesNotContain("daemon");
    assertThat(availability.hint()).contains("sudo").contains("--dir");
  }

  private static FileSystemPlugin plugin(String id, Availability availability) {
    FileSystemPlugin plugin = mock(FileSystemPlugin.class);
    when(plugin.id()).thenReturn(id);
    when(plugin.availability(org.mockito.ArgumentMatchers.any())).thenReturn(availability);
    return plugin;
  }

  @Test
  void refusesTwoPluginsWithTheSameIdNamingBoth() {
    FileSystemPlugin a = plugin("xfs", Availability.available());
    FileSystemPlugin b = plugin("xfs", Availability.available());

    assertThatThrownBy(
            () -> PluginRegistry.create(false, getClass().getClassLoader(), List.of(a, b)))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("two filesystem plugins have the id 'xfs'")
        .hasMessageContaining(" from ");
  }

  @Test
  void findsNothingWhenDiscoveryIsOff() {
    PluginRegistry registry = PluginRegistry.create(false, getClass().getClassLoader(), List.of());

    assertThat(registry.all()).isEmpty();
  }

  @Test
  void listsEveryPluginAndWhyWhenTheIdIsUnknown() {
    PluginRegistry registry =
        PluginRegistry.create(
            false,
            getClass().getClassLoader(),
            List.of(
                plugin("ext4", Availability.available()),
                plugin(
                    "zfs",
                    Availability.unavailable("zpool not found", "apt-get install zfs-fuse"))));

    assertThatThrownBy(() -> registry.require("ext5", host))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unknown filesystem 'ext5'")
        .hasMessageContaining("ext4 (available)")
        .hasMessageContaining("zfs (unavailable: zpool not found (apt-get install zfs-fuse))")
        .hasMessageContaining("did you mean 'ext4'?");
  }

  @Test
  void refusesAnUnavailablePluginWithItsReasonAndHint() {
    PluginRegistry registry =
        PluginRegistry.create(
            false,
            getClass().getClassLoader(),
            List.of(
                plugin(
                    "btrfs",
                    Availability.unavailable(
                        "mkfs.btrfs not found", "apt-get install btrfs-progs"))));

    assertThatThrownBy(() -> registry.require("btrfs", host))
        .isInstanceOf(EnvironmentException.class)
        .hasMessageContaining("mkfs.btrfs not found")
        .hasMessageContaining("apt-get install btrfs-progs");
  }

  @Test
  void reportsAPluginWhoseAvailabilityCheckThrowsAsUnavailable() {
    FileSystemPlugin broken = mock(FileSystemPlugin.class);
    when(broken.id()).thenReturn("broken");
    when(broken.availability(org.mockito.ArgumentMatchers.any()))
        .thenThrow(new IllegalStateException("boom"));

    assertThat(PluginRegistry.availability(broken, host).isAvailable()).isFalse();
    assertThat(PluginRegistry.availability(broken, host).reason()).contains("boom");
  }
}
