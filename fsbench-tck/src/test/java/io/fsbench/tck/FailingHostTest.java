package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.spi.Command;
import org.junit.jupiter.api.Test;

class FailingHostTest {

  private final FailingHost host = new FailingHost();

  @Test
  void failsEveryFactAndCommandNamingWhat() {
    assertThatThrownBy(host::kernel).hasMessageContaining("kernel version");
    assertThatThrownBy(host::mounts).hasMessageContaining("mount table");
    assertThatThrownBy(host::kernelFileSystems).hasMessageContaining("/proc/filesystems");
    assertThatThrownBy(() -> host.moduleLoaded("zfs")).hasMessageContaining("/sys/module");
    assertThatThrownBy(() -> host.shell().run(Command.of("mkfs.xfs", "-V")))
        .hasMessageContaining("mkfs.xfs");
    assertThatThrownBy(() -> host.shell().probe(Command.of("zpool", "list")))
        .hasMessageContaining("zpool");
  }

  @Test
  void isARootShellWithEveryTool() {
    assertThat(host.isRoot()).isTrue();
    assertThat(host.findTool("mkfs.xfs")).contains(java.nio.file.Path.of("/usr/sbin/mkfs.xfs"));
  }
}
