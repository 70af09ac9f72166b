package io.fsbench.core.host;

import com.google.common.base.CharMatcher;
import com.google.common.base.Splitter;
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
import java.util.Optional;
import java.util.Set;

/** The real machine, read from /proc and /sys. */
public final class LinuxHost implements Host {

  // Empty fields are dropped explicitly; String.split would keep a leading one ("\text4").
  private static final Splitter LINES = Splitter.on('\n').omitEmptyStrings();
  private static final Splitter FIELDS =
      Splitter.on(CharMatcher.whitespace()).trimResults().omitEmptyStrings();

  private final Path proc;
  private final Path sys;
  private final ToolFinder tools;
  private final Shell shell;

  public LinuxHost(Path proc, Path sys, ToolFinder tools, Shell shell) {
    this.proc = proc;
    this.sys = sys;
    this.tools = tools;
    this.shell = shell;
  }

  public static LinuxHost system() {
    ToolFinder tools = ToolFinder.fromEnvironment();
    return new LinuxHost(Path.of("/proc"), Path.of("/sys"), tools, new ProcessShell(tools));
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
    for (String line : LINES.split(read(proc.resolve("self/status")))) {
      if (line.startsWith("Uid:")) {
        List<String> ids = FIELDS.splitToList(line.substring(4));
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
    for (String line : LINES.split(read(proc.resolve("self/mounts")))) {
      if (!line.isBlank()) {
        entries.add(MountEntry.parse(line));
      }
    }
    return entries;
  }

  @Override
  public Set<String> kernelFileSystems() {
    Set<String> types = new LinkedHashSet<>();
    for (String line : LINES.split(read(proc.resolve("filesystems")))) {
      List<String> fields = FIELDS.splitToList(line);
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
