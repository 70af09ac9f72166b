package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class FakeHostTest {

  private final FakeHost host = new FakeHost();

  @Test
  void isARootShellOnARecentKernelWithEveryToolAndNothingMounted() {
    assertThat(host.isRoot()).isTrue();
    assertThat(host.kernel().isAtLeast(6, 18)).isTrue();
    assertThat(host.kernelFileSystems()).contains("ext4", "xfs", "btrfs", "fuse");
    assertThat(host.moduleLoaded("zfs")).isFalse();
    assertThat(host.findTool("mkfs.xfs")).contains(Path.of("/usr/sbin/mkfs.xfs"));
    assertThat(host.mounts()).isEmpty();
  }

  @Test
  void takesEachFactAsScripted() {
    host.kernel("6.1.0-18-amd64")
        .kernelFileSystems("vfat")
        .modulesLoaded("zfs")
        .root(false)
        .withoutTool("mkfs.xfs");
    assertThat(host.kernel().release()).isEqualTo("6.1.0-18-amd64");
    assertThat(host.kernelFileSystems()).containsExactly("vfat");
    assertThat(host.moduleLoaded("zfs")).isTrue();
    assertThat(host.isRoot()).isFalse();
    assertThat(host.findTool("mkfs.xfs")).isEmpty();
    assertThat(host.findTool("xfs_info")).isPresent();
  }

  @Test
  void remembersWhichToolsWereLookedUpFoundOrNot() {
    host.withoutTool("mkfs.xfs");
    host.findTool("xfs_info");
    host.findTool("mkfs.xfs");
    host.findTool("xfs_info");
    assertThat(host.toolsLookedUp()).containsExactly("xfs_info", "mkfs.xfs");
  }

  @Test
  void findsWhatIsMountedByItsMountTable() {
    host.mounted("/dev/loop7 /tmp/fsbench\\040mnt xfs rw,relatime 0 0");
    assertThat(host.mountAt(Path.of("/tmp/fsbench mnt")).orElseThrow().type()).isEqualTo("xfs");
    host.unmounted();
    assertThat(host.mountAt(Path.of("/tmp/fsbench mnt"))).isEmpty();
  }
}
