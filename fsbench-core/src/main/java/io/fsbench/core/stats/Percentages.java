package io.fsbench.core.stats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts as fio's percentage maps print them ({@code stat_calc_dist} for the depths, {@code
 * stat_calc_lat} for the latency buckets): each slot as a percentage of a total, and a slot that
 * holds anything but rounds below a floor shown at the floor, so that it does not vanish.
 */
final class Percentages {

  private Percentages() {}

  /**
   * @param keys the slots' names, one per count, in order
   * @param floor the least a non-empty slot shows: 0.1 for the depths, 0.01 for latencies
   */
  static Map<String, Double> of(long[] counts, long total, List<String> keys, double floor) {
    Map<String, Double> result = new LinkedHashMap<>();
    for (int i = 0; i < counts.length; i++) {
      double percent = 0.0;
      if (total != 0) {
        percent = (double) counts[i] / (double) total;
        percent *= 100.0;
        if (percent < floor && counts[i] != 0) {
          percent = floor;
        }
      }
      result.put(keys.get(i), percent);
    }
    return result;
  }
}
