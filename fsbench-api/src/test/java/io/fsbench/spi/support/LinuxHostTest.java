package io.fsbench.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.MountEntry;
import io.fsbench.spi.Shell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.Mockito;

class LinuxHostTest {

  @TempDir Path root;
  private Path proc;
  private Path sys;
  private final Shell shell = Mockito.mock(Shell.class);

  @BeforeEach
  void fakeProcAndSys() throws IOException {
    proc = Files.createDirectories(root.resolve("proc"));
    sys = Files.createDirectories(root.resolve("sys/module/zfs"));
    Files.createDirectories(proc.resolve("self"));
    Files.createDirectories(proc.resolve("sys/kernel"));
    Files.writeString(proc.resolve("sys/kernel/osrelease"), "6.1.0-18-amd64\n");
    Files.writeString(
        proc.resolve("self/status"), "Name:\tjava\nUid:\t1000\t0\t0\t0\nGid:\t0\t0\t0\t0\n");
    Files.writeString(
        proc.resolve("self/mounts"),
        "proc /proc proc rw,nosuid 0 0\n\n/dev/loop3 /var/tmp/fsbench\\040mnt xfs rw,noatime 0 0\n");
    Files.writeString(proc.resolve("filesystems"), "nodev\tsysfs\n\text4\nnodev\tfuse\n\txfs\n");
  }

  private LinuxHost host() {
    return new LinuxHost(proc, root.resolve("sys"), new ToolFinder(List.of()), shell);
  }

  @Test
  void readsTheEffectiveUidNotTheRealOne() {
    assertThat(host().isRoot()).isTrue();
  }

  @Test
  void readsTheMountTableSkippingBlankLines() {
    assertThat(host().mounts())
        .containsExactly(
            new MountEntry("proc", Path.of("/proc"), "proc", "rw,nosuid"),
            new MountEntry("/dev/loop3", Path.of("/var/tmp/fsbench mnt"), "xfs", "rw,noatime"));
  }

  @Test
  void readsKernelFileSystemsWithAndWithoutNodev() {
    assertThat(host().kernelFileSystems()).containsExactly("sysfs", "ext4", "fuse", "xfs");
  }

  @Test
  void readsTheKernelVersionAndLoadedModules() {
    assertThat(host().kernel().toString()).startsWith("6.1");
    assertThat(host().moduleLoaded("zfs")).isTrue();
    assertThat(host().moduleLoaded("btrfs")).isFalse();
  }

  @Test
  void saysWhatItCouldNotRead() throws IOException {
    Files.delete(proc.resolve("filesystems"));
    assertThatThrownBy(() -> host().kernelFileSystems())
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("filesystems")
        .hasMessageContaining("needs Linux with /proc");
  }

  @Test
  void runsProgramsThroughTheWrappedShell() {
    Command command = Command.of("true");
    CommandResult done = new CommandResult(command, 0, "", "", java.time.Duration.ZERO);
    Mockito.when(shell.run(command)).thenReturn(done);
    List<String> seen = new java.util.ArrayList<>();
    LinuxHost wrapped =
        host()
            .withShell(
                inner ->
                    new Shell() {
                      @Override
                      public CommandResult run(Command c) {
                        seen.add(c.commandLine());
                        return inner.run(c);
                      }

                      @Override
                      public CommandResult probe(Command c) {
                        return inner.probe(c);
                      }
                    });
    assertThat(wrapped.shell().run(command)).isSameAs(done);
    assertThat(seen).containsExactly("true");
    assertThat(wrapped.isRoot()).isTrue();
  }
}
