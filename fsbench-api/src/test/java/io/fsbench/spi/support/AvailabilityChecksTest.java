package io.fsbench.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.api.Availability;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import io.fsbench.spi.KernelVersion;
import io.fsbench.spi.Shell;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AvailabilityChecksTest {

  private static final String HINT = "apt-get install xfsprogs";
  private static final List<String> TOOLS = List.of("mkfs.xfs", "xfs_info");

  private final Host host = mock(Host.class);
  private final Shell shell = mock(Shell.class);
  private final List<String> ran = new ArrayList<>();
  private int modprobeExit = 0;

  AvailabilityChecksTest() {
    when(host.shell()).thenReturn(shell);
    when(host.kernel()).thenReturn(KernelVersion.parse("6.1.0-18-amd64"));
    when(host.kernelFileSystems()).thenReturn(Set.of("ext4", "xfs"));
    when(host.findTool(anyString()))
        .thenAnswer(
            call -> Optional.of(Path.of("/usr/sbin").resolve((String) call.getArgument(0))));
    when(shell.probe(any()))
        .thenAnswer(
            call -> {
              Command command = call.getArgument(0);
              ran.add(command.commandLine());
              return new CommandResult(command, modprobeExit, "", "", Duration.ZERO);
            });
  }

  private Availability check() {
    return AvailabilityChecks.toolsAndKernel(host, "xfs", TOOLS, HINT);
  }

  @Test
  void isAvailableWithTheToolsAndAKernelThatListsTheFilesystem() {
    assertThat(check()).isEqualTo(Availability.available());
    assertThat(ran).isEmpty();
  }

  @Test
  void namesTheFirstMissingToolAndHowToInstallIt() {
    when(host.findTool("xfs_info")).thenReturn(Optional.empty());
    assertThat(check()).isEqualTo(Availability.unavailable("xfs_info is not installed", HINT));
  }

  @Test
  void countsALoadedModuleAsSupport() {
    when(host.kernelFileSystems()).thenReturn(Set.of("ext4"));
    when(host.moduleLoaded("xfs")).thenReturn(true);
    assertThat(check().isAvailable()).isTrue();
    assertThat(ran).isEmpty();
  }

  @Test
  void countsAModuleModprobeWouldLoadAsSupport() {
    when(host.kernelFileSystems()).thenReturn(Set.of("ext4"));
    assertThat(check().isAvailable()).isTrue();
    assertThat(ran).containsExactly("modprobe -n -q xfs");
  }

  @Test
  void namesTheKernelWhenItCannotMountTheFilesystem() {
    when(host.kernelFileSystems()).thenReturn(Set.of("ext4"));
    modprobeExit = 1;
    Availability availability = check();
    assertThat(availability.isAvailable()).isFalse();
    assertThat(availability.reason())
        .contains("6.1.0-18-amd64")
        .contains("cannot mount xfs")
        .contains("no xfs driver");
    assertThat(availability.hint()).contains("modprobe xfs");
  }

  @Test
  void takesNoModuleWithoutModprobe() {
    when(host.kernelFileSystems()).thenReturn(Set.of("ext4"));
    when(host.findTool("modprobe")).thenReturn(Optional.empty());
    assertThat(AvailabilityChecks.kernelCanMount(host, "xfs")).isFalse();
    assertThat(ran).isEmpty();
  }

  @Test
  void reportsACheckThatThrowsAsTheReasonInsteadOfThrowing() {
    when(host.kernelFileSystems()).thenThrow(new IllegalStateException("no /proc"));
    assertThat(check())
        .isEqualTo(Availability.unavailable("could not check for xfs: no /proc", HINT));
  }

  @Test
  void checksToolsAloneForPluginsWithTheirOwnKernelCheck() {
    when(host.findTool("zpool")).thenReturn(Optional.empty());
    assertThat(AvailabilityChecks.tools(host, List.of("zfs", "zpool"), "apt-get install zfs-fuse"))
        .isEqualTo(Availability.unavailable("zpool is not installed", "apt-get install zfs-fuse"));
  }
}
