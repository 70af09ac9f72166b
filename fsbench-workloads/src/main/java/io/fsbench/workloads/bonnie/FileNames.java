package io.fsbench.workloads.bonnie;

import java.util.Locale;

/**
 * bonnie++'s file names ({@code COpenTest::make_names}): per file, {@code rand() % 13} random
 * characters of {@code [a-z0-9A-Z]}, each {@code rand() % 62}, after the file's number as 10 hex
 * digits for the sequential tests and before it for the random ones; with several directories, in
 * {@code %05d/} subdirectories that each take {@code files / dirs + 1} files in turn. And its
 * shuffle ({@code random_sort}): for each index, a swap with {@code rand() % files}.
 */
final class FileNames {

  static final String RAND_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  /** bonnie++'s {@code RandExtraLen}. */
  static final int RAND_EXTRA = 12;

  private final String[] names;
  private final int[] directories;

  FileNames(String[] names, int[] directories) {
    this.names = names;
    this.directories = directories;
  }

  static FileNames make(GlibcRand random, int number, int dirs, boolean randomOrder) {
    String[] names = new String[number];
    int[] directories = new int[number];
    int perDirectory = number / dirs;
    int inDirectory = 0;
    int directory = 0;
    for (int i = 0; i < number; i++) {
      int length = random.next() % (RAND_EXTRA + 1);
      StringBuilder extra = new StringBuilder(length);
      for (int j = 0; j < length; j++) {
        extra.append(RAND_CHARS.charAt(random.next() % RAND_CHARS.length()));
      }
      String prefix = dirs != 1 ? directoryName(directory) + "/" : "";
      directories[i] = directory;
      inDirectory++;
      if (inDirectory > perDirectory) {
        inDirectory = 0;
        directory++;
      }
      String number10 = String.format(Locale.ROOT, "%010x", i);
      names[i] = prefix + (randomOrder ? extra + number10 : number10 + extra);
    }
    return new FileNames(names, directories);
  }

  static String directoryName(int d) {
    return String.format(Locale.ROOT, "%05d", d);
  }

  String name(int i) {
    return names[i];
  }

  int directory(int i) {
    return directories[i];
  }

  int size() {
    return names.length;
  }

  /** bonnie++'s {@code random_sort}, names and their directories together. */
  void shuffle(GlibcRand random) {
    int n = names.length;
    for (int i = 0; i < n; i++) {
      int other = random.next() % n;
      String name = names[i];
      names[i] = names[other];
      names[other] = name;
      int d = directories[i];
      directories[i] = directories[other];
      directories[other] = d;
    }
  }
}
