package io.fsbench.tck;

import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A sparse image on a loop device, for a plugin's integration tests: what core's volumes give a
 * plugin, without core. It lives in a fresh directory under the temporary directory, {@code
 * NAME-XXXX/}, with the image in {@code state/} (where core keeps it too) beside an empty mount
 * point {@code mnt/}. {@link #close} releases all of it, also after a failed test: it unmounts what
 * is still mounted on the mount point, detaches the loop device and deletes the directory. It is
 * idempotent.
 *
 * <pre>{@code
 * try (LoopImage image = LoopImage.attach(host, "fsbench-it-xfs", Size.mib(512))) {
 *   FileSystemSpec spec = image.spec(Tuning.parse(List.of("atime=off")));
 *   ...
 * }
 * }</pre>
 */
public final class LoopImage implements AutoCloseable {

  private final Host host;
  private final String name;
  private final Size size;
  private final Path directory;
  private Path device;

  private LoopImage(Host host, String name, Size size, Path directory) {
    this.host = host;
    this.name = name;
    this.size = size;
    this.directory = directory;
  }

  /**
   * Makes a sparse image of {@code size} and attaches it to a free loop device. What was made is
   * released again when attaching fails.
   *
   * @param name names the directory, the image and the {@link #spec}; must contain "fsbench", so
   *     that whatever a killed test leaves behind is recognisably ours
   */
  public static LoopImage attach(Host host, String name, Size size) {
    if (!name.contains("fsbench") || !name.matches("[A-Za-z0-9_.-]+")) {
      throw new IllegalArgumentException(
          "name (" + name + ") must contain 'fsbench' and only letters, digits, '_', '.', '-'");
    }
    LoopImage image;
    try {
      image = new LoopImage(host, name, size, Files.createTempDirectory(name + "-"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      image.attach();
      return image;
    } catch (RuntimeException e) {
      image.close();
      throw e;
    }
  }

  private void attach() {
    try {
      Files.createDirectory(mountPoint());
      Files.createDirectory(stateDir());
      try (RandomAccessFile file = new RandomAccessFile(image().toFile(), "rw")) {
        file.setLength(size.bytes());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String loop =
        host.shell().run(Command.of("losetup", "-f", "--show", image().toString())).stdout();
    device = Path.of(loop.strip());
  }

  /** The loop device, e.g. {@code /dev/loop3}. */
  public Path device() {
    if (device == null) {
      throw new IllegalStateException(name + " is not attached (any more)");
    }
    return device;
  }

  public Path mountPoint() {
    return directory.resolve("mnt");
  }

  /** A private directory for the plugin's own files, as core gives each volume. */
  public Path stateDir() {
    return directory.resolve("state");
  }

  /** The image file behind the loop device. */
  public Path image() {
    return stateDir().resolve(name + ".img");
  }

  public Size size() {
    return size;
  }

  /** What core would hand a plugin for this device: the device, mount point, state, and a name. */
  public FileSystemSpec spec(Tuning tuning) {
    return new FileSystemSpec(device(), mountPoint(), name, stateDir(), size, tuning);
  }

  /**
   * The sectors of 512 bytes read from the loop device while {@code action} ran ({@code
   * /sys/block/loopN/stat}): whether a read reached the device or was served from a cache.
   */
  public long sectorsReadWhile(Runnable action) throws IOException {
    long before = sectorsRead();
    action.run();
    return sectorsRead() - before;
  }

  private long sectorsRead() throws IOException {
    Path stat = Path.of("/sys/block", device().getFileName().toString(), "stat");
    return Long.parseLong(Files.readString(stat).strip().split("\\s+")[2]);
  }

  /**
   * Unmounts what a failed test left mounted on the mount point (lazily, so that an open file does
   * not keep the device), detaches the loop device and deletes the directory.
   */
  @Override
  public void close() {
    try {
      if (host.mountAt(mountPoint()).isPresent()) {
        host.shell().probe(Command.of("umount", "-l", mountPoint().toString()));
      }
      if (device != null) {
        host.shell().probe(Command.of("losetup", "-d", device.toString()));
        device = null;
      }
    } finally {
      try {
        Leftovers.deleteTree(directory);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Override
  public String toString() {
    return name + (device == null ? " (detached)" : " on " + device);
  }
}
