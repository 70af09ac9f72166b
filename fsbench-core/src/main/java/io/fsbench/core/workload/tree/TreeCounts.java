package io.fsbench.core.workload.tree;

/** What a tree operation handled: non-directory entries, directories and bytes of data. */
final class TreeCounts {
  long files;
  long directories;
  long bytes;

  void removed(boolean directory) {
    if (directory) {
      directories++;
    } else {
      files++;
    }
  }

  @Override
  public String toString() {
    return files + " files, " + directories + " directories, " + bytes + " bytes";
  }
}
