package io.fsbench.bench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link CToolsBenchmark} runs: {@code --fs ext4,xfs --rounds 2 --image-size 6g --workloads
 * fsmark-s0,fsmark-s1,postmark,tar --fsmark-files 100000 --postmark-files 5000
 * --postmark-transactions 300000 --tree-files 80000 [--archive PATH]}. The defaults are the
 * issue's: fs_mark with 100,000 empty files, PostMark with 5,000 files and 300,000 transactions,
 * and {@code tar xf} / {@code rm -rf} of a generated source-like tree of 80,000 files (about a
 * Linux source tree's size), or of {@code --archive}.
 */
record BenchOptions(
    List<String> fileSystems,
    int rounds,
    Size imageSize,
    Set<String> workloads,
    long fsmarkFiles,
    int postmarkFiles,
    int postmarkTransactions,
    int treeFiles,
    Path archive) {

  static final List<String> WORKLOADS = List.of("fsmark-s0", "fsmark-s1", "postmark", "tar");

  BenchOptions {
    fileSystems = List.copyOf(fileSystems);
    workloads = Set.copyOf(workloads);
    if (fileSystems.isEmpty()) {
      throw new InvalidInputException("--fs must name at least one filesystem, e.g. ext4,xfs");
    }
    if (rounds < 1) {
      throw new InvalidInputException("--rounds (" + rounds + ") must be at least 1");
    }
    for (String w : workloads) {
      if (!WORKLOADS.contains(w)) {
        throw new InvalidInputException(
            "--workloads names '" + w + "'; known workloads: " + String.join(",", WORKLOADS));
      }
    }
    if (fsmarkFiles < 1 || postmarkFiles < 1 || postmarkTransactions < 1 || treeFiles < 1) {
      throw new InvalidInputException("file and transaction counts must be positive");
    }
  }

  static BenchOptions parse(String[] args) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("--fs", "ext4,xfs");
    values.put("--rounds", "2");
    values.put("--image-size", "6g");
    values.put("--workloads", String.join(",", WORKLOADS));
    values.put("--fsmark-files", "100000");
    values.put("--postmark-files", "5000");
    values.put("--postmark-transactions", "300000");
    values.put("--tree-files", "80000");
    values.put("--archive", "");
    for (int i = 0; i < args.length; i += 2) {
      if (!values.containsKey(args[i]) || i + 1 >= args.length) {
        throw new InvalidInputException(
            "unknown option or missing value at '"
                + args[i]
                + "'; options: "
                + String.join(" VALUE, ", values.keySet())
                + " VALUE");
      }
      values.put(args[i], args[i + 1]);
    }
    String archive = values.get("--archive");
    return new BenchOptions(
        list(values.get("--fs")),
        integer("--rounds", values),
        Size.parse(values.get("--image-size")),
        Set.copyOf(list(values.get("--workloads"))),
        integer("--fsmark-files", values),
        integer("--postmark-files", values),
        integer("--postmark-transactions", values),
        integer("--tree-files", values),
        archive.isEmpty() ? null : Path.of(archive));
  }

  boolean runs(String workload) {
    return workloads.contains(workload);
  }

  private static List<String> list(String value) {
    List<String> items = new ArrayList<>();
    for (String item : value.split(",")) {
      if (!item.isBlank()) {
        items.add(item.strip());
      }
    }
    return items;
  }

  private static int integer(String option, Map<String, String> values) {
    try {
      return Integer.parseInt(values.get(option).replace("_", ""));
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          option + " (" + values.get(option) + ") must be a whole number, e.g. 100000");
    }
  }
}
