package io.fsbench.spi.support;

import io.fsbench.api.FsBenchException;
import io.fsbench.spi.Host;
import io.fsbench.spi.KernelVersion;
import io.fsbench.spi.MountEntry;
import io.fsbench.spi.Shell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The real machine, read from /proc and /sys, with programs run by a {@link ProcessShell}: the host
 * core hands plugins, and the one a plugin's integration tests run on without core.
 *
 * <pre>{@code
 * Host host = LinuxHost.system();
 * Availability xfs = new XfsPlugin().availability(host);
 * }</pre>
 */
public final class LinuxHost implements Host {

  private final Path proc;
  private final Path sys;
  private final ToolFinder tools;
  private final Shell shell;

  /**
   * A host that reads {@code proc} and {@code sys} (normally {@code /proc} and {@code /sys}), finds
   * programs with {@code tools} and runs them with {@code shell}.
   */
  public LinuxHost(Path proc, Path sys, ToolFinder tools, Shell shell) {
    this.proc = proc;
    this.sys = sys;
    this.tools = tools;
    this.shell = shell;
  }

  /**
   * This machine: programs found on PATH and in the sbin directories, run with {@code LC_ALL=C} by
   * a {@link ProcessShell} that names no package for a missing one.
   */
  public static LinuxHost system() {
    return system(Map.of());
  }

  /**
   * This machine, whose "tool missing" errors name the Debian package of a program where {@code
   * packageOf} knows it ({@code "losetup" -> "mount"}).
   */
  public static LinuxHost system(Map<String, String> packageOf) {
    ToolFinder tools = ToolFinder.fromEnvironment();
    return new LinuxHost(
        Path.of("/proc"), Path.of("/sys"), tools, new ProcessShell(tools, packageOf));
  }

  /**
   * The same machine with programs run through another shell made from this one's: one that logs,
   * records or prints what it runs.
   */
  public LinuxHost withShell(UnaryOperator<Shell> wrap) {
    return new LinuxHost(proc, sys, tools, wrap.apply(shell));
  }

  @Override
  public Shell shell() {
    return shell;
  }

  @Override
  public KernelVersion kernel() {
    return KernelVersion.parse(read(proc.resolve("sys/kernel/osrelease")));
  }

  @Override
  public boolean isRoot() {
    return effectiveUid(proc) == 0;
  }

  /** The effective user id of this process, from {@code /proc/self/status}. */
  public static int effectiveUid() {
    return effectiveUid(Path.of("/proc"));
  }

  private static int effectiveUid(Path proc) {
    for (String line : lines(read(proc.resolve("self/status")))) {
      if (line.startsWith("Uid:")) {
        List<String> ids = fields(line.substring(4));
        if (ids.size() > 1 && ids.get(1).matches("[0-9]+")) {
          return (int) Long.parseLong(ids.get(1));
        }
      }
    }
    throw new FsBenchException(
        FsBenchException.Kind.ENVIRONMENT,
        "cannot tell which user fsbench runs as: " + proc + "/self/status has no Uid line");
  }

  @Override
  public Optional<Path> findTool(String name) {
    return tools.find(name);
  }

  @Override
  public List<MountEntry> mounts() {
    List<MountEntry> entries = new ArrayList<>();
    for (String line : lines(read(proc.resolve("self/mounts")))) {
      entries.add(MountEntry.parse(line));
    }
    return entries;
  }

  @Override
  public Set<String> kernelFileSystems() {
    Set<String> types = new LinkedHashSet<>();
    for (String line : lines(read(proc.resolve("filesystems")))) {
      List<String> fields = fields(line);
      if (!fields.isEmpty()) {
        types.add(fields.get(fields.size() - 1)); // "nodev\tfuse" or "\text4"
      }
    }
    return types;
  }

  @Override
  public boolean moduleLoaded(String name) {
    return Files.isDirectory(sys.resolve("module").resolve(name));
  }

  /** The lines that are not blank. */
  private static List<String> lines(String text) {
    return text.lines().filter(line -> !line.isBlank()).toList();
  }

  /** The whitespace-separated fields; a leading separator makes no empty field ("\text4"). */
  private static List<String> fields(String line) {
    String stripped = line.strip();
    return stripped.isEmpty() ? List.of() : List.of(stripped.split("\\s+"));
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.ENVIRONMENT,
          "cannot read " + file + " (" + e.getMessage() + "); fsbench needs Linux with /proc",
          e);
    }
  }
}
