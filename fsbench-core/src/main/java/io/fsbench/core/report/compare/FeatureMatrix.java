package io.fsbench.core.report.compare;

import io.fsbench.api.Comparison;
import io.fsbench.api.Feature;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.SkippedFileSystem;
import java.util.ArrayList;
import java.util.List;

/**
 * The plugins' declared features side by side, one column per filesystem, as the Markdown and HTML
 * reports show it. Features are what the plugins claim; the compatibility kit checks the claims it
 * can check.
 *
 * @param fileSystems the column heads, plugin ids
 * @param rows the rows, features first, then the largest file and whether it ran here
 */
record FeatureMatrix(List<String> fileSystems, List<Row> rows) {

  /** The features in the order a reader compares them: data safety first, then the rest. */
  static final List<Feature> ORDER =
      List.of(
          Feature.SNAPSHOTS,
          Feature.COMPRESSION,
          Feature.DATA_CHECKSUMS,
          Feature.METADATA_CHECKSUMS,
          Feature.COPY_ON_WRITE,
          Feature.REFLINK,
          Feature.JOURNAL,
          Feature.DIRECT_IO,
          Feature.IN_KERNEL);

  /**
   * One row.
   *
   * @param label what the row is about
   * @param values one per filesystem
   * @param flag whether the values are yes/no
   */
  record Row(String label, List<String> values, boolean flag) {}

  static final String YES = "yes";
  static final String NO = "no";

  static FeatureMatrix of(Comparison comparison) {
    List<PluginInfo> plugins = comparison.plugins();
    List<String> ids = plugins.stream().map(PluginInfo::id).toList();
    List<Row> rows = new ArrayList<>();
    for (Feature feature : ORDER) {
      List<String> values = new ArrayList<>();
      for (PluginInfo p : plugins) {
        values.add(p.features().contains(feature) ? YES : NO);
      }
      rows.add(new Row(feature.label(), values, true));
    }
    List<String> sizes = new ArrayList<>();
    List<String> ran = new ArrayList<>();
    for (PluginInfo p : plugins) {
      sizes.add(HumanUnits.bytes(p.maxFileSize().bytes()));
      ran.add(ranHere(comparison, p));
    }
    rows.add(new Row("largest file", sizes, false));
    rows.add(new Row("measured here", ran, false));
    return new FeatureMatrix(ids, rows);
  }

  private static String ranHere(Comparison comparison, PluginInfo plugin) {
    for (SkippedFileSystem s : comparison.skipped()) {
      if (s.fileSystem().equals(plugin.id())) {
        return "skipped";
      }
    }
    if (comparison.fileSystems().contains(plugin.id())) {
      return YES;
    }
    return plugin.availability().isAvailable() ? "not asked for" : "unavailable";
  }

  boolean isEmpty() {
    return fileSystems.isEmpty();
  }
}
