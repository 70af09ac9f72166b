package io.fsbench.tck;

import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import io.fsbench.spi.KernelVersion;
import io.fsbench.spi.MountEntry;
import io.fsbench.spi.Shell;
import io.fsbench.spi.support.LinuxHost;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Hosts for a plugin's integration tests: the real machine, as core sees it, and the check that a
 * test can run on it.
 *
 * <pre>{@code
 * private static final Host HOST = TestHosts.real();
 *
 * @BeforeAll
 * static void needsRootAndTheTools() {
 *   TestHosts.assumeUsable(new XfsPlugin(), HOST);
 * }
 * }</pre>
 */
public final class TestHosts {

  private TestHosts() {}

  /**
   * This machine, through the host core runs plugins on ({@link LinuxHost#system()}): tools found
   * on PATH and in the sbin directories, run with {@code LC_ALL=C}. Each command it runs is printed
   * on stdout with its exit status, so that a test report shows exactly what ran.
   */
  public static Host real() {
    return LinuxHost.system().withShell(PrintingShell::new);
  }

  /**
   * The same machine with every program run through another shell, made from the host's own: one
   * that records, or one that runs each program in another namespace.
   */
  public static Host withShell(Host host, java.util.function.UnaryOperator<Shell> wrap) {
    return new ShellReplaced(host, wrap.apply(host.shell()));
  }

  /**
   * Skips the calling test, with the reason, unless this process is root (loop devices and mounts
   * need it) and the plugin is available on the host: the root-level contract's check, but one that
   * always skips, also where CI requires the contract to run.
   */
  public static void assumeUsable(FileSystemPlugin plugin, Host host) {
    RootContract.assumeUsable(plugin, host, false);
  }

  private record PrintingShell(Shell shell) implements Shell {

    @Override
    public CommandResult run(Command command) {
      try {
        return print(shell.run(command));
      } catch (RuntimeException e) {
        System.out.println("ran: " + command + " -> " + e.getMessage());
        throw e;
      }
    }

    @Override
    public CommandResult probe(Command command) {
      return print(shell.probe(command));
    }

    private static CommandResult print(CommandResult result) {
      System.out.println("ran: " + result.command() + " -> exit " + result.exitCode());
      return result;
    }
  }

  private record ShellReplaced(Host host, Shell shell) implements Host {

    @Override
    public KernelVersion kernel() {
      return host.kernel();
    }

    @Override
    public boolean isRoot() {
      return host.isRoot();
    }

    @Override
    public Optional<Path> findTool(String name) {
      return host.findTool(name);
    }

    @Override
    public List<MountEntry> mounts() {
      return host.mounts();
    }

    @Override
    public Set<String> kernelFileSystems() {
      return host.kernelFileSystems();
    }

    @Override
    public boolean moduleLoaded(String name) {
      return host.moduleLoaded(name);
    }
  }
}
