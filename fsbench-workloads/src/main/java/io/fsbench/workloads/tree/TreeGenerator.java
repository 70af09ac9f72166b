package io.fsbench.workloads.tree;

import io.fsbench.api.TreeSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * Generates a source-like tree as a tar archive, the same for the same seed.
 *
 * <p>Shape: {@code ceil(files / filesPerDir)} directories in a random recursive tree where
 * directory {@code i} hangs below directory {@code floor(i * u^2)} (u uniform), which favours
 * early, shallow directories as parents and gives the few-wide-many-narrow fanout of real source
 * trees. Each file goes to directory {@code floor(dirs * u^1.5)}, so shallow directories hold more
 * files. Sizes are log-normal, {@code median * exp(sigma * N(0,1))}, capped at {@link
 * TreeSpec#MAX_GENERATED_FILE}; with the defaults (median 4 KiB, sigma 1.5) the mean is ~12 KiB, as
 * in the Linux sources. Names mimic sources: {@code .c}, {@code .h}, Makefiles, docs. Contents are
 * printable pseudo-random text.
 *
 * <p>State is per directory (parent, file count), never per file: a file's size and name are drawn
 * from a generator seeded by its directory, in the order the archive lists them.
 */
final class TreeGenerator {

  private static final String[] DIRECTORY_WORDS = {
    "arch", "block", "crypto", "drivers", "fs", "include", "kernel", "lib", "mm", "net", "sound",
    "tools", "core", "common", "platform", "mach", "boot", "media", "usb", "gpu", "power", "dma"
  };
  private static final String[] EXTENSIONS = {
    ".c", ".c", ".c", ".c", ".c", ".c", ".c", ".c", ".c", ".h", ".h", ".h", ".h", ".h", ".h", ".S",
    ".rst", ".txt", ".py", ".sh"
  };
  private static final String[] PLAIN_NAMES = {"Makefile", "Kconfig", "README"};
  private static final int TEXT_BYTES = 1 << 20;
  private static final FileTime MTIME = FileTime.fromMillis(1_700_000_000_000L);

  private final TreeSpec spec;
  private final int directories;
  private final int[] parent;
  private final int[] firstChild;
  private final int[] nextSibling;
  private final int[] filesIn;
  private final byte[] text = new byte[TEXT_BYTES];

  TreeGenerator(TreeSpec spec) {
    this.spec = spec;
    this.directories =
        (int)
            Math.max(
                1, ((long) spec.generatedFiles() + spec.filesPerDir() - 1) / spec.filesPerDir());
    this.parent = new int[directories];
    this.firstChild = new int[directories];
    this.nextSibling = new int[directories];
    this.filesIn = new int[directories];
    shape(new SplittableRandom(spec.seed()));
  }

  private void shape(SplittableRandom random) {
    Arrays.fill(firstChild, -1);
    Arrays.fill(nextSibling, -1);
    parent[0] = -1;
    int[] lastChild = new int[directories];
    Arrays.fill(lastChild, -1);
    for (int i = 1; i < directories; i++) {
      double u = random.nextDouble();
      int p = (int) (i * u * u);
      parent[i] = p;
      if (lastChild[p] < 0) {
        firstChild[p] = i;
      } else {
        nextSibling[lastChild[p]] = i;
      }
      lastChild[p] = i;
    }
    for (int f = 0; f < spec.generatedFiles(); f++) {
      filesIn[(int) (directories * Math.pow(random.nextDouble(), 1.5))]++;
    }
    for (int i = 0; i < text.length; i++) {
      int c = random.nextInt(100);
      text[i] = (byte) (c < 15 ? ' ' : c < 18 ? '\n' : 'a' + random.nextInt(26));
    }
  }

  int directories() {
    return directories;
  }

  /** Writes the archive; its single top directory is {@code src}. */
  TreeCounts writeArchive(Path archive) throws IOException {
    TreeCounts counts = new TreeCounts();
    try (TarArchiveOutputStream tar = TarCreator.newArchive(archive)) {
      writeDirectory(tar, 0, "src", counts);
      tar.finish();
    }
    return counts;
  }

  /** Depth first: the directory, its files, then its subdirectories; iterative, trees are deep. */
  private void writeDirectory(TarArchiveOutputStream tar, int root, String rootName, TreeCounts c)
      throws IOException {
    ArrayDeque<Pending> stack = new ArrayDeque<>();
    stack.push(new Pending(root, rootName));
    while (!stack.isEmpty()) {
      Pending top = stack.pop();
      int dir = top.dir();
      String path = top.path();
      TarArchiveEntry entry = new TarArchiveEntry(path + "/");
      entry.setModTime(MTIME);
      tar.putArchiveEntry(entry);
      tar.closeArchiveEntry();
      c.directories++;
      writeFiles(tar, dir, path, c);
      List<Integer> children = new ArrayList<>();
      for (int child = firstChild[dir]; child >= 0; child = nextSibling[child]) {
        children.add(child);
      }
      for (int k = children.size() - 1; k >= 0; k--) {
        int child = children.get(k);
        stack.push(new Pending(child, path + "/" + directoryName(child)));
      }
    }
  }

  private void writeFiles(TarArchiveOutputStream tar, int dir, String path, TreeCounts c)
      throws IOException {
    SplittableRandom random = new SplittableRandom(spec.seed() * 31 + dir);
    double median = spec.medianFileSize().bytes();
    long max = TreeSpec.MAX_GENERATED_FILE.bytes();
    for (int f = 0; f < filesIn[dir]; f++) {
      long size =
          Math.min(max, Math.round(median * Math.exp(spec.fileSizeSigma() * gaussian(random))));
      TarArchiveEntry entry = new TarArchiveEntry(path + "/" + fileName(random, f));
      entry.setModTime(MTIME);
      entry.setSize(size);
      tar.putArchiveEntry(entry);
      int offset = random.nextInt(TEXT_BYTES);
      for (long left = size; left > 0; ) {
        int n = (int) Math.min(left, TEXT_BYTES - offset);
        tar.write(text, offset, n);
        left -= n;
        offset = 0;
      }
      tar.closeArchiveEntry();
      c.files++;
      c.bytes += size;
    }
  }

  private record Pending(int dir, String path) {}

  private static double gaussian(SplittableRandom random) {
    // Box-Muller; SplittableRandom has no nextGaussian on Java 17.
    double u1 = 1.0 - random.nextDouble();
    double u2 = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  private static String directoryName(int dir) {
    return DIRECTORY_WORDS[dir % DIRECTORY_WORDS.length] + "-" + dir;
  }

  private static String fileName(SplittableRandom random, int f) {
    int kind = random.nextInt(10);
    if (kind == 0) {
      return PLAIN_NAMES[random.nextInt(PLAIN_NAMES.length)] + (f == 0 ? "" : "." + f);
    }
    StringBuilder s = new StringBuilder();
    int syllables = 1 + random.nextInt(3);
    for (int i = 0; i < syllables; i++) {
      s.append(DIRECTORY_WORDS[random.nextInt(DIRECTORY_WORDS.length)]);
      if (i + 1 < syllables) {
        s.append('_');
      }
    }
    return s.append('-').append(f).append(EXTENSIONS[random.nextInt(EXTENSIONS.length)]).toString();
  }
}
