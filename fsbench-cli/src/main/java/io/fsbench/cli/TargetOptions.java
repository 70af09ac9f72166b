package io.fsbench.cli;

import io.fsbench.api.DataLossConsent;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Where a command runs: a fresh volume of a filesystem, a directory, or a real device. */
final class TargetOptions {

  @Option(
      names = "--fs",
      paramLabel = "ID",
      description = "Make a fresh volume of this filesystem (see 'fsbench plugins').")
  String fileSystem;

  @Option(
      names = "--dir",
      paramLabel = "PATH",
      description = "Run in a fresh subdirectory of this existing directory (no mkfs, no root).")
  Path directory;

  @Option(
      names = "--device",
      paramLabel = "DEV",
      description =
          "Make the filesystem on this block device. ERASES IT; needs --yes-erase-device.")
  Path device;

  @Option(
      names = "--yes-erase-device",
      description = "Confirm that everything on --device is to be erased.")
  boolean eraseConsent;

  @Option(
      names = "--force",
      description = "Erase --device even if it already holds a filesystem or partition table.")
  boolean force;

  @Option(
      names = "--image-size",
      paramLabel = "SIZE",
      description =
          "Size of the loop image for --fs (default: 512m; filebench: four times the planned"
              + " dataset, at least 1g).")
  String imageSize;

  @Option(
      names = "--tune",
      paramLabel = "K=V",
      description =
          "Tuning, repeatable: atime=off, data=writeback, compression=zstd:3, cow=off (btrfs),"
              + " recordsize=128k, sync=disabled, or a filesystem option such as logbsize=256k.")
  List<String> tunings = new ArrayList<>();

  /** Whether the target is a loop image whose size the command line leaves to fsbench. */
  boolean loopImageUnsized() {
    return fileSystem != null && device == null && directory == null && imageSize == null;
  }

  /** Sizes the loop image as if --image-size had said so. */
  void imageSize(Size size) {
    imageSize = size.toString();
  }

  /** Whether the command line names a target (--fs, --dir or --device). */
  boolean given() {
    return fileSystem != null || device != null || directory != null;
  }

  Target target() {
    int given = (fileSystem != null || device != null ? 1 : 0) + (directory != null ? 1 : 0);
    if (given == 0) {
      throw new InvalidInputException("give --fs ID (a fresh loop volume), --dir PATH or --device");
    }
    if (directory != null && (fileSystem != null || device != null)) {
      throw new InvalidInputException("--dir cannot be combined with --fs or --device");
    }
    // A flag that would do nothing is refused: the user meant something by it.
    if (device == null) {
      needs("--yes-erase-device", eraseConsent);
      needs("--force", force);
    }
    if (imageSize != null && (directory != null || device != null)) {
      throw new InvalidInputException(
          "--image-size sizes a loop image, which "
              + (directory != null ? "--dir" : "--device")
              + " does not make; drop --image-size, or use --fs alone for a loop image");
    }
    if (directory != null) {
      return Target.directory(directory);
    }
    if (device != null) {
      if (fileSystem == null) {
        throw new InvalidInputException("--device needs --fs ID to say which filesystem to make");
      }
      if (!eraseConsent) {
        throw new InvalidInputException(
            "--device "
                + device
                + " will be erased; add --yes-erase-device to confirm, or use --fs alone for a"
                + " loop image");
      }
      Target.BlockDevice target = Target.device(device, DataLossConsent.ERASE_ALL_DATA_ON_DEVICE);
      return force ? target.force() : target;
    }
    try {
      return Target.loop(Size.parse(imageSize == null ? "512m" : imageSize));
    } catch (InvalidInputException e) {
      throw new InvalidInputException("--image-size: " + e.getMessage(), e);
    }
  }

  private static void needs(String flag, boolean given) {
    if (given) {
      throw new InvalidInputException(
          flag + " applies to --device only; add --device DEV or drop " + flag);
    }
  }

  Tuning tuning() {
    return Tuning.parse(tunings);
  }

  String fileSystemId() {
    return directory != null ? null : fileSystem;
  }
}
