package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.spi.Command;
import io.fsbench.spi.Host;
import io.fsbench.spi.MountEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** What a volume left attached under the kit's work dir: loop devices, mounts, registry entries. */
final class Leftovers {

  private Leftovers() {}

  static List<String> under(Host host, Path workDir) {
    List<String> found = new ArrayList<>();
    for (MountEntry mount : host.mounts()) {
      if (mount.mountPoint().startsWith(workDir)) {
        found.add("mount " + mount.source() + " on " + mount.mountPoint());
      }
    }
    String loops =
        host.shell()
            .run(Command.of("losetup", "--list", "--noheadings", "--output", "NAME,BACK-FILE"))
            .stdout();
    for (String line : loops.split("\n")) {
      if (line.contains(workDir.toString())) {
        found.add("loop device " + line.strip());
      }
    }
    long entries = registryEntries(workDir);
    if (entries > 0) {
      found.add(entries + " registry entries in " + workDir.resolve("registry"));
    }
    return found;
  }

  static void assertNoneUnder(Host host, Path workDir) {
    assertThat(under(host, workDir)).as("left attached under %s", workDir).isEmpty();
  }

  static long registryEntries(Path workDir) {
    Path registry = workDir.resolve("registry");
    if (!Files.isDirectory(registry)) {
      return 0;
    }
    try (Stream<Path> files = Files.list(registry)) {
      return files.filter(p -> p.toString().endsWith(".resource")).count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
