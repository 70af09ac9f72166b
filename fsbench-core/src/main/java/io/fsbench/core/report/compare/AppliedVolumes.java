package io.fsbench.core.report.compare;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What was actually applied to the volumes, once per filesystem and tuning (and again only if a
 * later volume of the same tuning came out differently).
 *
 * @param fileSystem the plugin id
 * @param tuning the requested tuning's label
 * @param applied what the system reported
 */
record AppliedVolumes(String fileSystem, String tuning, AppliedTuning applied) {

  static List<AppliedVolumes> of(Comparison comparison) {
    Map<List<Object>, AppliedVolumes> unique = new LinkedHashMap<>();
    for (ComparisonCell cell : comparison.cells()) {
      cell.applied()
          .ifPresent(
              a ->
                  unique.putIfAbsent(
                      List.of(
                          cell.fileSystem(),
                          cell.tuning().label(),
                          a.fileSystemType(),
                          a.mountOptions(),
                          a.properties()),
                      new AppliedVolumes(cell.fileSystem(), cell.tuning().label(), a)));
    }
    return new ArrayList<>(unique.values());
  }

  /** {@code crc=1, reflink=1}, or empty. */
  String properties() {
    List<String> parts = new ArrayList<>();
    new java.util.TreeMap<>(applied.properties()).forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(", ", parts);
  }
}
