package io.fsbench.core.nativeio;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The kernel's page, dentry and inode caches: what a cold-cache run must empty first. To empty the
 * cache of one file without root, use {@link NativeFile#fadvise} with {@link Advice#DONTNEED}.
 */
public final class Caches {

  static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

  private Caches() {}

  /**
   * Writes dirty data back (sync) and drops clean page, dentry and inode caches (writes 3 to
   * /proc/sys/vm/drop_caches).
   *
   * @throws IOException when not root, naming the file and what to do
   */
  public static void dropAll() throws IOException {
    dropAll(DROP_CACHES);
  }

  /** sync(2) only: writes all dirty data back. */
  public static void sync() {
    LibC.sync();
  }

  static void dropAll(Path dropCaches) throws IOException {
    LibC.sync();
    try {
      Files.write(dropCaches, "3\n".getBytes(StandardCharsets.US_ASCII));
    } catch (AccessDeniedException e) {
      throw new IOException(
          "dropping caches needs root: cannot write "
              + dropCaches
              + " as "
              + System.getProperty("user.name")
              + "; run as root, or drop one file's cache with fadvise(DONTNEED)",
          e);
    } catch (IOException e) {
      throw new IOException(
          "cannot drop caches by writing 3 to "
              + dropCaches
              + " ("
              + e
              + "); in a container /proc/sys is often read-only: run on the host or privileged",
          e);
    }
  }
}
