package io.fsbench.junit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the kernel says is mounted and attached, to check that fsbench released a test's volumes.
 */
final class Leftovers {

  private Leftovers() {}

  /** A mount from {@code /proc/self/mountinfo}: its type and options. */
  record Mount(Path mountPoint, String type, String options) {}

  /** The mount at this mount point, if any. */
  static Optional<Mount> mountAt(Path mountPoint) {
    return mounts().stream().filter(m -> m.mountPoint().equals(mountPoint)).findFirst();
  }

  /** Every mount under a directory, e.g. a work dir. */
  static List<Mount> mountsUnder(Path directory) {
    return mounts().stream().filter(m -> m.mountPoint().startsWith(directory)).toList();
  }

  /**
   * The lines of {@code losetup -a} that name a file under a directory, e.g. a work dir's images.
   */
  static List<String> loopDevicesUnder(Path directory) {
    try {
      Process losetup =
          new ProcessBuilder("losetup", "-a")
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      String out = new String(losetup.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (losetup.waitFor() != 0) {
        throw new IllegalStateException("losetup -a exited with " + losetup.exitValue());
      }
      return out.lines().filter(line -> line.contains(directory.toString())).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static List<Mount> mounts() {
    try {
      return Files.readAllLines(Path.of("/proc/self/mountinfo")).stream()
          .map(Leftovers::parse)
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // id parent major:minor root mount-point options [optional fields] - type source super-options
  private static Mount parse(String line) {
    String[] fields = line.split(" ");
    int separator = List.of(fields).indexOf("-");
    return new Mount(Path.of(fields[4].replace("\\040", " ")), fields[separator + 1], fields[5]);
  }
}
