package io.fsbench.core.jobfile;

import io.fsbench.api.InvalidInputException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * fio's substitutions in option values: {@code ${VAR}} from the environment (always substituted,
 * empty when unset), and the keywords {@code $pagesize}, {@code $mb_memory} and {@code $ncpus}; a
 * value holding a keyword and arithmetic ({@code size=2*$mb_memory}) is computed, as fio does with
 * bc.
 */
final class Substitutions {

  private static final Pattern ENV = Pattern.compile("\\$\\{([^}]+)}");

  private final Map<String, String> environment;
  private final Map<String, Long> keywords;

  Substitutions(Map<String, String> environment, long pageSize, long mbMemory, long ncpus) {
    this.environment = Map.copyOf(environment);
    this.keywords = Map.of("$pagesize", pageSize, "$mb_memory", mbMemory, "$ncpus", ncpus);
  }

  static Substitutions system() {
    long mb = Runtime.getRuntime().maxMemory();
    try {
      for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          mb = Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
          break;
        }
      }
    } catch (java.io.IOException | NumberFormatException e) {
      // keep the JVM's view; only $mb_memory depends on it
    }
    return new Substitutions(
        System.getenv(), 4096, mb >> 20, Runtime.getRuntime().availableProcessors());
  }

  String apply(String value, String where) {
    Matcher m = ENV.matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(environment.getOrDefault(m.group(1), "")));
    }
    m.appendTail(out);
    String s = out.toString();
    boolean replaced = false;
    for (Map.Entry<String, Long> k : keywords.entrySet()) {
      if (s.contains(k.getKey())) {
        s = s.replace(k.getKey(), Long.toString(k.getValue()));
        replaced = true;
      }
    }
    if (replaced && s.matches(".*[-+*/].*")) {
      try {
        s = Long.toString(Arithmetic.evaluate(s));
      } catch (IllegalArgumentException e) {
        throw new InvalidInputException(
            where + ": cannot compute '" + value + "' (" + e.getMessage() + ")");
      }
    }
    return s;
  }
}
