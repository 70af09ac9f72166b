package io.fsbench.core.report.compare;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a workload stands for, so that reports can say which filesystem suits which use. The mapping
 * is by workload name, following the names fsbench and fio give (randwrite-4k, write-1m, fsmark,
 * postmark) and the classic personalities (varmail, oltp, fileserver).
 */
public enum UseCase {
  RANDOM_WRITE(
      "random-write heavy, databases and VM images",
      List.of("randwrite", "randrw", "oltp", "sysbench", "database", "randomio")),
  RANDOM_READ(
      "random-read heavy, caches and read-mostly databases",
      List.of("randread", "webproxy", "webserver")),
  SEQUENTIAL_WRITE(
      "sequential write, backups and media",
      List.of("seqwrite", "write-", "singlestreamwrite", "fivestreamwrite", "backup")),
  SEQUENTIAL_READ(
      "sequential read, media streaming and scans",
      List.of("seqread", "read-", "singlestreamread", "fivestreamread", "videoserver")),
  SMALL_FILES(
      "metadata and small files, mail (maildir) and build trees",
      List.of(
          "fsmark",
          "fs_mark",
          "postmark",
          "varmail",
          "fileserver",
          "metadata",
          "smallfile",
          "create",
          "untar",
          "tar",
          "tree",
          "maildir",
          "compile"));

  private final String label;
  private final List<String> markers;

  UseCase(String label, List<String> markers) {
    this.label = label;
    this.markers = markers;
  }

  /** {@code random-write heavy, databases and VM images}. */
  public String label() {
    return label;
  }

  /**
   * The use case a workload name stands for, if any. Prefixes such as {@code write-} only match at
   * the start, so that {@code randwrite-4k} is not taken for a sequential write.
   */
  public static Optional<UseCase> of(String workload) {
    String name = workload.toLowerCase(Locale.ROOT);
    if (name.startsWith("readwrite") || name.startsWith("rw-")) {
      return Optional.empty(); // sequential mixes stand for no single use
    }
    for (UseCase useCase : values()) {
      for (String marker : useCase.markers) {
        boolean matches = marker.endsWith("-") ? name.startsWith(marker) : name.contains(marker);
        if (matches) {
          return Optional.of(useCase);
        }
      }
    }
    return Optional.empty();
  }
}
