package io.fsbench.core.volume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.api.DataLossConsent;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Target;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import io.fsbench.spi.Shell;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DeviceGuardTest {

  // The checks after "is it a block device?" need a real block device node to get that far; they
  // use the first one this machine has and are skipped on a machine with none.
  private static final Path BLOCK = firstBlockDevice();

  private final Host host = mock(Host.class);
  private final Shell shell = mock(Shell.class);
  private final DeviceGuard guard = new DeviceGuard(host);

  @BeforeEach
  void setUp() {
    when(host.shell()).thenReturn(shell);
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
  void refusesAMountedDeviceNamingWhereItIsMounted() {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        isBlockDevice(BLOCK), "this machine has no block device node to test with");
    answer("lsblk", 0, BLOCK + "\n" + BLOCK + "p1 /home\n");

    assertThatThrownBy(() -> guard.check(target(BLOCK)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("is in use: " + BLOCK + "p1 mounted on /home")
        .hasMessageContaining("unmount it");
  }

  @Test
  void refusesADeviceHoldingAFilesystemUnlessForced() {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        isBlockDevice(BLOCK), "this machine has no block device node to test with");
    answer("lsblk", 0, BLOCK + "\n");
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
    org.junit.jupiter.api.Assumptions.assumeTrue(
        isBlockDevice(BLOCK), "this machine has no block device node to test with");
    answer("lsblk", 0, BLOCK + "\n");
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
