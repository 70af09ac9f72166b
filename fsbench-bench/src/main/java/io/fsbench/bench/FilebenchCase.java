package io.fsbench.bench;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One workload both sides run: a script (a shipped personality's text or a generated one), the
 * variables it is run with and its runtime. fsbench gets the script with {@code --set} and {@code
 * --runtime}; filebench a copy with those {@code set} lines and its {@code run} changed.
 *
 * @param name what the log calls it, e.g. {@code varmail} or {@code random-7}
 * @param script the workload file's text
 * @param overrides variable (without {@code $}) to value
 */
record FilebenchCase(String name, String script, Map<String, String> overrides, Duration runtime) {

  private static final Pattern FLOWOP = Pattern.compile("flowop\\s+(\\w+)\\s+name=([^,\\s]+)");
  private static final Pattern RUN = Pattern.compile("(?m)^\\s*run\\b.*$");

  FilebenchCase {
    overrides = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
  }

  /** Each flowop's type by its name, read from the script. */
  Map<String, String> types() {
    Map<String, String> types = new LinkedHashMap<>();
    Matcher m = FLOWOP.matcher(script);
    while (m.find()) {
      types.put(m.group(2), m.group(1));
    }
    return types;
  }

  /** The script filebench runs: the overrides and {@code $dir} set, {@code run} for the runtime. */
  String filebenchScript(String dir) {
    Map<String, String> sets = new LinkedHashMap<>(overrides);
    sets.put("dir", dir);
    StringBuilder out = new StringBuilder();
    for (String line : script.split("\n", -1)) {
      Matcher set = Pattern.compile("^\\s*set\\s+\\$(\\w+)\\s*=").matcher(line);
      if (set.find() && sets.containsKey(set.group(1))) {
        out.append("set $").append(set.group(1)).append('=').append(sets.remove(set.group(1)));
      } else if (RUN.matcher(line).matches()) {
        continue;
      } else {
        out.append(line);
      }
      out.append('\n');
    }
    StringBuilder head = new StringBuilder();
    sets.forEach((k, v) -> head.append("set $").append(k).append('=').append(v).append('\n'));
    return head + out.toString() + "run " + runtime.toSeconds() + "\n";
  }
}
