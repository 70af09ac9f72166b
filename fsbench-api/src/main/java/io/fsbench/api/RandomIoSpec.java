package io.fsbench.api;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * dean gaudet's randomio 1.4: {@code randomio FILE threads write_fraction fsync_fraction io_size
 * sample_seconds samples}. Threads do O_DIRECT pread and pwrite of {@code ioSize} bytes at random
 * aligned offsets of one file, a write with probability {@code writeFraction}, followed by an fsync
 * with probability {@code fsyncFraction} of the writes; every {@code sampleTime} the rates and
 * latencies are sampled and reset. Offsets and directions come from one {@code drand48} stream
 * shared by all threads, as in randomio (glibc's unseeded state).
 *
 * <pre>{@code
 * // randomio bigfile 10 .25 .01 2048 60 1, on a 4 GiB file
 * RandomIoSpec spec = RandomIoSpec.builder().fileSize(Size.gib(4)).build();
 * }</pre>
 *
 * <p>randomio needs its file to exist. fsbench makes it first, timed as the "create" phase (the
 * classic table's "create 4 GB file" row): {@code fileSize} bytes of incompressible data in 1 MiB
 * writes and an fdatasync, so that no read hits a hole.
 *
 * @param fileSize the file's size (randomio takes it from the existing file)
 * @param threads randomio's {@code nr_threads}
 * @param writeFraction {@code write_fraction_of_io}, 0 to 1
 * @param fsyncFraction {@code fsync_fraction_of_writes}, 0 to 1
 * @param ioSize {@code io_size}: bytes per I/O, a multiple of 512
 * @param sampleTime {@code nr_seconds_between_samples}
 * @param samples {@code nr_samples}
 * @param perThreadRandom extension, not randomio: each thread draws from its own {@code drand48}
 *     stream, seeded as {@code srand48(thread + 1)}, so threads do not share the stream's lock
 */
public record RandomIoSpec(
    Size fileSize,
    int threads,
    double writeFraction,
    double fsyncFraction,
    Size ioSize,
    Duration sampleTime,
    int samples,
    boolean perThreadRandom)
    implements Workload {

  public static final String NAME = "randomio";

  private static final List<String> PARAMS =
      List.of(
          "size",
          "threads",
          "write_fraction",
          "fsync_fraction",
          "io_size",
          "sample_seconds",
          "samples",
          "per_thread_random");

  public RandomIoSpec {
    Objects.requireNonNull(fileSize, "fileSize");
    Objects.requireNonNull(ioSize, "ioSize");
    Objects.requireNonNull(sampleTime, "sampleTime");
    if (threads < 1 || threads > 1024) {
      throw new InvalidInputException("threads (" + threads + ") must be between 1 and 1024");
    }
    fraction("write_fraction", writeFraction);
    fraction("fsync_fraction", fsyncFraction);
    if (ioSize.isZero()
        || !ioSize.isMultipleOf(Size.bytes(512))
        || ioSize.bytes() > Integer.MAX_VALUE / 2) {
      throw new InvalidInputException(
          "io_size ("
              + ioSize
              + ") must be a positive multiple of 512 below 1g: randomio uses O_DIRECT");
    }
    if (fileSize.compareTo(ioSize) < 0) {
      throw new InvalidInputException(
          "size (" + fileSize + ") must be at least io_size (" + ioSize + "), as in randomio");
    }
    if (sampleTime.isNegative() || sampleTime.isZero()) {
      throw new InvalidInputException(
          "sample_seconds (" + sampleTime.toMillis() / 1e3 + ") must be positive");
    }
    if (samples < 1) {
      throw new InvalidInputException(
          "samples ("
              + samples
              + ") must be positive; randomio's 0 samples forever, which a benchmark cannot report");
    }
  }

  private static void fraction(String name, double value) {
    if (!(value >= 0 && value <= 1)) {
      throw new InvalidInputException(name + " (" + value + ") must be between 0 and 1");
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The time the random I/O runs: every sample's. */
  public Duration runtime() {
    return sampleTime.multipliedBy(samples);
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .fileSize(fileSize)
        .threads(threads)
        .writeFraction(writeFraction)
        .fsyncFraction(fsyncFraction)
        .ioSize(ioSize)
        .sampleTime(sampleTime)
        .samples(samples)
        .perThreadRandom(perThreadRandom);
  }

  /**
   * Builds a spec from {@code key=value} parameters named after randomio's arguments: size (the
   * file's), threads, write_fraction, fsync_fraction, io_size, sample_seconds (may be fractional),
   * samples, and the extension per_thread_random.
   *
   * @throws InvalidInputException naming any unknown key and listing the known ones
   */
  public static RandomIoSpec fromParams(Map<String, String> params) {
    WorkloadParams p = WorkloadParams.of(NAME, params, PARAMS);
    RandomIoSpec d = builder().build();
    double seconds = p.doubleValue("sample_seconds", d.sampleTime().toNanos() / 1e9);
    if (!(seconds > 0 && seconds < 1e6)) {
      throw new InvalidInputException(
          "sample_seconds (" + params.get("sample_seconds") + ") must be between 0 and 1000000");
    }
    return builder()
        .fileSize(p.size("size", d.fileSize()))
        .threads(p.intValue("threads", d.threads()))
        .writeFraction(p.doubleValue("write_fraction", d.writeFraction()))
        .fsyncFraction(p.doubleValue("fsync_fraction", d.fsyncFraction()))
        .ioSize(p.size("io_size", d.ioSize()))
        .sampleTime(Duration.ofNanos(Math.round(seconds * 1e9)))
        .samples(p.intValue("samples", d.samples()))
        .perThreadRandom(p.bool("per_thread_random", d.perThreadRandom()))
        .build();
  }

  /**
   * Builds a {@link RandomIoSpec}; starts from the classic comparison's {@code randomio bigfile 10
   * .25 .01 2048 60 1} on a 4 GiB file.
   */
  public static final class Builder {
    private Size fileSize = Size.gib(4);
    private int threads = 10;
    private double writeFraction = 0.25;
    private double fsyncFraction = 0.01;
    private Size ioSize = Size.bytes(2048);
    private Duration sampleTime = Duration.ofSeconds(60);
    private int samples = 1;
    private boolean perThreadRandom;

    private Builder() {}

    public Builder fileSize(Size fileSize) {
      this.fileSize = fileSize;
      return this;
    }

    public Builder threads(int threads) {
      this.threads = threads;
      return this;
    }

    public Builder writeFraction(double writeFraction) {
      this.writeFraction = writeFraction;
      return this;
    }

    public Builder fsyncFraction(double fsyncFraction) {
      this.fsyncFraction = fsyncFraction;
      return this;
    }

    public Builder ioSize(Size ioSize) {
      this.ioSize = ioSize;
      return this;
    }

    public Builder sampleTime(Duration sampleTime) {
      this.sampleTime = sampleTime;
      return this;
    }

    public Builder samples(int samples) {
      this.samples = samples;
      return this;
    }

    /** Extension, not randomio: a random stream per thread. */
    public Builder perThreadRandom(boolean perThreadRandom) {
      this.perThreadRandom = perThreadRandom;
      return this;
    }

    public RandomIoSpec build() {
      return new RandomIoSpec(
          fileSize,
          threads,
          writeFraction,
          fsyncFraction,
          ioSize,
          sampleTime,
          samples,
          perThreadRandom);
    }
  }
}
