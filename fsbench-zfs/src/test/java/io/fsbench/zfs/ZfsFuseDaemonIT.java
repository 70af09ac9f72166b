package io.fsbench.zfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import io.fsbench.spi.Shell;
import io.fsbench.spi.Sleeper;
import io.fsbench.tck.TestHosts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Starts a zfs-fuse daemon the way the plugin does when none is running, without disturbing the
 * machine's own daemon: the test runs in a private mount namespace whose socket directory, lock
 * directory, pool cache and pid file are its own, so a second daemon can start there. Checks that
 * the start returns (the daemon keeps no pipe of the shell open) and that ZFS then answers.
 */
class ZfsFuseDaemonIT {

  private final Host machine = TestHosts.real();

  @Test
  void startsADaemonThatIsDownAndTheStartReturnsAtOnce() throws Exception {
    assumeTrue(machine.isRoot(), "needs root");
    assumeTrue(
        ZfsFlavour.detect(machine).equals(Optional.of(ZfsFlavour.ZFS_FUSE)),
        "only for zfs-fuse hosts");
    assumeTrue(
        machine.findTool("unshare").isPresent() && machine.findTool("nsenter").isPresent(),
        "needs unshare and nsenter (util-linux)");
    Process holder =
        new ProcessBuilder("unshare", "-m", "--propagation", "private", "sleep", "600").start();
    Namespaced namespaced = new Namespaced(machine.shell(), holder.pid());
    Host host = TestHosts.withShell(machine, shell -> namespaced);
    String daemonPid = "";
    try {
      waitForNamespace(holder);
      // its own /run (socket, lock, pid file) and pool cache
      for (String dir : List.of("/run", "/var/lib/zfs")) {
        host.shell().run(Command.of("mount", "-t", "tmpfs", "fsbench-it-daemon", dir));
      }
      host.shell().run(Command.of("mkdir", "-p", "/run/zfs", "/run/lock/zfs"));
      // a pid file a crashed daemon left, which alone keeps zfs-fuse from starting
      host.shell().run(Command.of("sh", "-c", "echo 999999 > " + ZfsService.PID_FILE));
      CommandResult down = host.shell().probe(Command.of("zpool", "list", "-H", "-o", "name"));
      assertThat(ZfsService.daemonIsDown(down)).as("no daemon in the namespace yet").isTrue();

      long start = System.nanoTime();
      ZfsService.ensureRunning(host, ZfsFlavour.ZFS_FUSE, Sleeper.real());
      long millis = (System.nanoTime() - start) / 1_000_000;
      daemonPid = host.shell().run(Command.of("cat", ZfsService.PID_FILE)).stdout().strip();

      System.out.println("zfs-fuse started and answered in " + millis + " ms; pid " + daemonPid);
      assertThat(host.shell().probe(Command.of("zpool", "list")).succeeded()).isTrue();
      assertThat(namespaced.log)
          .containsSubsequence(
              "zfs-fuse -p /run/zfs-fuse.pid",
              "rm -f /run/zfs-fuse.pid",
              "zfs-fuse -p /run/zfs-fuse.pid");
      assertThat(millis).as("started well within the bound").isLessThan(15_000);
    } finally {
      stop(daemonPid);
      holder.destroy();
      holder.waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** Stops the daemon this test started, by its pid, and waits for it to exit. */
  private void stop(String pid) throws InterruptedException {
    if (!pid.matches("\\d+")) {
      return;
    }
    machine.shell().probe(Command.of("kill", pid));
    for (int i = 0;
        i < 100 && machine.shell().probe(Command.of("kill", "-0", pid)).succeeded();
        i++) {
      Thread.sleep(100);
    }
    if (machine.shell().probe(Command.of("kill", "-0", pid)).succeeded()) {
      machine.shell().probe(Command.of("kill", "-9", pid));
    }
  }

  /** unshare has entered its namespace once its mount namespace differs from ours. */
  private static void waitForNamespace(Process holder) throws IOException, InterruptedException {
    Path self = Files.readSymbolicLink(Path.of("/proc/self/ns/mnt"));
    for (int i = 0; i < 100; i++) {
      Path theirs = Path.of("/proc", Long.toString(holder.pid()), "ns", "mnt");
      if (!Files.readSymbolicLink(theirs).equals(self)) {
        return;
      }
      Thread.sleep(20);
    }
    throw new IllegalStateException("unshare did not make a mount namespace");
  }

  /** Runs every program inside the mount namespace of {@code pid}, and records what it ran. */
  private static final class Namespaced implements Shell {
    private final Shell machine;
    private final long pid;
    final List<String> log = new ArrayList<>();

    Namespaced(Shell machine, long pid) {
      this.machine = machine;
      this.pid = pid;
    }

    private Command inside(Command command) {
      log.add(command.commandLine());
      List<String> argv = new ArrayList<>(List.of("nsenter", "-t", Long.toString(pid), "-m", "--"));
      argv.addAll(command.argv());
      return new Command(argv, command.timeout());
    }

    @Override
    public CommandResult run(Command command) {
      return machine.run(inside(command));
    }

    @Override
    public CommandResult probe(Command command) {
      return machine.probe(inside(command));
    }
  }
}
