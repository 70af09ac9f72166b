package io.fsbench;

import io.fsbench.api.Size;
import io.fsbench.api.Workload;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * classic-table's rows 47-51: filebench's randomread, randomwrite, varmail, webproxy and
 * videoserver with their shipped parameters ({@code run 60}, their file counts and sizes), run with
 * fsbench's own personalities ({@code filebench:NAME}). Each row's dataset is given as the
 * variables of the personality's {@code dataset=} rule (docs/filebench.md, "Scaling"): the shipped
 * dataset, lowered to a quarter of the work dir's free space (videoserver's 226 videos of 10 GiB,
 * of which 129 exist at the start, are 1.26 TiB), then times {@code scale=} and the time budget's
 * scale of the row. varmail and webproxy keep their shipped 1000 and 10 000 files: with fewer,
 * their 16 and 100 threads, which skip deleting a file another thread has open, soon leave
 * createfile no missing file to make and the run stops (webproxy with 1000 files did within 2 s);
 * only their runs shrink. The run is filebench's 60 s, times {@code scale=} (at least 2 s, for a
 * few of the 500 ms ops/s samples), or what the time budget gives it (at least 10 s).
 */
final class ClassicFilebenchRows {

  private static final long KIB = 1L << 10;
  private static final long MIB = 1L << 20;
  private static final long GIB = 1L << 30;

  /** varmail's and webproxy's mean file size, which their {@code dataset=} rule divides by. */
  private static final long MAIL_FILE = 16 * KIB;

  /** The least run a {@code scale=} gives a filebench row. */
  static final long SCALED_RUN_FLOOR = 2;

  /** The shipped runs' seconds ({@code run 60}). */
  static final long RUN = 60;

  private ClassicFilebenchRows() {}

  /**
   * The shipped dataset of personality {@code name}, in bytes, as its {@code dataset=} rule counts.
   */
  static long shipped(String name) {
    return switch (name) {
      case "randomread", "randomwrite" -> 5 * GIB; // one 5 GiB file
      case "varmail" -> 1000 * MAIL_FILE; // 1000 files, gamma sizes of mean 16 KiB
      case "webproxy" -> 10_000 * MAIL_FILE; // 10 000 files of 16 KiB
      case "videoserver" -> (32 + 194 / 2) * 10 * GIB; // 32 active and 97 passive videos
      default -> throw new IllegalArgumentException("not a row of classic-table: " + name);
    };
  }

  /** The least dataset of personality {@code name} that a scale or budget leaves it. */
  static long least(String name) {
    return switch (name) {
      case "varmail", "webproxy" -> shipped(name);
      case "videoserver" -> 129 * MIB; // the rule's whole MiB a video
      default -> MIB;
    };
  }

  /** What the rule makes whole: a 16 KiB file, a MiB of the file, a MiB of each of 129 videos. */
  private static long unit(String name) {
    return switch (name) {
      case "varmail", "webproxy" -> MAIL_FILE;
      case "videoserver" -> 129 * MIB;
      default -> MIB;
    };
  }

  static void add(
      PresetScaler scaler,
      List<Workload> workloads,
      Map<String, String> rows,
      Map<String, ComparisonPresets.RunTime> runTimes) {
    int row = 47;
    for (String personality : ComparisonPresets.FILEBENCH) {
      String key = "filebench:" + personality;
      long shipped = shipped(personality);
      long base = Math.min(shipped, scaler.cap);
      long least = least(personality);
      double wanted = base * scaler.scale(key);
      long unit = unit(personality);
      long dataset = Math.max(least, (long) (wanted / unit) * unit);
      if (dataset != shipped) {
        List<String> why = new java.util.ArrayList<>();
        if (base < shipped) {
          why.add(scaler.capReason());
        }
        if (scaler.scale(key) < 1) {
          why.add(scaler.reason(key));
        }
        if (dataset == least && wanted < least) {
          why.add("the least it runs with");
        }
        scaler.notes.add(
            key
                + " dataset: "
                + Size.bytes(shipped)
                + " → "
                + Size.bytes(dataset)
                + " by its dataset= rule ("
                + String.join("; ", why)
                + ")");
      }
      long seconds = scaler.runSeconds(key, key + " run", RUN, SCALED_RUN_FLOOR);
      long scaledRun = Math.max(SCALED_RUN_FLOOR, Math.round(RUN * scaler.scale));
      double scaledBase = base * scaler.scale;
      runTimes.put(
          key,
          new ComparisonPresets.RunTime(
              seconds,
              Math.min(ComparisonPresets.BUDGET_RUN_FLOOR, scaledRun),
              Math.min(1, Math.max(ComparisonPresets.BUDGET_DATA_FLOOR, least) / scaledBase),
              Math.min(1, least / scaledBase)));
      // the rule's own variables rather than dataset=, which would cap them again at half the
      // volume's free space: the volume is sized for them (FilebenchRunner's footprint)
      Map<String, String> variables =
          new LinkedHashMap<>(Workloads.datasetParameters(key, dataset));
      variables.put("runtime", seconds + "s");
      workloads.add(Workloads.filebench(personality, variables));
      rows.put(key + " io_summary.ops_per_sec", Integer.toString(row));
      rows.put(key + " io_summary.bytes_per_sec", Integer.toString(row));
      row++;
    }
  }
}
