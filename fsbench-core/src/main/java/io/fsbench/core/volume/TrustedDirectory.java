package io.fsbench.core.volume;

import io.fsbench.api.EnvironmentException;
import io.fsbench.api.FsBenchException;
import io.fsbench.core.text.IoErrors;
import io.fsbench.spi.support.LinuxHost;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * The checks that make a directory fsbench's own, as OpenSSH's StrictModes does for {@code ~/.ssh}:
 * every directory above it is owned by root or this user and, unless sticky (as {@code /tmp} is),
 * writable by no one else; the directory itself is a real directory (not a link), owned by this
 * user and writable by no one else. fsbench acts on what its work dir says as root, so whoever can
 * write there can make root unmount, detach or delete what they like.
 */
final class TrustedDirectory {

  private static final int S_IFMT = 0170000;
  private static final int S_IFDIR = 0040000;
  private static final int S_IFLNK = 0120000;
  private static final int S_IFREG = 0100000;
  private static final int S_ISVTX = 01000;
  private static final int GROUP_OR_OTHER_WRITE = 0022;

  static final Set<PosixFilePermission> PRIVATE_DIRECTORY =
      PosixFilePermissions.fromString("rwx------");
  static final Set<PosixFilePermission> PRIVATE_FILE = PosixFilePermissions.fromString("rw-------");

  private TrustedDirectory() {}

  /** The effective user id of this process. */
  static int effectiveUid() {
    return LinuxHost.effectiveUid();
  }

  /** What lstat(2) says of a path: its owner and mode, links not followed. */
  record Stat(int uid, int mode, String owner) {
    boolean isLink() {
      return (mode & S_IFMT) == S_IFLNK;
    }

    boolean isDirectory() {
      return (mode & S_IFMT) == S_IFDIR;
    }

    boolean isRegularFile() {
      return (mode & S_IFMT) == S_IFREG;
    }

    boolean writableByOthers() {
      return (mode & GROUP_OR_OTHER_WRITE) != 0;
    }

    boolean sticky() {
      return (mode & S_ISVTX) != 0;
    }

    /** "owned by nobody (uid 65534), mode 0777". */
    String describe() {
      return String.format("owned by %s (uid %d), mode %04o", owner, uid, mode & 07777);
    }
  }

  static Stat lstat(Path path) throws IOException {
    Map<String, Object> attributes =
        Files.readAttributes(path, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
    int uid = (Integer) attributes.get("uid");
    String owner;
    try {
      owner = Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName();
    } catch (IOException e) {
      owner = Integer.toString(uid);
    }
    return new Stat(uid, (Integer) attributes.get("mode"), owner);
  }

  /**
   * Requires every directory above {@code dir} to be safe for this user, both along the path as
   * written and along the path its links lead to: owned by root or this user, and writable by no
   * one else unless sticky. Creates missing directories above {@code dir} first.
   */
  static void requireSafeAncestors(Path dir, int euid) {
    Path parent = dir.toAbsolutePath().normalize().getParent();
    if (parent == null) {
      return;
    }
    try {
      Files.createDirectories(parent);
      requireSafeChain(parent, euid, dir);
      requireSafeChain(parent.toRealPath(), euid, dir);
    } catch (IOException e) {
      throw new EnvironmentException(
          "cannot make or check the directories above the work dir "
              + dir
              + " ("
              + IoErrors.describe(e)
              + "); set FSBENCH_WORK_DIR to a directory of your own",
          e);
    }
  }

  private static void requireSafeChain(Path last, int euid, Path workDir) throws IOException {
    Path prefix = last.getRoot();
    for (Path name : last) {
      prefix = prefix.resolve(name);
      Stat stat = lstat(prefix);
      if (stat.uid() != 0 && stat.uid() != euid) {
        throw unsafe(workDir, prefix, stat, "it is above the work dir but owned by another user");
      }
      if (!stat.isLink() && stat.writableByOthers() && !stat.sticky()) {
        throw unsafe(
            workDir,
            prefix,
            stat,
            "it is above the work dir and others can write to it, so they can replace what is below");
      }
    }
    Stat root = lstat(last.getRoot());
    if (root.uid() != 0 && root.uid() != euid) {
      throw unsafe(workDir, last.getRoot(), root, "it is owned by another user");
    }
  }

  /**
   * Makes {@code dir} a private directory (mode 0700) if it does not exist, then requires it to be
   * this user's own: a directory and not a link, owned by this user, writable by no one else.
   */
  static void ownPrivate(Path dir, Path workDir, int euid) {
    try {
      try {
        Files.createDirectory(dir, privateDirectory());
      } catch (FileAlreadyExistsException e) {
        // there already; checked below
      }
      Stat stat = lstat(dir);
      if (stat.isLink()) {
        throw unsafe(workDir, dir, stat, "it is a symbolic link");
      }
      if (!stat.isDirectory()) {
        throw unsafe(workDir, dir, stat, "it is not a directory");
      }
      if (stat.uid() != euid) {
        throw unsafe(
            workDir, dir, stat, "it is not owned by the user fsbench runs as (uid " + euid + ")");
      }
      if (stat.writableByOthers()) {
        throw unsafe(workDir, dir, stat, "others can write to it");
      }
    } catch (IOException e) {
      throw new EnvironmentException(
          "cannot make or check "
              + dir
              + " ("
              + e.getMessage()
              + "); choose another work dir with FSBENCH_WORK_DIR",
          e);
    }
  }

  /** Creates a new private directory; fails if anything, a link included, is already there. */
  static void createPrivate(Path dir) throws IOException {
    Files.createDirectory(dir, privateDirectory());
  }

  static FileAttribute<Set<PosixFilePermission>> privateDirectory() {
    return PosixFilePermissions.asFileAttribute(PRIVATE_DIRECTORY);
  }

  static FileAttribute<Set<PosixFilePermission>> privateFile() {
    return PosixFilePermissions.asFileAttribute(PRIVATE_FILE);
  }

  /** The lstat of {@code path}, or empty when nothing is there. */
  static java.util.Optional<Stat> lstatIfExists(Path path) throws IOException {
    try {
      return java.util.Optional.of(lstat(path));
    } catch (NoSuchFileException e) {
      return java.util.Optional.empty();
    }
  }

  private static FsBenchException unsafe(Path workDir, Path path, Stat stat, String why) {
    return new EnvironmentException(
        "refusing to use the work dir "
            + workDir
            + ": "
            + path
            + " is "
            + stat.describe()
            + ", and "
            + why
            + ". fsbench acts on what its work dir records (it unmounts, detaches and deletes"
            + " what the registry names), so only the user it runs as may write there. Inspect and"
            + " remove it if it is not yours, fix its owner and mode (chown, chmod go-w), or set"
            + " FSBENCH_WORK_DIR to a directory of your own");
  }
}
