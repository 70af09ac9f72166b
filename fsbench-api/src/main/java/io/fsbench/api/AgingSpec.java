package io.fsbench.api;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Ages a filesystem as Geriatrix does (Kadekodi et al., ATC '18): files are created until the
 * volume is {@code fullness} full, then deleted, created, replaced and renamed, following a {@link
 * AgingProfile}, until {@code overwrite} times the volume's size has been written and the files
 * follow the profile's distributions within {@code convergence} — or {@code timeLimit} has passed.
 * The same seed on the same volume makes the same sequence of operations.
 *
 * <pre>{@code
 * AgingSpec aging = AgingSpec.builder().profile(AgingProfile.DESKTOP).fullness(0.8).build();
 * AgingSpec same = AgingSpec.parse("desktop:fullness=80%,overwrite=2");
 * }</pre>
 *
 * @param profile the distributions and operations to follow
 * @param fullness how full the volume is kept, as statfs counts it: 0.05 to 0.98
 * @param overwrite how much is written in all, fill included, in volume sizes: 0 fills the volume
 *     and stops; Geriatrix's {@code -i}
 * @param convergence how far the files may be from the profile when aging stops: the largest total
 *     variation distance of the three distributions, 0 to 1 (1 accepts any)
 * @param timeLimit aging stops after this long even when not converged; the result says so
 * @param seed the seed of every random choice
 */
public record AgingSpec(
    AgingProfile profile,
    double fullness,
    double overwrite,
    double convergence,
    Duration timeLimit,
    long seed)
    implements Workload {

  public static final String NAME = "aging";

  private static final List<String> PARAMS =
      List.of("profile", "fullness", "overwrite", "convergence", "time_limit", "seed");

  public AgingSpec {
    Objects.requireNonNull(profile, "profile");
    Objects.requireNonNull(timeLimit, "timeLimit");
    if (!(fullness >= 0.05 && fullness <= 0.98)) {
      throw new InvalidInputException(
          "fullness (" + percent(fullness) + ") must be between 5% and 98%");
    }
    if (!(overwrite >= 0 && overwrite <= 1000)) {
      throw new InvalidInputException(
          "overwrite (" + overwrite + ") must be between 0 and 1000 volume sizes");
    }
    if (!(convergence >= 0 && convergence <= 1)) {
      throw new InvalidInputException(
          "convergence (" + convergence + ") must be between 0 (exact) and 1 (any)");
    }
    if (timeLimit.isNegative() || timeLimit.isZero()) {
      throw new InvalidInputException(
          "time_limit (" + timeLimit.toMillis() / 1e3 + " s) must be positive");
    }
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.4g%%", fraction * 100);
  }

  /** {@code aging-desktop}: the family and the profile. */
  @Override
  public String name() {
    return NAME + "-" + profile.name();
  }

  /** {@code desktop:fullness=80%,overwrite=2,...}, which {@link #parse} reads back. */
  public String label() {
    return profile.name()
        + ":fullness="
        + percent(fullness)
        + ",overwrite="
        + overwrite
        + ",convergence="
        + convergence
        + ",time_limit="
        + timeLimit.toSeconds()
        + "s,seed="
        + seed;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .profile(profile)
        .fullness(fullness)
        .overwrite(overwrite)
        .convergence(convergence)
        .timeLimit(timeLimit)
        .seed(seed);
  }

  /**
   * {@code PROFILE[:key=value,...]}, as {@code fsbench compare --aged} takes it: {@code desktop},
   * {@code desktop:fullness=80%}, {@code git-pull:overwrite=4,seed=7}. The keys are {@link
   * #fromParams}'s.
   *
   * @throws InvalidInputException for an unknown profile or key, or a bad value
   */
  public static AgingSpec parse(String text) {
    if (text == null || text.isBlank()) {
      throw new InvalidInputException(
          "an aging needs a profile, e.g. desktop or desktop:fullness=80%; profiles: "
              + String.join(", ", AgingProfile.names()));
    }
    int colon = text.indexOf(':');
    Map<String, String> params = new LinkedHashMap<>();
    params.put("profile", colon < 0 ? text : text.substring(0, colon));
    if (colon >= 0) {
      for (String pair : text.substring(colon + 1).split(",")) {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
          throw new InvalidInputException(
              "aging setting '"
                  + pair
                  + "' in '"
                  + text
                  + "' must be key=value, e.g. fullness=80%; keys: "
                  + String.join(", ", PARAMS.subList(1, PARAMS.size())));
        }
        String key = pair.substring(0, eq).strip();
        if (key.equals("profile") || params.put(key, pair.substring(eq + 1)) != null) {
          throw new InvalidInputException(
              "aging setting " + key + " is given twice in '" + text + "'; give it once");
        }
      }
    }
    return fromParams(params);
  }

  /**
   * Builds a spec from {@code key=value} parameters: profile ({@code desktop}, {@code mail-server},
   * {@code git-pull}), fullness ({@code 80%} or {@code 0.8}), overwrite (volume sizes written, e.g.
   * {@code 2}), convergence (e.g. {@code 0.05}), time_limit ({@code 90s}, {@code 10m}, {@code 1h})
   * and seed.
   *
   * @throws InvalidInputException naming any unknown key and listing the known ones
   */
  public static AgingSpec fromParams(Map<String, String> params) {
    WorkloadParams p = WorkloadParams.of(NAME, params, PARAMS);
    AgingSpec d = builder().build();
    return builder()
        .profile(p.has("profile") ? AgingProfile.named(p.string("profile", "")) : d.profile())
        .fullness(p.has("fullness") ? fraction(p.string("fullness", "")) : d.fullness())
        .overwrite(p.doubleValue("overwrite", d.overwrite()))
        .convergence(p.doubleValue("convergence", d.convergence()))
        .timeLimit(p.has("time_limit") ? duration(p.string("time_limit", "")) : d.timeLimit())
        .seed(p.longValue("seed", d.seed()))
        .build();
  }

  /** {@code 80%} or {@code 0.8}; a bare number above 1 is refused as ambiguous. */
  static double fraction(String value) {
    String v = value.strip();
    try {
      if (v.endsWith("%")) {
        return Double.parseDouble(v.substring(0, v.length() - 1).strip()) / 100;
      }
      double fraction = Double.parseDouble(v);
      if (fraction > 1) {
        throw new InvalidInputException(
            "fullness (" + value + ") must be a fraction or a percentage: write " + v + "%");
      }
      return fraction;
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "fullness (" + value + ") must be a percentage such as 80% or a fraction such as 0.8");
    }
  }

  /** {@code 90s}, {@code 10m}, {@code 1h}, or plain seconds. */
  static Duration duration(String value) {
    String v = value.strip().toLowerCase(Locale.ROOT);
    long unit = 1;
    if (v.endsWith("s")) {
      v = v.substring(0, v.length() - 1);
    } else if (v.endsWith("m")) {
      unit = 60;
      v = v.substring(0, v.length() - 1);
    } else if (v.endsWith("h")) {
      unit = 3600;
      v = v.substring(0, v.length() - 1);
    }
    try {
      double seconds = Double.parseDouble(v.strip()) * unit;
      if (!(seconds > 0 && seconds <= 30 * 24 * 3600)) {
        throw new NumberFormatException();
      }
      return Duration.ofMillis(Math.round(seconds * 1000));
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "time_limit (" + value + ") must be a positive time up to 30 days, e.g. 90s, 10m or 1h");
    }
  }

  /**
   * Builds an {@link AgingSpec}; starts from the desktop profile, 80% full, twice the volume
   * written, a convergence of 0.05, ten minutes at most and seed 42.
   */
  public static final class Builder {
    private AgingProfile profile = AgingProfile.DESKTOP;
    private double fullness = 0.8;
    private double overwrite = 2;
    private double convergence = 0.05;
    private Duration timeLimit = Duration.ofMinutes(10);
    private long seed = 42;

    private Builder() {}

    public Builder profile(AgingProfile profile) {
      this.profile = profile;
      return this;
    }

    /** The fraction of the volume kept full, e.g. 0.8. */
    public Builder fullness(double fullness) {
      this.fullness = fullness;
      return this;
    }

    /** Volume sizes written in all, fill included. */
    public Builder overwrite(double overwrite) {
      this.overwrite = overwrite;
      return this;
    }

    public Builder convergence(double convergence) {
      this.convergence = convergence;
      return this;
    }

    public Builder timeLimit(Duration timeLimit) {
      this.timeLimit = timeLimit;
      return this;
    }

    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    public AgingSpec build() {
      return new AgingSpec(profile, fullness, overwrite, convergence, timeLimit, seed);
    }
  }
}
