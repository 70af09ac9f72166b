package io.fsbench.tck;

import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import io.fsbench.spi.KernelVersion;
import io.fsbench.spi.MountEntry;
import io.fsbench.spi.Shell;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A host whose every fact and command fails, as on a machine without {@code /proc} or whose
 * programs cannot start: what a plugin's availability and tool versions must survive. Only root and
 * tool lookups answer (a root shell with every tool in {@code /usr/sbin}), so that the plugin gets
 * as far as asking.
 */
final class FailingHost implements Host {

  private static IllegalStateException failure(String what) {
    return new IllegalStateException("fsbench-tck: " + what + " fails on this host");
  }

  @Override
  public Shell shell() {
    return new Shell() {
      @Override
      public CommandResult run(Command command) {
        throw failure("running " + command.program());
      }

      @Override
      public CommandResult probe(Command command) {
        throw failure("running " + command.program());
      }
    };
  }

  @Override
  public KernelVersion kernel() {
    throw failure("reading the kernel version");
  }

  @Override
  public boolean isRoot() {
    return true;
  }

  @Override
  public Optional<Path> findTool(String name) {
    return Optional.of(Path.of("/usr/sbin", name));
  }

  @Override
  public List<MountEntry> mounts() {
    throw failure("reading the mount table");
  }

  @Override
  public Set<String> kernelFileSystems() {
    throw failure("reading /proc/filesystems");
  }

  @Override
  public boolean moduleLoaded(String name) {
    throw failure("reading /sys/module");
  }
}
