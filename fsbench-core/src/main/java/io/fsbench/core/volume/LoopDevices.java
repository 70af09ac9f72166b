package io.fsbench.core.volume;

import io.fsbench.api.FsBenchException;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Attaching and detaching loop devices with {@code losetup}. */
final class LoopDevices {

  private static final Duration TIMEOUT = Duration.ofSeconds(60);
  private static final int DETACH_ATTEMPTS = 10;

  /**
   * How long a detach that {@code losetup} reported done may take to show: the kernel only marks a
   * device that something still holds open for clearing when its last user closes it.
   */
  private static final Duration DETACH_SHOWS_WITHIN = Duration.ofSeconds(3);

  private LoopDevices() {}

  /**
   * Attaches the image to a free loop device, with direct I/O on the backing file where the backing
   * filesystem allows it, so that the host's page cache does not cache the image a second time
   * under the filesystem being measured.
   *
   * @return the device and whether direct I/O is on
   */
  static Attached attach(Host host, Path image) {
    CommandResult direct =
        host.shell()
            .probe(
                Command.of("losetup", "--find", "--show", "--direct-io=on", image.toString())
                    .timeout(TIMEOUT));
    if (direct.succeeded()) {
      return new Attached(direct.stdout().strip(), true);
    }
    // Some backing filesystems (tmpfs, overlayfs) refuse O_DIRECT: fall back to buffered.
    for (String device : attachedTo(host, image)) {
      detach(host, device);
    }
    CommandResult buffered =
        host.shell()
            .run(Command.of("losetup", "--find", "--show", image.toString()).timeout(TIMEOUT));
    return new Attached(buffered.stdout().strip(), false);
  }

  /** A loop device and whether it does direct I/O on its backing file. */
  record Attached(String device, boolean directIo) {}

  /**
   * The loop devices backed by this image, from the loop list; an image deleted while attached is
   * listed with a " (deleted)" suffix, which {@code losetup -j} would not find.
   */
  static List<String> attachedTo(Host host, Path image) {
    CommandResult result =
        host.shell()
            .run(
                Command.of("losetup", "--list", "--noheadings", "--output", "NAME,BACK-FILE")
                    .timeout(TIMEOUT));
    List<String> paths = List.of(image.toAbsolutePath().normalize().toString(), realPath(image));
    List<String> devices = new ArrayList<>();
    for (String line : result.lines()) {
      String[] fields = line.strip().split("\\s+", 2);
      if (fields.length == 2 && paths.contains(stripSuffix(fields[1], " (deleted)"))) {
        devices.add(fields[0]);
      }
    }
    return devices;
  }

  private static String stripSuffix(String s, String suffix) {
    return s.endsWith(suffix) ? s.substring(0, s.length() - suffix.length()) : s;
  }

  /** The path the kernel lists as the backing file: links above the image resolved. */
  private static String realPath(Path image) {
    Path absolute = image.toAbsolutePath().normalize();
    try {
      return absolute.getParent().toRealPath().resolve(absolute.getFileName()).toString();
    } catch (IOException | RuntimeException e) {
      return absolute.toString(); // its directory is gone; the path as given is all there is
    }
  }

  /**
   * Detaches every loop device backed by the image and returns once the loop list shows none: a
   * device the kernel only marked for clearing (something held it open) is waited for and detached
   * again, so that nothing is left attached when this returns.
   *
   * @throws FsBenchException naming the devices still attached after {@link #DETACH_SHOWS_WITHIN}
   */
  static void detachAll(Host host, Path image) {
    long deadline = System.nanoTime() + DETACH_SHOWS_WITHIN.toNanos();
    List<String> left = attachedTo(host, image);
    while (!left.isEmpty()) {
      if (System.nanoTime() - deadline > 0) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "loop device "
                + String.join(", ", left)
                + " still backs "
                + image
                + " "
                + DETACH_SHOWS_WITHIN.toSeconds()
                + " s after it was detached; something holds it open (see 'fuser -v "
                + left.get(0)
                + "'); then run 'fsbench cleanup'");
      }
      for (String device : left) {
        detach(host, device);
      }
      left = attachedTo(host, image);
      if (!left.isEmpty()) {
        sleep(20);
        left = attachedTo(host, image);
      }
    }
  }

  /** Detaches a loop device, retrying while the kernel still reports it busy. */
  static void detach(Host host, String device) {
    CommandResult last = null;
    for (int attempt = 0; attempt < DETACH_ATTEMPTS; attempt++) {
      last = host.shell().probe(Command.of("losetup", "-d", device).timeout(TIMEOUT));
      String err = last.stderr().toLowerCase(Locale.ROOT);
      if (last.succeeded() || err.contains("no such device")) {
        return;
      }
      if (!err.contains("busy")) {
        break;
      }
      sleep(100L << Math.min(attempt, 4));
    }
    throw new FsBenchException(
        FsBenchException.Kind.RUN_FAILED,
        "cannot detach loop device "
            + device
            + ": "
            + last.stderr().strip()
            + "; something still uses it (see 'losetup -l' and 'fuser -v "
            + device
            + "'); then run 'fsbench cleanup'");
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "interrupted while detaching a loop device", e);
    }
  }
}
