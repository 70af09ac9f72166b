package io.fsbench.spi;

import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Everything a plugin needs to make, mount and destroy one filesystem. Core decides every path and
 * name; the plugin decides nothing but its own tool invocations.
 *
 * @param device the block device to put the filesystem on
 * @param mountPoint an existing, empty directory to mount it on
 * @param name a unique name containing "fsbench", for labels and pool names
 * @param stateDir a private directory the plugin may use for its own files (symlinks, caches)
 * @param deviceSize the size of the device
 * @param tuning the tuning to apply, already validated
 */
public record FileSystemSpec(
    Path device, Path mountPoint, String name, Path stateDir, Size deviceSize, Tuning tuning) {

  public FileSystemSpec {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(mountPoint, "mountPoint");
    Objects.requireNonNull(stateDir, "stateDir");
    Objects.requireNonNull(deviceSize, "deviceSize");
    Objects.requireNonNull(tuning, "tuning");
    if (name == null || !name.contains("fsbench") || !name.matches("[A-Za-z0-9_.-]+")) {
      throw new IllegalArgumentException(
          "name (" + name + ") must contain 'fsbench' and only letters, digits, '_', '.', '-'");
    }
  }
}
