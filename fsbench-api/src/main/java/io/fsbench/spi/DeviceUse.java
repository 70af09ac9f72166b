package io.fsbench.spi;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A use of a block device that only a filesystem plugin knows of, for the refusal core gives before
 * it erases the device: {@code /dev/loop3 is a vdev of the imported ZFS pool tank}.
 *
 * @param device the device or partition in use, as the plugin's tool names it
 * @param use what holds it, completing "DEVICE is …", e.g. {@code a vdev of the imported ZFS pool
 *     tank}
 */
public record DeviceUse(Path device, String use) {

  public DeviceUse {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(use, "use");
    if (use.isBlank()) {
      throw new IllegalArgumentException("use of " + device + " must say what holds it");
    }
  }

  /** The use in words: {@code /dev/loop3 is a vdev of the imported ZFS pool tank}. */
  @Override
  public String toString() {
    return device + " is " + use;
  }
}
