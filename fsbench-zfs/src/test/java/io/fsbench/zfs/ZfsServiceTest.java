package io.fsbench.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.EnvironmentException;
import io.fsbench.tck.FakeHost;
import io.fsbench.tck.ScriptedShell;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ZfsServiceTest {

  /** What zfs-fuse's zpool says when no daemon serves its socket (captured). */
  static final String DAEMON_DOWN =
      "connect: No such file or directory\n"
          + "Please make sure that the zfs-fuse daemon is running.\n"
          + "internal error: failed to initialize ZFS library\n";

  private final FakeHost host = ZfsHosts.zfsFuse();
  private final ScriptedShell shell = host.shell();
  private final List<Duration> sleeps = new ArrayList<>();

  @Test
  void returnsAtOnceWhenZfsAnswers() {
    ZfsService.ensureRunning(host, ZfsFlavour.ZFS_FUSE, sleeps::add);
    assertThat(shell.commandLines()).containsExactly("zpool list -H -o name");
    assertThat(sleeps).isEmpty();
  }

  @Test
  void startsTheZfsFuseDaemonWhenItIsDownAndWaitsUntilItAnswers() {
    shell
        .answer("zpool list", 1, "", DAEMON_DOWN)
        .then("zpool list", 1, "", DAEMON_DOWN)
        .then("zpool list", 1, "", DAEMON_DOWN)
        .then("zpool list", 0, "", "");
    ZfsService.ensureRunning(host, ZfsFlavour.ZFS_FUSE, sleeps::add);
    assertThat(shell.commandLines())
        .containsExactly(
            "zpool list -H -o name",
            "zfs-fuse -p /run/zfs-fuse.pid",
            "zpool list -H -o name",
            "zpool list -H -o name",
            "zpool list -H -o name");
    assertThat(sleeps).hasSize(3);
  }

  @Test
  void givesUpOnADaemonThatNeverAnswersAfterTheBound() {
    shell.answer("zpool list", 1, "", DAEMON_DOWN);
    assertThatThrownBy(() -> ZfsService.ensureRunning(host, ZfsFlavour.ZFS_FUSE, sleeps::add))
        .isInstanceOf(EnvironmentException.class)
        .hasMessageContaining("started zfs-fuse, but 'zpool list' still fails after 15 s")
        .hasMessageContaining("failed to initialize ZFS library")
        .hasMessageContaining("syslog");
    assertThat(shell.count("zpool list")).isEqualTo(1 + ZfsService.POLL_ATTEMPTS);
    assertThat(shell.count("zfs-fuse")).isEqualTo(1);
    assertThat(sleeps).hasSize(ZfsService.POLL_ATTEMPTS);
  }

  @Test
  void removesAStalePidFileThatKeepsTheDaemonFromStarting() {
    shell
        .answer("zpool list", 1, "", DAEMON_DOWN)
        .then("zpool list", 0, "", "")
        .answer("zfs-fuse", 1, "", "")
        .then("zfs-fuse", 0, "", "")
        .answer("cat /run/zfs-fuse.pid", "4242\n")
        .answer("ps -o stat= -p 4242", 1, "", "");
    ZfsService.ensureRunning(host, ZfsFlavour.ZFS_FUSE, sleeps::add);
    assertThat(shell.commandLines())
        .containsSubsequence(
            "zfs-fuse -p /run/zfs-fuse.pid",
            "cat /run/zfs-fuse.pid",
            "ps -o stat= -p 4242",
            "rm -f /run/zfs-fuse.pid",
            "zfs-fuse -p /run/zfs-fuse.pid",
            "zpool list -H -o name");
  }

  @Test
  void treatsAPidFileNamingAZombieAsStale() {
    shell
        .answer("zpool list", 1, "", DAEMON_DOWN)
        .then("zpool list", 0, "", "")
        .answer("zfs-fuse", 1, "", "")
        .then("zfs-fuse", 0, "", "")
        .answer("cat /run/zfs-fuse.pid", "4077\n")
        .answer("ps -o stat= -p 4077", "Z\n");
    ZfsService.ensureRunning(host, ZfsFlavour.ZFS_FUSE, sleeps::add);
    assertThat(shell.commandLines())
        .containsSubsequence(
            "ps -o stat= -p 4077", "rm -f /run/zfs-fuse.pid", "zfs-fuse -p /run/zfs-fuse.pid");
  }

  @Test
  void keepsThePidFileOfARunningProcessAndSaysSo() {
    shell
        .answer("zpool list", 1, "", DAEMON_DOWN)
        .answer("zfs-fuse", 1, "", "")
        .answer("cat /run/zfs-fuse.pid", "4031\n")
        .answer("ps -o stat= -p 4031", "Ssl\n");
    assertThatThrownBy(() -> ZfsService.ensureRunning(host, ZfsFlavour.ZFS_FUSE, sleeps::add))
        .isInstanceOf(EnvironmentException.class)
        .hasMessageContaining("/run/zfs-fuse.pid names process 4031, which still runs");
    assertThat(shell.count("rm")).isZero();
    assertThat(shell.count("zfs-fuse")).isEqualTo(1);
  }

  @Test
  void reportsADaemonThatFailsToStart() {
    shell
        .answer("zpool list", 1, "", DAEMON_DOWN)
        .answer("zfs-fuse", 1, "", "")
        .answer(
            "cat /run/zfs-fuse.pid", 1, "", "cat: /run/zfs-fuse.pid: No such file or directory");
    assertThatThrownBy(() -> ZfsService.ensureRunning(host, ZfsFlavour.ZFS_FUSE, sleeps::add))
        .isInstanceOf(EnvironmentException.class)
        .hasMessageContaining("'zfs-fuse -p /run/zfs-fuse.pid' failed with exit code 1")
        .hasMessageContaining("service zfs-fuse start");
    assertThat(sleeps).isEmpty();
  }

  @Test
  void neverStartsADaemonForOpenZfs() {
    FakeHost openZfs = ZfsHosts.openZfs();
    openZfs.shell().answer("zpool list", 1, "", "The ZFS modules are not loaded.");
    assertThatThrownBy(() -> ZfsService.ensureRunning(openZfs, ZfsFlavour.OPENZFS, sleeps::add))
        .isInstanceOf(EnvironmentException.class)
        .hasMessageContaining("The ZFS modules are not loaded")
        .hasMessageContaining("modprobe zfs");
    assertThat(openZfs.shell().count("zfs-fuse")).isZero();
  }

  @Test
  void doesNotMistakeOtherFailuresForAStoppedDaemon() {
    shell.answer("zpool list", 1, "", "permission denied");
    assertThatThrownBy(() -> ZfsService.ensureRunning(host, ZfsFlavour.ZFS_FUSE, sleeps::add))
        .isInstanceOf(EnvironmentException.class)
        .hasMessageContaining("permission denied");
    assertThat(shell.count("zfs-fuse")).isZero();
  }
}
