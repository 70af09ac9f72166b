package io.fsbench.core.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.nio.file.Files;
import java.nio.file.Path;

/** How much of a file the page cache holds, from mincore(2) over a mapping: a test oracle. */
final class PageCache {

  static final int PAGE_SIZE = 4096;

  static {
    Native.register(PageCache.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
  }

  private PageCache() {}

  private static native int mincore(long address, long length, long vector);

  static int residentPages(Path path) throws Exception {
    long size = Files.size(path);
    int pages = (int) ((size + PAGE_SIZE - 1) / PAGE_SIZE);
    try (NativeFile file = NativeFile.open(path);
        Memory vector = new Memory(pages)) {
      long address = LibC.mmap(0, size, LibC.PROT_READ, LibC.MAP_SHARED, file.fd(), 0);
      if (address == -1) {
        throw NativeIoException.of(Native.getLastError(), "mmap", path.toString());
      }
      try {
        if (mincore(address, size, Pointer.nativeValue(vector)) != 0) {
          throw NativeIoException.of(Native.getLastError(), "mincore", path.toString());
        }
        int resident = 0;
        for (int i = 0; i < pages; i++) {
          resident += vector.getByte(i) & 1;
        }
        return resident;
      } finally {
        LibC.munmap(address, size);
      }
    }
  }
}
