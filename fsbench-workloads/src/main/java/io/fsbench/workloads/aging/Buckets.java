package io.fsbench.workloads.aging;

import io.fsbench.api.AgingProfile;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One of a profile's distributions as arrays: each bucket's bound and its ideal share of the files.
 * Draws a bucket so that the files converge on the shares: half the time the bucket furthest below
 * its share, else at random by weight, which keeps the choice random yet pulls a small population
 * onto the profile instead of leaving it a sampling error away.
 */
final class Buckets {

  private final double[] bounds;
  private final double[] ideal;

  Buckets(List<AgingProfile.Bucket> buckets) {
    double total = AgingProfile.totalWeight(buckets);
    bounds = new double[buckets.size()];
    ideal = new double[buckets.size()];
    for (int i = 0; i < bounds.length; i++) {
      bounds[i] = buckets.get(i).value();
      ideal[i] = buckets.get(i).weight() / total;
    }
  }

  int count() {
    return bounds.length;
  }

  double bound(int bucket) {
    return bounds[bucket];
  }

  double ideal(int bucket) {
    return ideal[bucket];
  }

  /** A bucket for one more file, given how many files each bucket holds now. */
  int draw(SplittableRandom random, long[] counts, long total) {
    if (random.nextBoolean()) {
      return largestDeficit(counts, total + 1);
    }
    double pick = random.nextDouble();
    double sum = 0;
    for (int i = 0; i < ideal.length; i++) {
      sum += ideal[i];
      if (pick < sum) {
        return i;
      }
    }
    return ideal.length - 1;
  }

  private int largestDeficit(long[] counts, long total) {
    int best = 0;
    double bestDeficit = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < ideal.length; i++) {
      double deficit = ideal[i] * total - counts[i];
      if (deficit > bestDeficit) {
        bestDeficit = deficit;
        best = i;
      }
    }
    return best;
  }

  /** The bucket with the largest surplus over its share among those holding files; -1 if none. */
  int largestSurplus(long[] counts, long total) {
    int best = -1;
    double bestSurplus = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < ideal.length; i++) {
      double surplus = counts[i] - ideal[i] * total;
      if (counts[i] > 0 && surplus > bestSurplus) {
        bestSurplus = surplus;
        best = i;
      }
    }
    return best;
  }

  /**
   * The total variation distance of the counts from the ideal shares: half the sum of the
   * differences, 0 when they match, 1 when they share nothing.
   */
  double distance(long[] counts, long total) {
    if (total == 0) {
      return 1;
    }
    double sum = 0;
    for (int i = 0; i < ideal.length; i++) {
      sum += Math.abs(counts[i] / (double) total - ideal[i]);
    }
    return sum / 2;
  }
}
