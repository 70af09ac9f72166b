package io.fsbench.core.report.compare;

import java.util.List;

/** One colour per filesystem, the same in every chart of a page (Tableau 10, colour-blind safe). */
final class Palette {

  private static final List<String> COLOURS =
      List.of(
          "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
          "#9c755f", "#bab0ac");

  private final List<String> fileSystems;

  Palette(List<String> fileSystems) {
    this.fileSystems = List.copyOf(fileSystems);
  }

  String colour(String fileSystem) {
    int i = fileSystems.indexOf(fileSystem);
    return COLOURS.get(Math.floorMod(i < 0 ? fileSystem.hashCode() : i, COLOURS.size()));
  }
}
