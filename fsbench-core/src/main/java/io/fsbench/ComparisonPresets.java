package io.fsbench;

import io.fsbench.api.ComparisonPreset;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.api.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The seed tables fsbench reproduces with one command, {@code fsbench compare --preset NAME} or
 * {@link ComparisonBuilder#preset(String)}: each a documented list of workloads with their original
 * parameters, scaled to the machine where the original would not fit, and the tunings its table
 * compared ({@link #tunings(String)}).
 *
 * <ul>
 *   <li>{@code classic-io}: sequential write and read of 128 KiB blocks and random 4 KiB writes, 8
 *       s each, on 512 MiB images: {@code fsbench compare}'s default.
 *   <li>{@code classic-table}: the classic multi-filesystem table's rows that fsbench can produce:
 *       filesystem creation, mount and unmount; a large file copied, copied again and removed; a
 *       source tree extracted, listed, searched, tarred, copied and removed; a million files; dd
 *       with 1 KiB and 1 MiB blocks; PostMark; randomio; bonnie++; IOzone at 4 KiB and 1 MiB
 *       records; filebench's randomread, randomwrite, varmail, webproxy and videoserver (rows
 *       47-51, {@link ClassicFilebenchRows}).
 *   <li>{@code tar-rm}: a tree extracted from a tar archive and removed with {@code rm -rf}, with a
 *       sync between, as in cross-OS ZFS comparisons; {@code archive=PATH} gives the archive.
 * </ul>
 *
 * <p>Scaling: a size of the original above a quarter of the free space in fsbench's work dir is
 * lowered to that quarter (in whole MiB), and {@code scale=F} (0 &lt; F &le; 1) shrinks every size,
 * count and run time by F for a quick run (randomio's 60 s sample to at least 5 s, filebench's
 * {@code run 60} to at least 2 s); each change is printed in the reports. {@code classic-table}
 * also has a time budget, {@code budget=45m} unless a scale is given ({@code budget=off} for none):
 * before the table, {@link PresetBudget} times it at two small scales on the filesystems compared
 * and shrinks the rows that would not fit, the slowest first. A row with a run of fixed length
 * ({@link RunTime}: randomio's sample, filebench's run) shrinks its data to {@link
 * #BUDGET_DATA_FLOOR} (256 MiB) first, then its run to {@link #BUDGET_RUN_FLOOR} (10 s), and only
 * then its data further.
 */
public final class ComparisonPresets {

  private static final long MIB = 1L << 20;

  private static final Map<String, String> DESCRIPTIONS = new LinkedHashMap<>();

  static {
    DESCRIPTIONS.put(
        "classic-io",
        "sequential write and read in 128 KiB blocks and random writes in 4 KiB blocks, 8 s each,"
            + " on 512 MiB images (fsbench compare's default)");
    DESCRIPTIONS.put(
        "classic-table",
        "the classic multi-filesystem comparison table: filesystem creation, mount and unmount;"
            + " a 4 GiB file copied, copied again and removed; a source tree extracted, listed,"
            + " searched, tarred, copied and removed; a million files; dd with 1 KiB and 1 MiB"
            + " blocks over a 4 GiB file; PostMark; randomio bigfile 10 .25 .01 2048 60 1;"
            + " bonnie++ -s 7920 -f; iozone -Razc -s 8192m with 4 KiB and with 1 MiB records,"
            + " tests 0, 1 and 2; filebench's randomread, randomwrite, varmail, webproxy and"
            + " videoserver, run 60");
    DESCRIPTIONS.put(
        "tar-rm",
        "a tree extracted from a tar archive and removed with rm -rf, a sync after each, as in"
            + " cross-OS ZFS comparisons");
  }

  private ComparisonPresets() {}

  /** The presets' names, e.g. {@code classic-table}. */
  public static List<String> names() {
    return List.copyOf(DESCRIPTIONS.keySet());
  }

  /** One sentence on what {@code name} reproduces. */
  public static String description(String name) {
    String d = DESCRIPTIONS.get(known(name));
    return d;
  }

  /**
   * The tunings the preset's table compared, per filesystem: for {@code classic-table}, ext4 with
   * noatime, nodiratime, data=writeback and barrier=0, and ext4 without a journal (ext4 refuses a
   * data mode without one); xfs with noatime and nodiratime (Linux removed XFS's nobarrier in 4.19,
   * so barrier=0 is not part of it); btrfs with noatime and nodiratime. Empty for presets that
   * compare defaults only.
   */
  public static Map<String, List<Tuning>> tunings(String name) {
    if (!known(name).equals("classic-table")) {
      return Map.of();
    }
    Map<String, List<Tuning>> t = new LinkedHashMap<>();
    t.put(
        "ext4",
        List.of(
            Tuning.parse(List.of("atime=off", "diratime=off", "data=writeback", "barriers=off")),
            Tuning.parse(List.of("atime=off", "diratime=off", "journal=off"))));
    t.put("xfs", List.of(Tuning.parse(List.of("atime=off", "diratime=off"))));
    t.put("btrfs", List.of(Tuning.parse(List.of("atime=off", "diratime=off"))));
    return t;
  }

  /** The time budget of {@code classic-table} when neither a scale nor a budget is given. */
  static final Duration DEFAULT_BUDGET = Duration.ofMinutes(45);

  /**
   * A preset resolved for this machine: what runs, and what the reports say about it.
   *
   * @param budget the time the whole comparison should take, when the preset has one
   * @param scaleKeys each workload that a budget may shrink, by name, to its row's key (the dd
   *     workloads share one, for one file size); {@link #plan} takes a scale per key
   * @param runTimes per row key, the run of fixed length that row makes (randomio's sample,
   *     filebench's {@code run 60}) and how far a budget may shorten it
   */
  record Plan(
      ComparisonPreset info,
      List<Workload> workloads,
      Optional<Duration> budget,
      Map<String, String> scaleKeys,
      Map<String, RunTime> runTimes) {}

  /**
   * A row whose run lasts a fixed time whatever its size: randomio samples for 60 s, filebench runs
   * 60 s. A time budget shortens it only when shrinking the row's data to {@code dataFloor} is not
   * enough (see {@link PresetBudget}).
   *
   * @param seconds what the row runs for in this plan, per run
   * @param floor the least a time budget shortens it to
   * @param dataFloor the budget scale of the row's data below which its run is shortened first
   * @param dataLeast the budget scale below which the row's data shrinks no more (varmail keeps its
   *     1000 files)
   */
  record RunTime(long seconds, long floor, double dataFloor, double dataLeast) {}

  /** The least a time budget shortens randomio's sample or a filebench run to. */
  static final long BUDGET_RUN_FLOOR = 10;

  /**
   * The data a time budget leaves randomio's file and a filebench row's dataset before it shortens
   * their runs: smaller, a rate over the file says little about the filesystem.
   */
  static final long BUDGET_DATA_FLOOR = 256 * MIB;

  /** fsbench's filebench personalities of rows 47-51, in the table's order. */
  static final List<String> FILEBENCH =
      List.of("randomread", "randomwrite", "varmail", "webproxy", "videoserver");

  /**
   * Resolves {@code name} with its parameters ({@code scale} and {@code budget}, and {@code
   * archive} for tar-rm) for a work dir with {@code freeBytes} of free space.
   */
  static Plan plan(String name, Map<String, String> params, long freeBytes) {
    return plan(name, params, freeBytes, Fitted.NONE);
  }

  /**
   * How a time budget changes classic-table: each row's key in {@code scales} shrunk further by its
   * scale there, each key in {@code runSeconds} running for those seconds (absent: the table's 60
   * s, scaled), and {@code note} saying how they were chosen (empty: nothing to say).
   */
  record Fitted(Map<String, Double> scales, Map<String, Long> runSeconds, String note) {
    static final Fitted NONE = new Fitted(Map.of(), Map.of(), "");
  }

  /** {@link #plan(String, Map, long)} as a time budget changes it. */
  static Plan plan(String name, Map<String, String> params, long freeBytes, Fitted fitted) {
    String preset = known(name);
    Map<String, String> rest = new LinkedHashMap<>(params);
    String scaleText = rest.remove("scale");
    String budgetText = rest.remove("budget");
    if (budgetText != null && !preset.equals("classic-table")) {
      throw new InvalidInputException(
          "preset "
              + preset
              + " has no time budget (budget="
              + budgetText
              + "); only classic-table's sizes are fitted to one");
    }
    Optional<Duration> budget =
        preset.equals("classic-table") ? budget(budgetText, scaleText == null) : Optional.empty();
    if (scaleText != null && preset.equals("classic-io")) {
      throw new InvalidInputException(
          "preset classic-io has nothing to scale (8 s runs on 512 MiB images); drop scale="
              + scaleText
              + ", or give --runtime");
    }
    double scale = scale(scaleText);
    PresetScaler scaler =
        new PresetScaler(scale, Math.max(MIB, freeBytes / 4), fitted.scales(), fitted.runSeconds());
    if (!fitted.note().isEmpty()) {
      scaler.notes.add(fitted.note());
    }
    List<Workload> workloads = new ArrayList<>();
    Map<String, String> rows = new LinkedHashMap<>();
    Map<String, RunTime> runTimes = new LinkedHashMap<>();
    switch (preset) {
      case "classic-io" -> {
        refuseLeft(preset, rest);
        workloads.addAll(Workloads.classic());
      }
      case "tar-rm" -> {
        Map<String, String> tree = new LinkedHashMap<>();
        tree.put("phases", "extract,remove");
        tree.put("include_sync", "true");
        String archive = rest.remove("archive");
        if (archive != null) {
          tree.put("archive", archive);
        } else {
          tree.put("files", Long.toString(scaler.count("", "tar-rm files", 80_000)));
        }
        refuseLeft(preset, rest);
        workloads.add(new io.fsbench.api.NamedWorkload("tar-rm", Workloads.named("tree", tree)));
      }
      default -> {
        refuseLeft(preset, rest);
        classicTable(scaler, workloads, rows, runTimes);
      }
    }
    String description = DESCRIPTIONS.get(preset);
    Map<String, String> keys = new LinkedHashMap<>();
    if (preset.equals("classic-table")) {
      for (Workload w : workloads) {
        String key = w.name().startsWith("dd-") ? "dd" : w.name();
        if (SCALED.contains(key)) {
          keys.put(w.name(), key);
        }
      }
    }
    return new Plan(
        new ComparisonPreset(preset, description, scaler.notes, rows),
        workloads,
        budget,
        keys,
        runTimes);
  }

  /** The rows of classic-table whose sizes or counts a budget may shrink, by key. */
  static final List<String> SCALED =
      java.util.stream.Stream.concat(
              java.util.stream.Stream.of(
                  "largefile", "files-1m", "dd", "randomio", "bonnie", "iozone-4k", "iozone-1m"),
              FILEBENCH.stream().map(p -> "filebench:" + p))
          .toList();

  private static void classicTable(
      PresetScaler scaler,
      List<Workload> workloads,
      Map<String, String> rows,
      Map<String, RunTime> runTimes) {
    for (String w : List.of("fs-lifecycle", "tree")) {
      workloads.add(Workloads.named(w, Map.of()));
      rows.putAll(range(w, "1–18"));
    }
    long big = scaler.size("largefile", "largefile size", 4L << 30);
    workloads.add(Workloads.named("largefile", Map.of("size", big / MIB + "m")));
    long files = scaler.count("files-1m", "files-1m files", 1_000_000);
    workloads.add(Workloads.named("files-1m", Map.of("files", Long.toString(files))));
    long ddBytes = scaler.size("dd", "dd file", 4L << 30);
    int row = 19;
    for (String bs : List.of("1k", "1m")) {
      for (String mode : List.of("write", "read")) {
        String name = "dd-" + mode + "-" + bs;
        long block = bs.equals("1k") ? 1024 : MIB;
        workloads.add(Workloads.named(name, Map.of("count", Long.toString(ddBytes / block))));
        rows.put(name + " bytes_per_sec", Integer.toString(row));
        rows.put(name + " blocks_per_sec", Integer.toString(row));
        row++;
      }
    }
    workloads.add(Workloads.named("postmark", Map.of()));
    rows.put("postmark transactions_per_sec", "23–25");
    long randomIo = scaler.size("randomio", "randomio file", 4L << 30);
    // the table's rows are rates over 60 s: a budget shrinks the file to 256 MiB before the sample
    long seconds = scaler.runSeconds("randomio", "randomio sample", 60, 5);
    runTimes.put(
        "randomio",
        new RunTime(
            seconds,
            Math.min(BUDGET_RUN_FLOOR, Math.max(5, Math.round(60 * scaler.scale))),
            Math.min(1, BUDGET_DATA_FLOOR / ((4L << 30) * scaler.scale)),
            Math.min(1, MIB / ((4L << 30) * scaler.scale))));
    workloads.add(
        Workloads.named(
            "randomio",
            Map.of("size", randomIo / MIB + "m", "sample_seconds", Long.toString(seconds))));
    String[] randomIoRows = {
      "create.bytes_per_sec",
      "iops",
      "read.lat_mean",
      "read.lat_stdev",
      "write.lat_mean",
      "write.lat_stdev"
    };
    for (int i = 0; i < randomIoRows.length; i++) {
      rows.put("randomio " + randomIoRows[i], Integer.toString(26 + i));
    }
    bonnie(scaler, workloads, rows);
    iozone(scaler, workloads, rows);
    ClassicFilebenchRows.add(scaler, workloads, rows, runTimes);
  }

  /**
   * iozone -Razc -s 8192m -y R -q R -i 0 -i 1 -i 2, once with R = 4k and once with 1m: an automatic
   * run bounded to one file size and one record size is that one cell, so each runs as {@code
   * iozone -c -s 8192m -r R -i 0 -i 1 -i 2} (the close inside the timing, as {@code -c}), named
   * {@code iozone-4k} and {@code iozone-1m}; rows 39-46 are their write, read, random read and
   * random write rates.
   */
  private static void iozone(
      PresetScaler scaler, List<Workload> workloads, Map<String, String> rows) {
    int row = 39;
    for (String record : List.of("4k", "1m")) {
      String name = "iozone-" + record;
      long size = scaler.size(name, name + " file", 8192L * MIB);
      Map<String, String> params = new LinkedHashMap<>();
      params.put("size", size / MIB + "m");
      params.put("record", record);
      params.put("tests", "0,1,2");
      params.put("close", "true");
      workloads.add(new io.fsbench.api.NamedWorkload(name, Workloads.named("iozone", params)));
      for (String metric : List.of("write", "read", "random_read", "random_write")) {
        rows.put(name + " " + metric, Integer.toString(row++));
      }
    }
  }

  /**
   * bonnie++ -s 7920 -f: its file of 7920 MiB (scaled), without the per-char tests the table does
   * not report, and {@code -r} set to half the file so that bonnie++'s 2 × RAM rule admits it; the
   * note says the page cache may then hold part of the file.
   */
  private static void bonnie(
      PresetScaler scaler, List<Workload> workloads, Map<String, String> rows) {
    // at least twice a -r of 2 MiB, the least that bonnie++ admits for the names of its 16 × 1024
    // files
    long size = Math.max(4 * MIB, scaler.size("bonnie", "bonnie++ file", 7920L * MIB));
    long ram = Math.max(2 * MIB, size / 2 / MIB * MIB);
    scaler.notes.add(
        "bonnie++ ram: "
            + Size.bytes(ram)
            + " (-r, half its file, as bonnie++ needs; the machine's memory may cache part of it)");
    workloads.add(
        Workloads.named(
            "bonnie", Map.of("size", size / MIB + "m", "ram", ram / MIB + "m", "fast", "true")));
    String[] bonnieRows = {
      "put_block.bytes_per_sec",
      "get_block.bytes_per_sec",
      "seeks.iops",
      "seq_create.files_per_sec",
      "seq_del.files_per_sec",
      "ran_create.files_per_sec",
      "ran_del.files_per_sec"
    };
    for (int i = 0; i < bonnieRows.length; i++) {
      rows.put("bonnie " + bonnieRows[i], Integer.toString(32 + i));
    }
  }

  private static Map<String, String> range(String workload, String rows) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String metric :
        switch (workload) {
          case "fs-lifecycle" -> List.of("mkfs.seconds", "mount.seconds", "unmount.seconds");
          default ->
              List.of(
                  "extract.seconds",
                  "walk.seconds",
                  "find.seconds",
                  "tar.seconds",
                  "copy.seconds",
                  "recopy.seconds",
                  "remove.seconds");
        }) {
      out.put(workload + " " + metric, rows);
    }
    return out;
  }

  private static String known(String name) {
    String n = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
    if (!DESCRIPTIONS.containsKey(n)) {
      throw new InvalidInputException(
          "preset (" + name + ") is not one of " + String.join(", ", DESCRIPTIONS.keySet()));
    }
    return n;
  }

  private static double scale(String text) {
    if (text == null) {
      return 1.0;
    }
    double s;
    try {
      s = Double.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      s = Double.NaN;
    }
    if (!(s > 0 && s <= 1)) {
      throw new InvalidInputException(
          "scale (" + text + ") must be a fraction above 0 and at most 1, e.g. scale=0.1");
    }
    return s;
  }

  private static void refuseLeft(String preset, Map<String, String> rest) {
    if (!rest.isEmpty()) {
      throw new InvalidInputException(
          "preset "
              + preset
              + " does not know "
              + String.join(", ", rest.keySet())
              + "; it takes scale="
              + (preset.equals("tar-rm")
                  ? " and archive="
                  : preset.equals("classic-table") ? " and budget=" : ""));
    }
  }

  /**
   * {@code budget=}: a duration such as {@code 45m}, {@code 1h} or {@code 90s}, or {@code off}; by
   * default {@link #DEFAULT_BUDGET} when no scale is given.
   */
  private static Optional<Duration> budget(String text, boolean noScale) {
    if (text == null) {
      return noScale ? Optional.of(DEFAULT_BUDGET) : Optional.empty();
    }
    String t = text.strip().toLowerCase(Locale.ROOT);
    if (t.equals("off") || t.equals("none")) {
      return Optional.empty();
    }
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)(s|m|h)").matcher(t);
    long amount = m.matches() ? Long.parseLong(m.group(1)) : 0;
    if (amount <= 0 || amount > 1_000_000) {
      throw new InvalidInputException(
          "budget ("
              + text
              + ") must be a time such as 45m, 2h or 900s, or off to run the table's sizes"
              + " whatever they take");
    }
    return Optional.of(
        switch (m.group(2)) {
          case "s" -> Duration.ofSeconds(amount);
          case "m" -> Duration.ofMinutes(amount);
          default -> Duration.ofHours(amount);
        });
  }
}
