package io.fsbench.api;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Reads a workload's {@code key=value} parameters (the command line's {@code --param}) for the
 * specs' {@code fromParams} factories. Unknown keys are refused up front, naming them and listing
 * the known ones, so a typo never silently runs the default.
 */
final class WorkloadParams {

  private final String workload;
  private final Map<String, String> params;

  private WorkloadParams(String workload, Map<String, String> params) {
    this.workload = workload;
    this.params = params;
  }

  static WorkloadParams of(String workload, Map<String, String> params, List<String> known) {
    Set<String> unknown = new TreeSet<>(params.keySet());
    unknown.removeAll(known);
    if (!unknown.isEmpty()) {
      throw new InvalidInputException(
          workload
              + " does not know the parameter"
              + (unknown.size() > 1 ? "s " : " ")
              + String.join(", ", unknown)
              + "; known parameters: "
              + String.join(", ", known));
    }
    for (Map.Entry<String, String> e : params.entrySet()) {
      if (e.getValue() == null) {
        throw new InvalidInputException(workload + " parameter " + e.getKey() + " has no value");
      }
    }
    return new WorkloadParams(workload, params);
  }

  boolean has(String key) {
    return params.containsKey(key);
  }

  String string(String key, String fallback) {
    String value = params.get(key);
    return value == null ? fallback : value.strip();
  }

  long longValue(String key, long fallback) {
    String value = params.get(key);
    if (value == null) {
      return fallback;
    }
    try {
      return Long.parseLong(value.strip().replace("_", ""));
    } catch (NumberFormatException e) {
      throw bad(key, value, "a whole number");
    }
  }

  int intValue(String key, int fallback) {
    long value = longValue(key, fallback);
    if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw bad(key, params.get(key), "a whole number below 2^31");
    }
    return (int) value;
  }

  double doubleValue(String key, double fallback) {
    String value = params.get(key);
    if (value == null) {
      return fallback;
    }
    try {
      return Double.parseDouble(value.strip());
    } catch (NumberFormatException e) {
      throw bad(key, value, "a number");
    }
  }

  Size size(String key, Size fallback) {
    String value = params.get(key);
    return value == null ? fallback : Size.parse(value);
  }

  boolean bool(String key, boolean fallback) {
    String value = params.get(key);
    if (value == null) {
      return fallback;
    }
    switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "true", "1", "yes", "on":
        return true;
      case "false", "0", "no", "off":
        return false;
      default:
        throw bad(key, value, "true or false");
    }
  }

  @Nullable Path path(String key) {
    String value = params.get(key);
    if (value == null) {
      return null;
    }
    try {
      return Path.of(value.strip());
    } catch (InvalidPathException e) {
      throw bad(key, value, "a file path");
    }
  }

  /** A comma-separated list, e.g. {@code create,stat,delete}; empty items are dropped. */
  List<String> list(String key, List<String> fallback) {
    String value = params.get(key);
    if (value == null) {
      return fallback;
    }
    List<String> items = new ArrayList<>();
    for (String item : value.split(",")) {
      if (!item.isBlank()) {
        items.add(item.strip().toLowerCase(Locale.ROOT));
      }
    }
    if (items.isEmpty()) {
      throw bad(key, value, "a comma-separated list");
    }
    return Collections.unmodifiableList(items);
  }

  private InvalidInputException bad(String key, @Nullable String value, String what) {
    return new InvalidInputException(
        workload + " parameter " + key + " (" + value + ") must be " + what);
  }
}
