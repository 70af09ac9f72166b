package io.fsbench.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures of filebench's report, from either side's text: one line per flowop ({@code name Nops
 * X ops/s Y mb/s Z ms/op [min - max]}) and the {@code IO Summary} (which filebench prefixes with
 * its timestamp).
 *
 * @param flowops by name, in the order printed
 */
record FilebenchOutput(Map<String, Flowop> flowops, Summary summary) {

  private static final Pattern FLOWOP =
      Pattern.compile(
          "(?m)^(\\S+)\\s+(\\d+)ops\\s+([\\d.]+)ops/s\\s+([\\d.]+)mb/s\\s+([\\d.]+)ms/op");
  private static final Pattern SUMMARY =
      Pattern.compile(
          "IO Summary:\\s+(\\d+) ops\\s+([\\d.]+) ops/s\\s+(\\d+)/(\\d+) rd/wr\\s+([\\d.]+)mb/s");

  record Flowop(String name, long ops, double opsPerSec, double mbPerSec) {}

  record Summary(
      long ops, double opsPerSec, double readsPerSec, double writesPerSec, double mbPerSec) {}

  FilebenchOutput {
    flowops = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(flowops));
  }

  /**
   * @throws IllegalArgumentException when the text has no IO Summary, quoting its end
   */
  static FilebenchOutput parse(String text) {
    Map<String, Flowop> flowops = new LinkedHashMap<>();
    Matcher f = FLOWOP.matcher(text);
    while (f.find()) {
      flowops.put(
          f.group(1),
          new Flowop(
              f.group(1),
              Long.parseLong(f.group(2)),
              Double.parseDouble(f.group(3)),
              Double.parseDouble(f.group(4))));
    }
    Matcher s = SUMMARY.matcher(text);
    if (!s.find()) {
      String tail = text.length() > 1500 ? text.substring(text.length() - 1500) : text;
      throw new IllegalArgumentException("no IO Summary in the output; it ends:\n" + tail);
    }
    return new FilebenchOutput(
        flowops,
        new Summary(
            Long.parseLong(s.group(1)),
            Double.parseDouble(s.group(2)),
            Double.parseDouble(s.group(3)),
            Double.parseDouble(s.group(4)),
            Double.parseDouble(s.group(5))));
  }

  long totalOps() {
    return flowops.values().stream().mapToLong(Flowop::ops).sum();
  }

  /** Each flowop's share of all flowop ops, in percent. */
  Map<String, Double> shares() {
    long total = totalOps();
    Map<String, Double> shares = new LinkedHashMap<>();
    flowops.forEach((name, f) -> shares.put(name, total == 0 ? 0 : 100.0 * f.ops() / total));
    return shares;
  }

  List<String> names() {
    return new ArrayList<>(flowops.keySet());
  }
}
