package io.fsbench.api;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What an aged filesystem looks like, for {@link AgingSpec}: the distributions its files follow
 * (size, directory depth, age) and the mix of operations that got them there. fsbench ships three
 * ({@link #DESKTOP}, {@link #MAIL_SERVER}, {@link #GIT_PULL}; their sources are in {@code
 * docs/aging.md}); an embedder may define its own.
 *
 * <pre>{@code
 * AgingProfile scratch =
 *     AgingProfile.of(
 *         "scratch",
 *         List.of(new AgingProfile.Bucket(64 * 1024, 1), new AgingProfile.Bucket(16 << 20, 1)),
 *         List.of(new AgingProfile.Bucket(1, 1)),
 *         List.of(new AgingProfile.Bucket(1, 1)));
 * }</pre>
 *
 * @param name a short name, e.g. {@code desktop}
 * @param sizes file sizes by count: each bucket's value is its largest size in bytes, and sizes in
 *     a bucket spread evenly on a log scale above the previous bucket's value
 * @param depths directory depth by count: each bucket's value is a depth, 1 being the aging
 *     directory itself
 * @param ages which files live on, by count: each bucket's value is its oldest age as a fraction of
 *     the aging so far (its operations), the last 1.0; deletions take files from the bucket most
 *     above its weight, as Geriatrix does
 * @param modifyFraction of the operations that do not delete, the share that replace an existing
 *     file with new content of a new size (written beside it and renamed over it, as editors and
 *     {@code git} do)
 * @param renameFraction of those, the share that move an existing file to another directory
 * @param commitOperations operations between two syncs of the filesystem (a commit of the git-pull
 *     profile); 0 syncs only where fullness is read
 */
public record AgingProfile(
    String name,
    List<Bucket> sizes,
    List<Bucket> depths,
    List<Bucket> ages,
    double modifyFraction,
    double renameFraction,
    int commitOperations) {

  /** The deepest directory a profile may ask for. */
  public static final int MAX_DEPTH = 64;

  /**
   * One bucket of a distribution: its value and its weight relative to the other buckets.
   *
   * @param value the bucket's bound (a size in bytes, a depth, an age fraction)
   * @param weight its weight, positive
   */
  public record Bucket(double value, double weight) {
    public Bucket {
      if (!(value > 0) || Double.isInfinite(value)) {
        throw new InvalidInputException("a bucket's value (" + value + ") must be positive");
      }
      if (!(weight > 0) || Double.isInfinite(weight)) {
        throw new InvalidInputException("a bucket's weight (" + weight + ") must be positive");
      }
    }
  }

  public AgingProfile {
    Objects.requireNonNull(name, "name");
    if (!name.matches("[a-z0-9][a-z0-9_-]*")) {
      throw new InvalidInputException(
          "an aging profile's name (" + name + ") must be lower-case letters, digits, '-' or '_'");
    }
    sizes = ascending(name, "sizes", sizes);
    depths = ascending(name, "depths", depths);
    ages = ascending(name, "ages", ages);
    for (Bucket depth : depths) {
      if (depth.value() != Math.rint(depth.value()) || depth.value() > MAX_DEPTH) {
        throw new InvalidInputException(
            "profile "
                + name
                + ": depth "
                + depth.value()
                + " must be a whole number from 1 to "
                + MAX_DEPTH);
      }
    }
    if (ages.get(ages.size() - 1).value() != 1.0) {
      throw new InvalidInputException(
          "profile "
              + name
              + ": the last age bucket must be 1.0 (the oldest a file can be), not "
              + ages.get(ages.size() - 1).value());
    }
    if (!(modifyFraction >= 0 && renameFraction >= 0 && modifyFraction + renameFraction <= 1)) {
      throw new InvalidInputException(
          "profile "
              + name
              + ": modifyFraction ("
              + modifyFraction
              + ") and renameFraction ("
              + renameFraction
              + ") must be at least 0 and add up to at most 1");
    }
    if (commitOperations < 0) {
      throw new InvalidInputException(
          "profile " + name + ": commitOperations (" + commitOperations + ") must not be negative");
    }
  }

  private static List<Bucket> ascending(String profile, String what, List<Bucket> buckets) {
    Objects.requireNonNull(buckets, what);
    if (buckets.isEmpty()) {
      throw new InvalidInputException("profile " + profile + ": " + what + " needs a bucket");
    }
    List<Bucket> copy = List.copyOf(buckets);
    for (int i = 1; i < copy.size(); i++) {
      if (copy.get(i).value() <= copy.get(i - 1).value()) {
        throw new InvalidInputException(
            "profile "
                + profile
                + ": "
                + what
                + " must ascend, and "
                + copy.get(i).value()
                + " follows "
                + copy.get(i - 1).value());
      }
    }
    return copy;
  }

  /** A profile of pure churn (creates and deletes): no modifies, renames or commits. */
  public static AgingProfile of(
      String name, List<Bucket> sizes, List<Bucket> depths, List<Bucket> ages) {
    return new AgingProfile(name, sizes, depths, ages, 0, 0, 0);
  }

  private static final double KIB = 1024;
  private static final double MIB = 1024 * KIB;

  /**
   * A desktop's files after years of use, read off the histograms of Agrawal, Bolosky, Douceur and
   * Lorch, "A Five-Year Study of File-System Metadata" (FAST '07): most files a few KiB, a long
   * tail of large ones, directories about six deep, and files that survive for much of the volume's
   * life. A few files are replaced by new versions (saved documents).
   */
  public static final AgingProfile DESKTOP =
      new AgingProfile(
          "desktop",
          buckets(
              512, 8, 2 * KIB, 12, 8 * KIB, 22, 32 * KIB, 20, 128 * KIB, 16, 512 * KIB, 11, 2 * MIB,
              6, 8 * MIB, 3, 32 * MIB, 1.5, 128 * MIB, 0.5),
          buckets(1, 2, 2, 5, 3, 9, 4, 13, 5, 16, 6, 16, 7, 13, 8, 10, 9, 7, 10, 5, 11, 3, 12, 1),
          buckets(0.01, 3, 0.03, 5, 0.1, 10, 0.2, 14, 0.4, 22, 0.7, 26, 1.0, 20),
          0.1,
          0.02,
          0);

  /**
   * A Maildir mail server: messages of a few KiB with a tail of attachments (the size model of
   * filebench's varmail, a gamma of mean 16 KiB, and PostMark's 0.5-10 KB files), one directory per
   * mailbox a few levels down, most mail deleted young and some kept for good. Flags change by
   * renaming a message, as Maildir does.
   */
  public static final AgingProfile MAIL_SERVER =
      new AgingProfile(
          "mail-server",
          buckets(
              KIB, 5, 2 * KIB, 10, 4 * KIB, 20, 8 * KIB, 25, 16 * KIB, 18, 32 * KIB, 10, 64 * KIB,
              6, 256 * KIB, 3.5, MIB, 1.5, 4 * MIB, 0.8, 16 * MIB, 0.2),
          buckets(2, 2, 3, 8, 4, 80, 5, 10),
          buckets(0.02, 30, 0.05, 20, 0.1, 15, 0.3, 15, 1.0, 20),
          0.02,
          0.2,
          0);

  /**
   * The history of a generated source repository pulled commit by commit, after Conway et al.,
   * "File Systems Fated for Senescence?" (FAST '17): files of a source tree (a few KiB, rarely a
   * MiB), four to five directories deep, most changes rewriting an existing file (a new version
   * renamed over it, as git checks out), some adding, deleting or renaming files, and a sync after
   * each commit of 32 changes. Which file a change touches does not depend on its age.
   */
  public static final AgingProfile GIT_PULL =
      new AgingProfile(
          "git-pull",
          buckets(
              256, 8, KIB, 15, 4 * KIB, 27, 16 * KIB, 28, 64 * KIB, 15, 256 * KIB, 5, MIB, 1.5,
              4 * MIB, 0.5),
          buckets(1, 2, 2, 8, 3, 20, 4, 28, 5, 22, 6, 12, 7, 6, 8, 2),
          buckets(1.0, 1),
          0.6,
          0.05,
          32);

  private static final Map<String, AgingProfile> SHIPPED = shipped();

  private static Map<String, AgingProfile> shipped() {
    Map<String, AgingProfile> map = new TreeMap<>();
    for (AgingProfile profile : List.of(DESKTOP, MAIL_SERVER, GIT_PULL)) {
      map.put(profile.name(), profile);
    }
    return Map.copyOf(map);
  }

  /** The names of the profiles fsbench ships, sorted. */
  public static List<String> names() {
    return List.copyOf(new TreeMap<>(SHIPPED).keySet());
  }

  /**
   * A shipped profile by name: {@code desktop}, {@code mail-server} or {@code git-pull}.
   *
   * @throws InvalidInputException naming the unknown profile and listing the shipped ones
   */
  public static AgingProfile named(String name) {
    AgingProfile profile = name == null ? null : SHIPPED.get(name.strip().toLowerCase(Locale.ROOT));
    if (profile == null) {
      throw new InvalidInputException(
          "unknown aging profile '" + name + "'; fsbench ships " + String.join(", ", names()));
    }
    return profile;
  }

  /** The total weight of a distribution. */
  public static double totalWeight(List<Bucket> buckets) {
    double total = 0;
    for (Bucket bucket : buckets) {
      total += bucket.weight();
    }
    return total;
  }

  private static List<Bucket> buckets(double... valueWeight) {
    Bucket[] buckets = new Bucket[valueWeight.length / 2];
    for (int i = 0; i < buckets.length; i++) {
      buckets[i] = new Bucket(valueWeight[2 * i], valueWeight[2 * i + 1]);
    }
    return List.of(buckets);
  }

  @Override
  public String toString() {
    return name;
  }
}
