package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.spi.Command;
import io.fsbench.spi.Host;
import io.fsbench.spi.MountEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** What a test left attached under a directory of the kit's: mounts and loop devices. */
final class Leftovers {

  private Leftovers() {}

  static List<String> under(Host host, Path directory) {
    List<String> found = new ArrayList<>();
    for (MountEntry mount : host.mounts()) {
      if (mount.mountPoint().startsWith(directory)) {
        found.add("mount " + mount.source() + " on " + mount.mountPoint());
      }
    }
    String loops =
        host.shell()
            .run(Command.of("losetup", "--list", "--noheadings", "--output", "NAME,BACK-FILE"))
            .stdout();
    for (String line : loops.split("\n")) {
      if (line.contains(directory.toString())) {
        found.add("loop device " + line.strip());
      }
    }
    return found;
  }

  static void assertNoneUnder(Host host, Path directory) {
    assertThat(under(host, directory)).as("left attached under %s", directory).isEmpty();
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
