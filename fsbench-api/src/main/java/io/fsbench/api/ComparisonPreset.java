package io.fsbench.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The named, documented comparison a run reproduces, as its reports state it: which seed table
 * ({@code classic-table}, {@code classic-io}, {@code tar-rm}), what it is, how its original
 * parameters were scaled to this machine, and which row of the original table each of its numbers
 * answers.
 *
 * <pre>{@code
 * Comparison c = FsBench.defaults().compare().preset("classic-io").run();
 * c.settings().preset().ifPresent(p -> p.scaling().forEach(System.out::println));
 * }</pre>
 *
 * @param name the preset's name, e.g. {@code classic-table}
 * @param description one sentence on what it reproduces
 * @param scaling one sentence per parameter changed from the original table, with the rule and the
 *     machine's figure it came from; empty when nothing was scaled
 * @param rows the original table's row for each {@code workload metric}, e.g. {@code "dd-write-1k
 *     bytes_per_sec" -> "19"}
 */
public record ComparisonPreset(
    String name, String description, List<String> scaling, Map<String, String> rows) {

  public ComparisonPreset {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    if (name.isBlank()) {
      throw new InvalidInputException("preset name must not be blank");
    }
    scaling = List.copyOf(scaling);
    rows = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(rows));
  }

  /** The original table's row that {@code metric} of {@code workload} answers, if it maps one. */
  public Optional<String> row(String workload, String metric) {
    return Optional.ofNullable(rows.get(workload + " " + metric));
  }
}
