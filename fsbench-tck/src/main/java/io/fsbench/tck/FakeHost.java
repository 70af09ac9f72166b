package io.fsbench.tck;

import io.fsbench.spi.Host;
import io.fsbench.spi.KernelVersion;
import io.fsbench.spi.MountEntry;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A {@link Host} for unit tests of a plugin: no disk, no root, no tools; every fact is scripted and
 * every command goes to a {@link ScriptedShell}. By default it is a root shell on Linux 6.18 with
 * ext4, XFS, Btrfs and FUSE in the kernel, no module loaded, nothing mounted, and every tool
 * installed in {@code /usr/sbin}.
 *
 * <pre>{@code
 * FakeHost host = new FakeHost().kernel("6.1.0-18-amd64").withoutTool("mkfs.xfs");
 * host.shell().answer("getconf PAGESIZE", "65536\n");
 * assertThat(plugin.availability(host).reason()).contains("mkfs.xfs");
 * }</pre>
 *
 * <p>To make a fact throw, spy on the host with Mockito and hand the plugin the spy: {@code Host
 * broken = spy(host); doThrow(e).when(broken).kernelFileSystems();}.
 */
public final class FakeHost implements Host {

  private final ScriptedShell shell = new ScriptedShell();
  private final Set<String> missingTools = new HashSet<>();
  private final Set<String> toolsLookedUp = new LinkedHashSet<>();
  private KernelVersion kernel = KernelVersion.parse("6.18.0");
  private Set<String> kernelFileSystems = Set.of("ext4", "xfs", "btrfs", "fuse");
  private Set<String> modulesLoaded = Set.of();
  private boolean root = true;
  private List<MountEntry> mounts = List.of();

  /** The running kernel's release, e.g. {@code 6.1.0-18-amd64}. */
  public FakeHost kernel(String release) {
    this.kernel = KernelVersion.parse(release);
    return this;
  }

  /** What {@code /proc/filesystems} lists, replacing the default. */
  public FakeHost kernelFileSystems(String... types) {
    this.kernelFileSystems = Set.of(types);
    return this;
  }

  /** The kernel modules that are loaded, replacing the default of none. */
  public FakeHost modulesLoaded(String... names) {
    this.modulesLoaded = Set.of(names);
    return this;
  }

  public FakeHost root(boolean root) {
    this.root = root;
    return this;
  }

  /** Tools {@link #findTool} does not find. */
  public FakeHost withoutTool(String... tools) {
    missingTools.addAll(List.of(tools));
    return this;
  }

  /** The mount table, as lines of {@code /proc/self/mounts}, replacing the one before. */
  public FakeHost mounted(String... mountTableLines) {
    this.mounts = java.util.Arrays.stream(mountTableLines).map(MountEntry::parse).toList();
    return this;
  }

  /** An empty mount table. */
  public FakeHost unmounted() {
    this.mounts = List.of();
    return this;
  }

  @Override
  public ScriptedShell shell() {
    return shell;
  }

  @Override
  public KernelVersion kernel() {
    return kernel;
  }

  @Override
  public boolean isRoot() {
    return root;
  }

  /**
   * The tools {@link #findTool} was asked for, in order, found or not: what a plugin needs, which
   * the kit removes one by one to check the plugin's availability.
   */
  public Set<String> toolsLookedUp() {
    return Collections.unmodifiableSet(new LinkedHashSet<>(toolsLookedUp));
  }

  @Override
  public Optional<Path> findTool(String name) {
    toolsLookedUp.add(name);
    return missingTools.contains(name) ? Optional.empty() : Optional.of(Path.of("/usr/sbin", name));
  }

  @Override
  public List<MountEntry> mounts() {
    return mounts;
  }

  @Override
  public Set<String> kernelFileSystems() {
    return kernelFileSystems;
  }

  @Override
  public boolean moduleLoaded(String name) {
    return modulesLoaded.contains(name);
  }
}
