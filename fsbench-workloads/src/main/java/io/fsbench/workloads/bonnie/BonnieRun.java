package io.fsbench.workloads.bonnie;

import io.fsbench.api.BonnieSpec;
import io.fsbench.api.Size;
import java.nio.file.Path;
import java.util.List;

/**
 * One bonnie run as bonnie++'s {@code main} settles it: the file size (the spec's, or the default
 * from the RAM), the per-char size (at most the file), the RAM, the seed and the machine name, with
 * where the run works: bonnie++'s {@code Bonnie.<pid>}, the file of the I/O tests and the directory
 * of the file tests.
 *
 * @param notes what was chosen that bonnie++ would have chosen silently, for the result
 */
record BonnieRun(
    BonnieSpec spec,
    Size fileSize,
    Size perCharSize,
    Size ram,
    long seed,
    String machine,
    Path directory,
    List<String> notes) {

  BonnieRun {
    notes = List.copyOf(notes);
  }

  /** bonnie++'s {@code globals.name}: the I/O tests' file and, after it, the file tests' dir. */
  Path ioFile() {
    return directory.resolve("Bonnie." + ProcessHandle.current().pid());
  }

  Path fileTestDirectory() {
    return ioFile();
  }
}
