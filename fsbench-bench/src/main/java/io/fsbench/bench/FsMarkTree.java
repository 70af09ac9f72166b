package io.fsbench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The tree one side of {@link FsMarkDiff} left in its directory, without names: how many files and
 * directories, the files per directory (the directory itself included) as a sorted multiset, and
 * how many files have each size and each name length. Names differ on purpose (fs_mark's come from
 * the clock and random(), fsbench's from the file's number), so only their lengths count.
 *
 * @param files regular files
 * @param directories directories below the root
 * @param filesPerDirectory files directly in each directory, sorted
 * @param sizes files per size in bytes
 * @param nameLengths files per name length
 * @param others entries that are neither files nor directories
 */
record FsMarkTree(
    int files,
    int directories,
    List<Integer> filesPerDirectory,
    SortedMap<Long, Integer> sizes,
    SortedMap<Integer, Integer> nameLengths,
    int others) {

  static FsMarkTree of(Path root) throws IOException {
    int files = 0;
    int directories = 0;
    int others = 0;
    Map<Path, Integer> perDirectory = new TreeMap<>();
    SortedMap<Long, Integer> sizes = new TreeMap<>();
    SortedMap<Integer, Integer> nameLengths = new TreeMap<>();
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.toList()) {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
        if (a.isDirectory()) {
          perDirectory.putIfAbsent(p, 0);
          if (!p.equals(root)) {
            directories++;
          }
        } else if (a.isRegularFile()) {
          files++;
          perDirectory.merge(p.getParent(), 1, Integer::sum);
          sizes.merge(a.size(), 1, Integer::sum);
          nameLengths.merge(p.getFileName().toString().length(), 1, Integer::sum);
        } else {
          others++;
        }
      }
    }
    List<Integer> counts = new ArrayList<>(perDirectory.values());
    counts.sort(null);
    return new FsMarkTree(files, directories, List.copyOf(counts), sizes, nameLengths, others);
  }
}
