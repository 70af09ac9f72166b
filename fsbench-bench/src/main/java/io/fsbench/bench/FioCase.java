package io.fsbench.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One generated fio job file and what the generator knows of it: per job section its options with
 * [global] applied, its reporting group and whether the group is reported as one job. {@link
 * FioAgreement} reads the options to decide which fields fio makes deterministic.
 *
 * @param number the case's number in its run, for messages
 * @param text the job file
 * @param sections the job sections in file order
 */
record FioCase(int number, String text, List<Section> sections) {

  FioCase {
    sections = List.copyOf(sections);
  }

  /**
   * One job section.
   *
   * @param name the section name
   * @param options its effective options: [global] first, then its own (later ones win)
   * @param groupId fio's reporting group
   */
  record Section(String name, Map<String, String> options, int groupId) {
    Section {
      options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    String option(String key, String fallback) {
      return options.getOrDefault(key, fallback);
    }

    boolean flag(String key) {
      String v = options.get(key);
      return v != null && !v.equals("0");
    }

    int numJobs() {
      return Integer.parseInt(option("numjobs", "1"));
    }

    boolean groupReporting() {
      return flag("group_reporting");
    }

    /** The rw mode without its offset modifier ({@code read} of {@code read:-8k}). */
    String rw() {
      String rw = option("rw", "read");
      int colon = rw.indexOf(':');
      return colon < 0 ? rw : rw.substring(0, colon);
    }

    boolean mixed() {
      return rw().equals("rw") || rw().equals("readwrite") || rw().equals("randrw");
    }

    boolean reads() {
      return rw().contains("read") || mixed();
    }

    boolean writes() {
      return rw().contains("write") || mixed();
    }

    /**
     * The bytes one clone is asked to move: io_size, else size capped at nrfiles * filesize, times
     * loops; no bound for a section without size.
     */
    long limitBytes() {
      if (sizeFromFiles()) {
        return Long.MAX_VALUE / 4; // the file it finds decides, which the generator leaves
      }
      boolean kb1000 = "1000".equals(options.get("kb_base"));
      long size = bytes("size", kb1000);
      long fileSize = bytes("filesize", kb1000);
      long files = files();
      long limit = bytes("io_size", kb1000);
      if (limit == 0) {
        limit =
            size == 0 ? fileSize * files : fileSize == 0 ? size : Math.min(size, fileSize * files);
      }
      return limit * Long.parseLong(option("loops", "1"));
    }

    /** How many files each clone does I/O on: one with filename, else nrfiles. */
    long files() {
      return options.containsKey("filename") ? 1 : Long.parseLong(option("nrfiles", "1"));
    }

    /** The size of each of the clone's files. */
    long fileBytes() {
      boolean kb1000 = "1000".equals(options.get("kb_base"));
      long fileSize = bytes("filesize", kb1000);
      long files = files();
      return fileSize != 0 ? fileSize : bytes("size", kb1000) / files;
    }

    private long bytes(String key, boolean kb1000) {
      String v = options.get(key);
      return v == null ? 0 : FioJobGenerator.bytes(v, kb1000);
    }

    /**
     * Whether the section gives neither size nor filesize: fio takes its size from the files it
     * finds (an earlier section's), so {@link #limitBytes} and {@link #fileBytes} do not know it.
     */
    boolean sizeFromFiles() {
      return !options.containsKey("size") && !options.containsKey("filesize");
    }

    /** Whether a direction's block size is drawn at random (a bssplit of several sizes). */
    boolean variableBlockSize() {
      String split = options.get("bssplit");
      return split != null && split.contains(":");
    }
  }

  /**
   * The sections reported as the job at {@code index} of fio's "jobs" array, by fio's rule ({@code
   * stat.c}, {@code __show_run_stats}): clones in order, each starting a new report unless it has
   * group_reporting and belongs to the same group as the clone before it.
   */
  List<Section> reportedAs(int index) {
    List<List<Section>> reports = new java.util.ArrayList<>();
    int lastGroup = -1;
    for (Section s : sections) {
      for (int c = 0; c < s.numJobs(); c++) {
        if (reports.isEmpty() || !s.groupReporting() || lastGroup != s.groupId()) {
          reports.add(new java.util.ArrayList<>());
        }
        List<Section> current = reports.get(reports.size() - 1);
        if (!current.contains(s)) {
          current.add(s);
        }
        lastGroup = s.groupId();
      }
    }
    return index < reports.size() ? reports.get(index) : List.of();
  }

  /** How many jobs fio reports: one per clone, or one per group under group_reporting. */
  int reportedJobs() {
    int n = 0;
    while (!reportedAs(n).isEmpty()) {
      n++;
    }
    return n;
  }
}
