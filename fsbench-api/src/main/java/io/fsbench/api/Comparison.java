package io.fsbench.api;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a comparison of filesystems × tunings × workloads measured, with everything a reader needs
 * to judge it: the settings, the machine, each cell's runs and statistics, what was skipped and
 * why, the plugins' declared features, and warnings about the validity of the numbers.
 *
 * <p>Reports (text, Markdown, CSV, JSON, HTML) are all written from this one value, so they agree.
 *
 * @param settings how it was run
 * @param environment the machine it ran on
 * @param cells every cell, in the order they are reported (workload, then filesystem, then tuning)
 * @param skipped filesystems that were asked for and could not run, with the reason and a hint
 * @param plugins every plugin's declared features, for the feature matrix
 * @param warnings sentences about the validity of the numbers, most important first
 * @param started when the first cell started
 * @param finished when the last cell finished
 */
public record Comparison(
    ComparisonSettings settings,
    Environment environment,
    List<ComparisonCell> cells,
    List<SkippedFileSystem> skipped,
    List<PluginInfo> plugins,
    List<String> warnings,
    Instant started,
    Instant finished) {

  public Comparison {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(environment, "environment");
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(finished, "finished");
    cells = List.copyOf(cells);
    skipped = List.copyOf(skipped);
    plugins = List.copyOf(plugins);
    warnings = List.copyOf(warnings);
    if (finished.isBefore(started)) {
      throw new IllegalArgumentException(
          "comparison finished (" + finished + ") before it started (" + started + ")");
    }
    Set<CellId> ids = new HashSet<>();
    for (ComparisonCell cell : cells) {
      if (!ids.add(cell.id())) {
        throw new IllegalArgumentException("cell " + cell.id() + " appears twice");
      }
    }
  }

  public Duration duration() {
    return Duration.between(started, finished);
  }

  /** The workload names in report order. */
  public List<String> workloads() {
    Set<String> names = new LinkedHashSet<>();
    cells.forEach(c -> names.add(c.workload()));
    return List.copyOf(names);
  }

  /** The filesystems that ran, in report order. */
  public List<String> fileSystems() {
    Set<String> names = new LinkedHashSet<>();
    cells.forEach(c -> names.add(c.fileSystem()));
    return List.copyOf(names);
  }

  /** The cells of one workload, in report order. */
  public List<ComparisonCell> cellsOf(String workload) {
    List<ComparisonCell> of = new ArrayList<>();
    for (ComparisonCell cell : cells) {
      if (cell.workload().equals(workload)) {
        of.add(cell);
      }
    }
    return of;
  }

  public Optional<ComparisonCell> cell(CellId id) {
    return cells.stream().filter(c -> c.id().equals(id)).findFirst();
  }

  public Optional<PluginInfo> plugin(String id) {
    return plugins.stream().filter(p -> p.id().equals(id)).findFirst();
  }
}
