package io.fsbench.api;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a comparison was run: repetitions, cache state, volume policy, run length, target and
 * baseline. Every report prints them, because none of the numbers mean anything without them.
 *
 * <pre>{@code
 * ComparisonSettings settings = ComparisonSettings.builder()
 *     .repetitions(RepetitionPolicy.untilPrecise(2.0, 3, 10))
 *     .cache(CacheState.WARM)
 *     .volumes(VolumePolicy.FRESH_PER_REPETITION)
 *     .runtime(Duration.ofSeconds(30))
 *     .target(Target.loop(Size.gib(4)))
 *     .baseline("ext4")
 *     .build();
 * }</pre>
 *
 * @param repetitions how often each cell runs
 * @param cache the page-cache state at the start of each measured run
 * @param volumes when a fresh filesystem is made
 * @param runtime the length of each measured run; zero when each workload's own length applies
 * @param target where the volumes were made
 * @param baseline the filesystem id every other is compared with; empty for no baseline
 * @param preset the named comparison this one reproduces, when it was started from one
 */
public record ComparisonSettings(
    RepetitionPolicy repetitions,
    CacheState cache,
    VolumePolicy volumes,
    Duration runtime,
    Target target,
    String baseline,
    Optional<ComparisonPreset> preset) {

  public ComparisonSettings {
    Objects.requireNonNull(repetitions, "repetitions");
    Objects.requireNonNull(cache, "cache");
    Objects.requireNonNull(volumes, "volumes");
    Objects.requireNonNull(runtime, "runtime");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(preset, "preset");
    if (runtime.isNegative()) {
      throw new InvalidInputException("runtime (" + runtime + ") must not be negative");
    }
    if (cache == CacheState.COLD_REMOUNT && !target.formats()) {
      throw new InvalidInputException(
          "cache state "
              + cache
              + " needs a volume fsbench mounts; a directory target cannot be"
              + " remounted, use COLD_DROP_CACHES or WARM");
    }
  }

  /** Settings of a comparison not started from a preset. */
  public ComparisonSettings(
      RepetitionPolicy repetitions,
      CacheState cache,
      VolumePolicy volumes,
      Duration runtime,
      Target target,
      String baseline) {
    this(repetitions, cache, volumes, runtime, target, baseline, Optional.empty());
  }

  public static Builder builder() {
    return new Builder();
  }

  public boolean hasBaseline() {
    return !baseline.isEmpty();
  }

  /** The loop image size, when the target is a loop image. */
  public Optional<Size> imageSize() {
    return target instanceof Target.Loop loop ? Optional.of(loop.size()) : Optional.empty();
  }

  /** Builds {@link ComparisonSettings}; unset values take the defaults shown on each verb. */
  public static final class Builder {
    private RepetitionPolicy repetitions = RepetitionPolicy.DEFAULT;
    private CacheState cache = CacheState.COLD_DROP_CACHES;
    private VolumePolicy volumes = VolumePolicy.FRESH_PER_CELL;
    private Duration runtime = Duration.ZERO;
    private Target target = Target.loop();
    private String baseline = "";
    private Optional<ComparisonPreset> preset = Optional.empty();

    private Builder() {}

    /** Default: {@link RepetitionPolicy#DEFAULT}, 3 runs. */
    public Builder repetitions(RepetitionPolicy repetitions) {
      this.repetitions = Objects.requireNonNull(repetitions, "repetitions");
      return this;
    }

    /** Exactly {@code count} measured runs per cell. */
    public Builder repeat(int count) {
      return repetitions(RepetitionPolicy.fixed(count));
    }

    /** Default: {@link CacheState#COLD_DROP_CACHES}. */
    public Builder cache(CacheState cache) {
      this.cache = Objects.requireNonNull(cache, "cache");
      return this;
    }

    /** Default: {@link VolumePolicy#FRESH_PER_CELL}. */
    public Builder volumes(VolumePolicy volumes) {
      this.volumes = Objects.requireNonNull(volumes, "volumes");
      return this;
    }

    /**
     * Default: zero, each workload's own length (8 s for the block presets). A runtime given here
     * replaces that of every time-based block workload.
     */
    public Builder runtime(Duration runtime) {
      this.runtime = Objects.requireNonNull(runtime, "runtime");
      return this;
    }

    /** Default: {@link Target#loop()}. */
    public Builder target(Target target) {
      this.target = Objects.requireNonNull(target, "target");
      return this;
    }

    /** Default: none. */
    public Builder baseline(String fileSystem) {
      this.baseline = Objects.requireNonNull(fileSystem, "baseline").strip();
      return this;
    }

    /** Default: none. */
    public Builder preset(ComparisonPreset preset) {
      this.preset = Optional.of(Objects.requireNonNull(preset, "preset"));
      return this;
    }

    public ComparisonSettings build() {
      return new ComparisonSettings(repetitions, cache, volumes, runtime, target, baseline, preset);
    }
  }
}
