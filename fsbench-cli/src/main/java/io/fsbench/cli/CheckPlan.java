package io.fsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.Check;
import io.fsbench.Checks;
import io.fsbench.Expectation;
import io.fsbench.Workloads;
import io.fsbench.api.InvalidInputException;
import io.fsbench.core.jobfile.JobOptionParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The checks {@code fsbench check} runs, from its options or a plan file, all parsed and built
 * before anything is made. A check is named by a ready-made check ({@code fdatasync}, {@code
 * database}, {@code streaming}) or a workload ({@code randwrite-4k}, {@code postmark}); an
 * expectation is {@code NAME.METRIC OP VALUE}, a band {@code NAME.METRIC=LOW..HIGH}, a parameter
 * {@code NAME.KEY=VALUE}.
 */
final class CheckPlan {

  /** What the options or the plan say of one check. */
  private static final class Entry {
    final Map<String, String> params = new LinkedHashMap<>();
    final List<Expectation> expectations = new ArrayList<>();
    final List<Expectation> bands = new ArrayList<>();
  }

  private static final Set<String> PLAN_KEYS = Set.of("within", "checks");
  private static final Set<String> CHECK_KEYS = Set.of("name", "params", "expect", "plausible");

  private final Map<String, Entry> entries = new LinkedHashMap<>();
  private Duration within;

  /** A ready-made check with its own expectations. */
  void check(String name) {
    entry(name, "--check " + name);
  }

  void expect(String text, String source) {
    String[] split = split(text, source, "NAME.METRIC OP VALUE, e.g. randwrite-4k.iops>=50000");
    try {
      entry(split[0], source).expectations.add(Expectation.parse(split[1]));
    } catch (InvalidInputException e) {
      throw new InvalidInputException(source + " '" + text + "': " + e.getMessage(), e);
    }
  }

  void plausible(String text, String source) {
    String[] split = split(text, source, "NAME.METRIC=LOW..HIGH, e.g. randwrite-4k.iops=50..80000");
    try {
      entry(split[0], source).bands.add(Expectation.parseBand(split[1]));
    } catch (InvalidInputException e) {
      throw new InvalidInputException(source + " '" + text + "': " + e.getMessage(), e);
    }
  }

  void param(String text, String source) {
    String[] split = split(text, source, "NAME.KEY=VALUE, e.g. randwrite-4k.runtime=5s");
    int eq = split[1].indexOf('=');
    if (eq <= 0) {
      throw new InvalidInputException(
          source + " '" + text + "' must be NAME.KEY=VALUE, e.g. randwrite-4k.runtime=5s");
    }
    entry(split[0], source)
        .params
        .put(split[1].substring(0, eq).strip(), split[1].substring(eq + 1).strip());
  }

  void within(String text, String source) {
    Duration budget;
    try {
      budget = JobOptionParser.time(source, text);
    } catch (InvalidInputException e) {
      throw new InvalidInputException(
          source + " (" + text + ") is not a time; give e.g. 2m, 90s or 1h", e);
    }
    if (budget.isZero()) {
      throw new InvalidInputException(source + " (" + text + ") must be longer than 0, e.g. 2m");
    }
    within = budget;
  }

  Optional<Duration> within() {
    return Optional.ofNullable(within);
  }

  /** Reads a plan file: {@code {"within": "2m", "checks": [{"name", "params", "expect", ...}]}}. */
  void read(Path file) {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(Files.readString(file));
    } catch (IOException e) {
      throw new InvalidInputException(
          "--plan " + file + " cannot be read as JSON: " + firstLine(e.getMessage()), e);
    }
    String where = "--plan " + file;
    if (root == null || !root.isObject()) {
      throw new InvalidInputException(where + " must hold a JSON object with \"checks\"");
    }
    keys(root, PLAN_KEYS, where);
    if (root.has("within")) {
      within(text(root.get("within"), where + " within"), where + " within");
    }
    JsonNode checks = root.get("checks");
    if (checks == null || !checks.isArray() || checks.isEmpty()) {
      throw new InvalidInputException(where + " needs \"checks\": a list of at least one check");
    }
    for (JsonNode check : checks) {
      if (!check.isObject()) {
        throw new InvalidInputException(where + ": each check is an object with a \"name\"");
      }
      keys(check, CHECK_KEYS, where + " check");
      String name = text(check.get("name"), where + " check name");
      String at = where + " check " + name;
      check(name);
      if (check.has("params")) {
        JsonNode params = check.get("params");
        if (!params.isObject()) {
          throw new InvalidInputException(at + ": params must be an object of KEY: VALUE");
        }
        params
            .fields()
            .forEachRemaining(
                p ->
                    param(
                        name
                            + "."
                            + p.getKey()
                            + "="
                            + text(p.getValue(), at + " param " + p.getKey()),
                        at));
      }
      for (String e : list(check.get("expect"), at + " expect")) {
        expect(name + "." + e, at + " expect");
      }
      for (String b : list(check.get("plausible"), at + " plausible")) {
        plausible(name + "." + b, at + " plausible");
      }
    }
  }

  /** The checks, in the order they were first named. */
  List<Check> checks() {
    if (entries.isEmpty()) {
      throw new InvalidInputException(
          "no check given; give --expect NAME.METRIC OP VALUE (e.g. randwrite-4k.iops>=50000),"
              + " --check fdatasync, or --plan FILE");
    }
    List<Check> checks = new ArrayList<>();
    entries.forEach((name, entry) -> checks.add(build(name, entry)));
    return checks;
  }

  private static Check build(String name, Entry entry) {
    Optional<Check> ready = Checks.named(name);
    if (ready.isPresent()) {
      if (!entry.params.isEmpty()) {
        throw new InvalidInputException(
            "check "
                + name
                + " is ready-made and takes no parameters ("
                + String.join(", ", entry.params.keySet())
                + "); run a workload such as randwrite-4k with parameters instead");
      }
      Check check = ready.get();
      // the user's requirements replace the ready-made ones; its bands stay, with the user's
      List<Expectation> kept = new ArrayList<>();
      for (Expectation e : check.expectations()) {
        if (e.role() == Expectation.Role.PLAUSIBILITY || entry.expectations.isEmpty()) {
          kept.add(e);
        }
      }
      kept.addAll(entry.expectations);
      kept.addAll(entry.bands);
      return check.expectingOnly(kept);
    }
    List<Expectation> all = new ArrayList<>(entry.expectations);
    all.addAll(entry.bands);
    return new Check(name, List.of(Workloads.named(name, entry.params)), all);
  }

  private Entry entry(String name, String source) {
    if (!name.matches("[a-z0-9][a-z0-9_+-]*")) {
      throw new InvalidInputException(
          source
              + ": check name ("
              + name
              + ") must be a workload or ready-made check, e.g. randwrite-4k or fdatasync");
    }
    return entries.computeIfAbsent(name, n -> new Entry());
  }

  private static String[] split(String text, String source, String form) {
    int dot = text == null ? -1 : text.indexOf('.');
    if (dot <= 0) {
      throw new InvalidInputException(source + " '" + text + "' must be " + form);
    }
    return new String[] {text.substring(0, dot).strip(), text.substring(dot + 1)};
  }

  private static void keys(JsonNode node, Set<String> known, String where) {
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      String key = names.next();
      if (!known.contains(key)) {
        throw new InvalidInputException(
            where + " has an unknown key \"" + key + "\"; the keys are " + known);
      }
    }
  }

  private static String text(JsonNode node, String where) {
    if (node == null || !(node.isTextual() || node.isNumber())) {
      throw new InvalidInputException(where + " must be a string, e.g. \"2m\"");
    }
    return node.asText();
  }

  private static List<String> list(JsonNode node, String where) {
    List<String> values = new ArrayList<>();
    if (node == null) {
      return values;
    }
    if (!node.isArray()) {
      throw new InvalidInputException(where + " must be a list of strings");
    }
    node.forEach(n -> values.add(text(n, where)));
    return values;
  }

  private static String firstLine(String message) {
    return message == null ? "" : message.lines().findFirst().orElse("");
  }
}
