package io.fsbench.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.api.FsBenchException;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandFailedException;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import io.fsbench.spi.MountEntry;
import io.fsbench.spi.Shell;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

class MountsTest {

  private static final Path MOUNT_POINT = Path.of("/var/tmp/fsbench/mnt-1");
  private static final String MOUNTED = "/dev/loop7 /var/tmp/fsbench/mnt-1 xfs rw,relatime 0 0";

  private final Host host = mock(Host.class);
  private final Shell shell = mock(Shell.class);
  private final List<String> ran = new ArrayList<>();
  private final Deque<CommandResult> answers = new ArrayDeque<>();
  private final List<Duration> waits = new ArrayList<>();
  private List<MountEntry> mountTable = List.of(MountEntry.parse(MOUNTED));

  MountsTest() {
    when(host.shell()).thenReturn(shell);
    when(host.mounts()).thenAnswer(call -> mountTable);
    when(host.mountAt(any())).thenCallRealMethod();
    when(shell.run(any())).thenAnswer(call -> respond(call.getArgument(0)));
    when(shell.probe(any())).thenAnswer(call -> respond(call.getArgument(0)));
  }

  private CommandResult respond(Command command) {
    ran.add(command.commandLine());
    CommandResult answer =
        answers.isEmpty() ? null : answers.size() > 1 ? answers.poll() : answers.peek();
    return answer == null
        ? CommandResult.ok(command, "")
        : new CommandResult(command, answer.exitCode(), "", answer.stderr(), Duration.ZERO);
  }

  private MountsTest answering(int exitCode, String stderr) {
    answers.add(new CommandResult(Command.of("x"), exitCode, "", stderr, Duration.ZERO));
    return this;
  }

  private void unmount() {
    Mounts.unmount(host, MOUNT_POINT, List.of("umount"), waits::add);
  }

  @Test
  void mountsWithTypeAndOptionsInOrder() {
    Mounts.mount(host, "xfs", List.of("noatime", "logbsize=256k"), "/dev/loop7", MOUNT_POINT);
    assertThat(ran)
        .containsExactly("mount -t xfs -o noatime,logbsize=256k /dev/loop7 /var/tmp/fsbench/mnt-1");
  }

  @Test
  void aFailedMountSaysWhatTheKernelLoggedAboutTheDevice() {
    doAnswer(
            call -> {
              Command command = call.getArgument(0);
              ran.add(command.commandLine());
              return command.commandLine().startsWith("dmesg")
                  ? new CommandResult(
                      command,
                      0,
                      "[ 10.1] loop8: detected capacity change\n"
                          + "[ 12.5] XFS (loop7): logbuf size must be greater than or equal to log"
                          + " stripe size\n[ 12.6] other: noise\n",
                      "",
                      Duration.ZERO)
                  : new CommandResult(
                      command, 32, "", "mount: wrong fs type, bad option", Duration.ZERO);
            })
        .when(shell)
        .probe(any());

    assertThatThrownBy(
            () -> Mounts.mount(host, "xfs", List.of("logbsize=16k"), "/dev/loop7", MOUNT_POINT))
        .isInstanceOf(CommandFailedException.class)
        .hasMessageContaining("mount: wrong fs type, bad option")
        .hasMessageContaining(
            "the kernel logged: XFS (loop7): logbuf size must be greater than or equal to log"
                + " stripe size")
        .hasMessageNotContaining("loop8")
        .hasMessageNotContaining("noise");
  }

  @Test
  void mountsWithoutTypeOrOptionsWhenThereAreNone() {
    Mounts.mount(host, null, List.of(), "fsbench-1/data", MOUNT_POINT);
    assertThat(ran).containsExactly("mount fsbench-1/data /var/tmp/fsbench/mnt-1");
  }

  @Test
  void runsNothingWhenNothingIsMounted() {
    mountTable = List.of();
    unmount();
    assertThat(ran).isEmpty();
  }

  @Test
  void unmountsWhatIsMountedOnce() {
    unmount();
    assertThat(ran).containsExactly("umount /var/tmp/fsbench/mnt-1");
    assertThat(waits).isEmpty();
  }

  @Test
  void runsAGivenUnmountCommandVerbatim() {
    Mounts.unmount(host, MOUNT_POINT, List.of("zfs", "unmount", "fsbench-1/data"), waits::add);
    assertThat(ran).containsExactly("zfs unmount fsbench-1/data");
  }

  @Test
  void retriesABusyFilesystemUntilItIsFree() {
    answering(32, "umount: /var/tmp/fsbench/mnt-1: target is busy.")
        .answering(32, "umount: /var/tmp/fsbench/mnt-1: target is busy.")
        .answering(0, "");
    unmount();
    assertThat(ran).hasSize(3);
    assertThat(waits).hasSize(2);
  }

  @Test
  void takesAFailureAsDoneWhenTheMountIsGoneAnyway() {
    answering(32, "umount: /var/tmp/fsbench/mnt-1: not mounted.");
    when(host.mounts()).thenReturn(List.of(MountEntry.parse(MOUNTED)), List.of());
    unmount();
    assertThat(ran).containsExactly("umount /var/tmp/fsbench/mnt-1");
  }

  @Test
  void failsAtOnceWithTheToolsErrorWhenItIsNotBusy() {
    answering(32, "umount: /var/tmp/fsbench/mnt-1: permission denied.");
    assertThatThrownBy(this::unmount)
        .isInstanceOf(CommandFailedException.class)
        .hasMessageContaining("permission denied");
    assertThat(ran).hasSize(1);
  }

  @Test
  void givesUpOnABusyFilesystemAfterTheBoundAndSaysWhatHoldsIt() {
    answering(32, "umount: /var/tmp/fsbench/mnt-1: target is busy.");
    assertThatThrownBy(this::unmount)
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("/var/tmp/fsbench/mnt-1 is still busy after 12 attempts")
        .hasMessageContaining("target is busy")
        .hasMessageContaining("fuser -vm /var/tmp/fsbench/mnt-1")
        .hasMessageContaining("fsbench cleanup");
    assertThat(ran).hasSize(Retry.ATTEMPTS);
    assertThat(waits).hasSize(Retry.ATTEMPTS - 1);
  }
}
