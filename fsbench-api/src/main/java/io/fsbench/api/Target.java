package io.fsbench.api;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a volume lives.
 *
 * <ul>
 *   <li>{@link #loop(Size)}: a sparse image in fsbench's work dir on a loop device (needs root);
 *   <li>{@link #device(Path, DataLossConsent)}: a real block device, erased;
 *   <li>{@link #directory(Path)}: an existing directory; no mkfs, no tuning, no root.
 * </ul>
 */
public sealed interface Target permits Target.Loop, Target.BlockDevice, Target.Directory {

  /** The default image size for loop volumes. */
  Size DEFAULT_LOOP_SIZE = Size.mib(512);

  static Loop loop(Size size) {
    return new Loop(size);
  }

  static Loop loop() {
    return new Loop(DEFAULT_LOOP_SIZE);
  }

  /**
   * A real block device. Refused when it is mounted and, unless {@link BlockDevice#force()} is
   * used, when it already carries a filesystem or partition-table signature.
   */
  static BlockDevice device(Path device, DataLossConsent consent) {
    return new BlockDevice(device, consent, false);
  }

  static Directory directory(Path directory) {
    return new Directory(directory);
  }

  /** Whether volumes on this target are made (and tuned) by a filesystem plugin. */
  default boolean formats() {
    return !(this instanceof Directory);
  }

  /**
   * A sparse image file on a loop device.
   *
   * @param size the image size; the smallest any plugin accepts is checked by the plugin
   */
  record Loop(Size size) implements Target {
    /** Smaller images cannot hold a Btrfs or ZFS volume with room for a workload. */
    public static final Size MINIMUM = Size.mib(64);

    public Loop {
      Objects.requireNonNull(size, "size");
      if (size.compareTo(MINIMUM) < 0) {
        throw new InvalidInputException(
            "image size ("
                + size
                + ") is too small; give at least "
                + MINIMUM
                + " (e.g. 512m) so every filesystem fits");
      }
    }
  }

  /**
   * A real block device.
   *
   * @param path the device node, e.g. {@code /dev/sdb}
   * @param consent the explicit consent to lose its data
   * @param erasesSignatures whether to erase a device that already carries a filesystem signature
   */
  record BlockDevice(Path path, DataLossConsent consent, boolean erasesSignatures)
      implements Target {
    public BlockDevice {
      Objects.requireNonNull(path, "path");
      if (consent != DataLossConsent.ERASE_ALL_DATA_ON_DEVICE) {
        throw new InvalidInputException(
            "device ("
                + path
                + ") will be erased; pass DataLossConsent.ERASE_ALL_DATA_ON_DEVICE"
                + " (--yes-erase-device on the command line) to confirm");
      }
    }

    /** Also erase a device that carries a filesystem or partition-table signature. */
    public BlockDevice force() {
      return new BlockDevice(path, consent, true);
    }
  }

  /**
   * An existing directory. The engine works in a fresh subdirectory it creates and removes.
   *
   * @param path the directory
   */
  record Directory(Path path) implements Target {
    public Directory {
      Objects.requireNonNull(path, "path");
      if (path.toString().isBlank()) {
        // An empty path is the current directory, which nobody means by leaving it out.
        throw new InvalidInputException(
            "directory (\"" + path + "\") is empty; give the directory to run in, e.g. /tmp");
      }
    }
  }
}
