package io.fsbench.junit;

import io.fsbench.spi.Host;
import io.fsbench.spi.KernelVersion;
import io.fsbench.spi.MountEntry;
import io.fsbench.spi.Shell;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * This machine as fsbench sees it, with one fact changed: not root, or a tool missing. Everything
 * else, the filesystems' tools and their answers included, is the real host's.
 */
record AlteredHost(Host real, boolean root, Set<String> missingTools) implements Host {

  static AlteredHost notRoot() {
    return new AlteredHost(io.fsbench.FsBench.systemHost(), false, Set.of());
  }

  static AlteredHost without(String tool) {
    Host real = io.fsbench.FsBench.systemHost();
    return new AlteredHost(real, real.isRoot(), Set.of(tool));
  }

  @Override
  public Shell shell() {
    return real.shell();
  }

  @Override
  public KernelVersion kernel() {
    return real.kernel();
  }

  @Override
  public boolean isRoot() {
    return root;
  }

  @Override
  public Optional<Path> findTool(String name) {
    return missingTools.contains(name) ? Optional.empty() : real.findTool(name);
  }

  @Override
  public List<MountEntry> mounts() {
    return real.mounts();
  }

  @Override
  public Set<String> kernelFileSystems() {
    return real.kernelFileSystems();
  }

  @Override
  public boolean moduleLoaded(String name) {
    return real.moduleLoaded(name);
  }
}
