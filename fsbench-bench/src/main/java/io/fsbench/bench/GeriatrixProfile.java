package io.fsbench.bench;

import io.fsbench.api.AgingProfile;
import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A Geriatrix profile directory ({@code profiles/agrawal}): its three files read, and the same
 * distributions as an fsbench {@link AgingProfile}, so that both tools age toward one profile.
 *
 * <p>Each file is a count, then that many lines: {@code size weight} in {@code
 * size_distribution.txt}, {@code depth weight subdirs} in {@code dir_distribution.txt}, {@code age
 * weight} in {@code age_distribution.txt}; text after them is ignored, as Geriatrix ignores it.
 *
 * @param name the directory's name, e.g. {@code agrawal}
 * @param sizes file sizes in bytes and their weights
 * @param depths directory depths and their weights (Geriatrix's depth 1 is one directory below its
 *     mount point)
 * @param ages ages in Geriatrix's units and their weights; only their ratio to the largest counts
 */
record GeriatrixProfile(
    String name,
    List<AgingProfile.Bucket> sizes,
    List<AgingProfile.Bucket> depths,
    List<AgingProfile.Bucket> ages) {

  GeriatrixProfile {
    sizes = List.copyOf(sizes);
    depths = List.copyOf(depths);
    ages = List.copyOf(ages);
  }

  static final String SIZES = "size_distribution.txt";
  static final String DEPTHS = "dir_distribution.txt";
  static final String AGES = "age_distribution.txt";

  /**
   * Reads a profile directory.
   *
   * @throws InvalidInputException naming the file that is missing or malformed
   */
  static GeriatrixProfile read(Path dir) {
    return new GeriatrixProfile(
        dir.getFileName().toString().toLowerCase(Locale.ROOT),
        buckets(dir.resolve(SIZES), 2),
        buckets(dir.resolve(DEPTHS), 3),
        buckets(dir.resolve(AGES), 2));
  }

  private static List<AgingProfile.Bucket> buckets(Path file, int columns) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new InvalidInputException(
          "cannot read the Geriatrix profile file "
              + file
              + " ("
              + e.getMessage()
              + "); give --profile the directory holding "
              + SIZES
              + ", "
              + DEPTHS
              + " and "
              + AGES);
    }
    String[] tokens = text.strip().split("\\s+");
    try {
      int count = Integer.parseInt(tokens[0]);
      List<AgingProfile.Bucket> buckets = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        int at = 1 + i * columns;
        buckets.add(
            new AgingProfile.Bucket(
                Double.parseDouble(tokens[at]), Double.parseDouble(tokens[at + 1])));
      }
      return buckets;
    } catch (RuntimeException e) {
      throw new InvalidInputException(
          "the Geriatrix profile file "
              + file
              + " is not a count followed by that many lines of "
              + columns
              + " numbers: "
              + e.getMessage());
    }
  }

  /**
   * The same distributions as fsbench's profile of pure churn (no replaces, renames or commits, as
   * Geriatrix only creates and deletes). Depths are one more than Geriatrix's, since fsbench's
   * depth 1 is the aging directory itself and Geriatrix's is a directory below its mount point:
   * files then lie as many directories down on both sides. Ages are their fraction of the oldest,
   * which is what Geriatrix's buckets hold: bucket {@code i} takes the files at most {@code age[i]
   * / age[last]} of the aging old.
   */
  AgingProfile toAgingProfile() {
    List<AgingProfile.Bucket> fsDepths = new ArrayList<>();
    for (AgingProfile.Bucket depth : depths) {
      fsDepths.add(new AgingProfile.Bucket(depth.value() + 1, depth.weight()));
    }
    double oldest = ages.get(ages.size() - 1).value();
    List<AgingProfile.Bucket> fsAges = new ArrayList<>();
    for (AgingProfile.Bucket age : ages) {
      fsAges.add(new AgingProfile.Bucket(age.value() / oldest, age.weight()));
    }
    return AgingProfile.of(
        "geriatrix-" + name.replaceAll("[^a-z0-9_-]", "-"), sizes, fsDepths, fsAges);
  }

  /** Each bucket's share of the total weight. */
  static double[] shares(List<AgingProfile.Bucket> buckets) {
    double total = AgingProfile.totalWeight(buckets);
    double[] shares = new double[buckets.size()];
    for (int i = 0; i < shares.length; i++) {
      shares[i] = buckets.get(i).weight() / total;
    }
    return shares;
  }
}
