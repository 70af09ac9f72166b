package io.fsbench.workloads.randomio;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.RandomIoResult;
import io.fsbench.api.RandomIoSpec;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.Threads;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.core.nativeio.OpenFlag;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a {@link RandomIoSpec} as randomio 1.4's {@code main} and {@code thrasher} do: the file
 * opened once with O_DIRECT (read-only when nothing is written), its size's valid offsets {@code
 * (size − io_size) / io_size}; each thread waits for all to be ready, then loops: offset = {@code
 * io_size × ⌊d_offs × valid offsets⌋}, a pwrite when {@code d_rdwr < write_fraction} else a pread,
 * an fsync when {@code d_rdwr < write_fraction × fsync_fraction}, the latency around both, and —
 * under one lock — the statistics updated and the next {@code d_offs}, {@code d_rdwr} drawn from
 * the shared drand48. The main thread sleeps a sample's length, then takes and resets the
 * statistics under that lock and reads the clock; rates are over the time since the last reading.
 *
 * <p>Before that, untimed by randomio but timed as the create phase, the file is written with
 * incompressible data in 1 MiB writes and fdatasync'd, so that it has no holes.
 */
public final class RandomIoRunner implements WorkloadRunner<RandomIoSpec> {

  static final String FILE = "fsbench-randomio.dat";
  private static final int CREATE_CHUNK = 1 << 20;

  @Override
  public Class<RandomIoSpec> specType() {
    return RandomIoSpec.class;
  }

  @Override
  public List<Preset> presets() {
    return List.of(new Preset(RandomIoSpec.NAME, RandomIoSpec::fromParams));
  }

  @Override
  public void check(RandomIoSpec spec) {
    FileCalls.requireAvailable();
  }

  @Override
  public Footprint footprint(RandomIoSpec spec) {
    return new Footprint(Footprint.blocks(spec.fileSize().bytes()), 1);
  }

  /** A comparison's runtime is the random I/O's: split evenly over the samples. */
  @Override
  public RandomIoSpec withRuntime(RandomIoSpec spec, Duration runtime) {
    return spec.toBuilder().sampleTime(runtime.dividedBy(spec.samples())).build();
  }

  @Override
  public RandomIoResult run(RandomIoSpec spec, WorkloadContext context) {
    Path file = context.directory().resolve(FILE);
    try {
      long start = context.nanoTime();
      create(file, spec.fileSize().bytes());
      Duration createTime = Duration.ofNanos(context.nanoTime() - start);
      context.failIfCancelled(spec.name());
      return thrash(spec, file, createTime, context);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "randomio failed: " + e.getMessage(), e);
    }
  }

  private static void create(Path file, long size) throws IOException {
    ByteBuffer data = AlignedBuffers.allocate((int) Math.min(CREATE_CHUNK, size));
    AlignedBuffers.fillRandom(data, new SplittableRandom(size));
    try (NativeFile out =
        NativeFile.open(file, OpenFlag.WRITE, OpenFlag.CREATE, OpenFlag.TRUNCATE)) {
      long left = size;
      while (left > 0) {
        data.clear().limit((int) Math.min(data.capacity(), left));
        while (data.hasRemaining()) {
          left -= out.write(data);
        }
      }
      out.fdatasync();
    }
  }

  private static RandomIoResult thrash(
      RandomIoSpec spec, Path file, Duration createTime, WorkloadContext context)
      throws IOException {
    OpenFlag mode = spec.writeFraction() > 0 ? OpenFlag.READ_WRITE : null;
    try (NativeFile target =
        mode == null
            ? NativeFile.open(file, OpenFlag.DIRECT)
            : NativeFile.open(file, mode, OpenFlag.DIRECT)) {
      SharedStats stats = new SharedStats(spec);
      AtomicBoolean stop = new AtomicBoolean();
      CountDownLatch ready = new CountDownLatch(spec.threads());
      List<Thrasher> thrashers = new ArrayList<>();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < spec.threads(); t++) {
        Thrasher thrasher = new Thrasher(spec, target, target.size(), stats, t, ready, stop);
        thrashers.add(thrasher);
        Thread thread = new Thread(thrasher, "fsbench-randomio-" + t);
        thread.setDaemon(true);
        threads.add(thread);
      }
      threads.forEach(Thread::start);
      List<RandomIoResult.Sample> samples;
      try {
        samples = sample(spec, stats, stop, context);
      } finally {
        stop.set(true);
        Threads.joinAll(threads, () -> {});
      }
      for (Thrasher thrasher : thrashers) {
        if (thrasher.error instanceof IOException e) {
          throw e;
        }
        if (thrasher.error instanceof RuntimeException e) {
          throw e;
        }
      }
      context.failIfCancelled(spec.name());
      if (samples.size() < spec.samples()) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "randomio stopped after " + samples.size() + " of " + spec.samples() + " samples");
      }
      return new RandomIoResult(spec, createTime, spec.fileSize().bytes(), samples, stats.fsyncs());
    }
  }

  /** randomio's main loop: sleep, take and reset the statistics, read the clock. */
  private static List<RandomIoResult.Sample> sample(
      RandomIoSpec spec, SharedStats stats, AtomicBoolean stop, WorkloadContext context) {
    List<RandomIoResult.Sample> samples = new ArrayList<>();
    long last = context.nanoTime();
    long sampleNanos = spec.sampleTime().toNanos();
    for (int i = 0; i < spec.samples(); i++) {
      long wake = context.nanoTime() + sampleNanos;
      // randomio's sleep(nr_seconds), woken early only to stop.
      for (long left = sampleNanos; left > 0; left = wake - context.nanoTime()) {
        if (stop.get() || context.cancelled()) {
          return samples;
        }
        LockSupport.parkNanos(Math.min(left, 50_000_000L));
      }
      RandomIoResult.Sample sample = stats.takeAndReset();
      long now = context.nanoTime();
      samples.add(
          new RandomIoResult.Sample(Duration.ofNanos(now - last), sample.read(), sample.write()));
      last = now;
      context.progress((i + 1) / (double) spec.samples());
    }
    return samples;
  }
}
