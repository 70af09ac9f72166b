package io.fsbench.workloads.bonnie;

import io.fsbench.api.BonnieSpec;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.nativeio.FileSystemStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * bonnie++'s sizing rules (bonnie++.cpp {@code main}): the RAM from the machine unless {@code -r};
 * without {@code -s} a file of max(300 MiB, 2 × RAM), rounded up to a whole GiB when more than 512
 * MiB past one; a file below 2 × RAM refused; names of the files that would take more than half the
 * RAM refused; the per-char size at most the file. Plus fsbench's check that the volume has room
 * for the run before it starts.
 */
final class BonnieSizing {

  /** bonnie++'s {@code MaxDataPerFile}: a name's bytes in memory. */
  private static final long DATA_PER_FILE = 37;

  private static final long DEFAULT_FILE_MIB = 300;

  private BonnieSizing() {}

  /** The machine's RAM in MiB as bonnie++ computes it: page size / 1024 × (pages / 1024). */
  static long hostRamMib() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          long kib = Long.parseLong(line.replaceAll("[^0-9]", ""));
          long pages = kib / 4;
          return 4 * (pages / 1024);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // bonnie++ too goes on without a RAM size when sysconf cannot tell it
    }
    return 0;
  }

  static BonnieRun resolve(BonnieSpec spec, long hostRamMib, long seed, String host, Path dir) {
    List<String> notes = new ArrayList<>();
    long ram = spec.ram().map(Size::mib).orElse(hostRamMib);
    long size;
    if (spec.fileSize().isPresent()) {
      size = spec.fileSize().get().mib();
    } else {
      size = defaultSize(ram);
      notes.add(
          String.format(
              Locale.ROOT,
              "file size %s is bonnie++'s default: twice the RAM (%s%s), at least 300m, rounded"
                  + " up to a whole GiB; give size= (with ram= below half of it) for another",
              Size.mib(size),
              Size.mib(ram),
              spec.ram().isPresent() ? ", from ram=" : ", the machine's"));
    }
    if (size > 0 && ram > 0 && size < 2 * ram) {
      throw new InvalidInputException(
          "size ("
              + Size.mib(size)
              + ") is below twice the RAM ("
              + Size.mib(ram)
              + (spec.ram().isPresent() ? ", from ram=" : ", the machine's")
              + "): the page cache could hold the file, and bonnie++ refuses this (\"File size"
              + " should be double RAM for good results\"); give size="
              + Size.mib(2 * ram)
              + " or more, or declare less RAM with ram= (bonnie++'s -r), e.g. ram="
              + Size.mib(Math.max(1, size / 2)));
    }
    if (ram > 0 && spec.files() * DATA_PER_FILE * 2 > ram << 10) {
      throw new InvalidInputException(
          "files ("
              + spec.files()
              + " × 1024) would keep names in more than half the RAM ("
              + Size.mib(ram)
              + "), which bonnie++ refuses (\"the system is likely to start paging\"); give fewer"
              + " files");
    }
    Size perChar = Size.mib(Math.min(size, spec.perCharSize().mib()));
    String machine = spec.machine().orElse(host);
    return new BonnieRun(spec, Size.mib(size), perChar, Size.mib(ram), seed, machine, dir, notes);
  }

  static long defaultSize(long ram) {
    long size = DEFAULT_FILE_MIB;
    if (ram > 0) {
      size = Math.max(size, ram * 2);
      if (size % 1024 > 512) {
        size = size + 1024 - size % 1024;
      }
    }
    return size;
  }

  /** The larger of the I/O tests' file and the file tests' files: they are never there at once. */
  static Footprint footprint(BonnieRun run) {
    BonnieSpec spec = run.spec();
    long files = (long) spec.fileCount();
    long perFile = Footprint.blocks(spec.maxFileSize());
    long fileBytes = files * perFile + (spec.directories() + 1L) * Footprint.BLOCK;
    return new Footprint(
        Math.max(Footprint.blocks(run.fileSize().bytes()), files == 0 ? 0 : fileBytes),
        files + spec.directories() + 2);
  }

  /** Refuses a run whose file or files cannot fit in the free space, before writing anything. */
  static void requireRoom(BonnieRun run) throws IOException {
    Footprint need = footprint(run);
    FileSystemStats stats = FileSystemStats.of(run.directory());
    // A filesystem's own metadata (journal, extent trees) takes room too: ask for 2% and 16 MiB.
    long needed = need.bytes() + need.bytes() / 50 + (16L << 20);
    if (stats.availableBytes() < needed) {
      String what =
          run.fileSize().isZero()
              ? spec(run)
              : "a file of " + run.fileSize() + (run.notes().isEmpty() ? "" : " (2 × RAM)");
      throw new FsBenchException(
          FsBenchException.Kind.BAD_INPUT,
          "bonnie needs about "
              + Size.bytes(needed / (1 << 20) * (1 << 20) + (1 << 20))
              + " for "
              + what
              + " but "
              + run.directory()
              + " has "
              + stats.availableBytes() / (1 << 20)
              + " MiB free; give a smaller --param size= (with --param ram= at most half of it),"
              + " fewer files, or a larger volume (--image-size)");
    }
  }

  private static String spec(BonnieRun run) {
    return run.spec().fileCount() + " files of up to " + run.spec().maxFileSize() + " bytes";
  }
}
