package io.fsbench.core.volume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.api.DataLossConsent;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Target;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.DeviceUse;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import io.fsbench.spi.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeviceGuardTest {

  // The checks after "is it a block device?" need a real block device node to get that far; they
  // use the first one this machine has and are skipped on a machine with none.
  private static final Path BLOCK = firstBlockDevice();

  @TempDir Path proc;
  private final Host host = mock(Host.class);
  private final Shell shell = mock(Shell.class);
  private boolean claimed;
  private final FileSystemPlugin plugin = mock(FileSystemPlugin.class);
  private DeviceGuard guard;

  @BeforeEach
  void setUp() {
    when(host.shell()).thenReturn(shell);
    when(host.findTool(anyString())).thenReturn(Optional.empty());
    guard = new DeviceGuard(host, new DeviceUsers(host, List.of(plugin), proc, device -> claimed));
  }

  private void assumeABlockDevice() {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        isBlockDevice(BLOCK), "this machine has no block device node to test with");
  }

  private void assertInUse(Target.BlockDevice target, String use) {
    assertThatThrownBy(() -> guard.check(target))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("is in use: ")
        .hasMessageContaining(use)
        .hasMessageContaining("--force does not override this");
  }

  private void answer(String program, int exit, String stdout) {
    when(shell.run(argThat((Command c) -> c != null && c.program().equals(program))))
        .thenAnswer(i -> new CommandResult(i.getArgument(0), exit, stdout, "", Duration.ZERO));
    when(shell.probe(argThat((Command c) -> c != null && c.program().equals(program))))
        .thenAnswer(i -> new CommandResult(i.getArgument(0), exit, stdout, "", Duration.ZERO));
  }

  private static Target.BlockDevice target(Path device) {
    return Target.device(device, DataLossConsent.ERASE_ALL_DATA_ON_DEVICE);
  }

  @Test
  void refusesSomethingThatIsNotABlockDevice() {
    assertThatThrownBy(() -> guard.check(target(Path.of("/etc/hostname"))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("device (/etc/hostname) is not a block device");
  }

  @Test
  void refusesADeviceWithAMountedPartitionNamingWhereItIsMounted() {
    assumeABlockDevice();
    answer("lsblk", 0, BLOCK + " disk \n" + BLOCK + "p1 part /home\n");

    assertInUse(target(BLOCK), BLOCK + "p1 is mounted on /home");
  }

  @Test
  void refusesADeviceUsedAsSwapEvenWhenForced() {
    assumeABlockDevice();
    answer("lsblk", 0, BLOCK + " disk [SWAP]\n");

    assertInUse(target(BLOCK).force(), BLOCK + " is in use as swap");
  }

  @Test
  void refusesADeviceThatADeviceMapperDeviceIsBuiltOn() {
    assumeABlockDevice();
    answer("lsblk", 0, BLOCK + " disk \n/dev/mapper/vg-data lvm \n");

    assertInUse(target(BLOCK).force(), "/dev/mapper/vg-data (lvm) is built on it");
  }

  @Test
  void refusesADeviceAFileSystemsPluginSeesInUseThoughNoKernelHolderShows() {
    assumeABlockDevice();
    answer("lsblk", 0, BLOCK + " disk \n");
    when(plugin.usesOf(Set.of(BLOCK), host))
        .thenReturn(List.of(new DeviceUse(BLOCK, "a vdev of the imported ZFS pool tank")));

    assertInUse(target(BLOCK).force(), BLOCK + " is a vdev of the imported ZFS pool tank");
  }

  @Test
  void refusesADeviceAProcessHasOpenNamingIt() throws Exception {
    assumeABlockDevice();
    answer("lsblk", 0, BLOCK + " disk \n");
    Path fds = Files.createDirectories(proc.resolve("4242/fd"));
    Files.createSymbolicLink(fds.resolve("7"), BLOCK);
    Files.writeString(proc.resolve("4242/comm"), "zfs-fuse\n");

    assertInUse(target(BLOCK).force(), BLOCK + " is open by process 4242 (zfs-fuse)");
  }

  @Test
  void refusesADeviceTheKernelHoldsExclusively() {
    assumeABlockDevice();
    answer("lsblk", 0, BLOCK + " disk \n");
    claimed = true;

    assertInUse(target(BLOCK).force(), BLOCK + " is held exclusively by the kernel");
  }

  @Test
  void refusesADeviceHoldingAFilesystemUnlessForced() {
    assumeABlockDevice();
    answer("lsblk", 0, BLOCK + " disk \n");
    answer("blkid", 0, "DEVNAME=" + BLOCK + "\nTYPE=ext4\n");
    answer("blockdev", 0, "1073741824\n");

    assertThatThrownBy(() -> guard.check(target(BLOCK)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("already holds data (TYPE=ext4)")
        .hasMessageContaining("force()");
    assertThat(guard.check(target(BLOCK).force()).bytes()).isEqualTo(1L << 30);
  }

  @Test
  void acceptsAnEmptyUnmountedDeviceAndReportsItsSize() {
    assumeABlockDevice();
    answer("lsblk", 0, BLOCK + " disk \n");
    answer("blkid", 2, "");
    answer("blockdev", 0, "536870912\n");

    assertThat(guard.check(target(BLOCK)).bytes()).isEqualTo(512L << 20);
  }

  @Test
  void demandsConsentToEraseTheDevice() {
    assertThatThrownBy(() -> new Target.BlockDevice(BLOCK, null, false))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("will be erased");
  }

  private static Path firstBlockDevice() {
    for (String candidate : new String[] {"/dev/loop0", "/dev/vda", "/dev/sda", "/dev/nvme0n1"}) {
      if (isBlockDevice(Path.of(candidate))) {
        return Path.of(candidate);
      }
    }
    return Path.of("/dev/loop0");
  }

  private static boolean isBlockDevice(Path p) {
    try {
      int mode = (Integer) java.nio.file.Files.getAttribute(p, "unix:mode");
      return (mode & 0170000) == 0060000;
    } catch (Exception e) {
      return false;
    }
  }
}
