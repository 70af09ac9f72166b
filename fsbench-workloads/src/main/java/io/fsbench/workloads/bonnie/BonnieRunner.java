package io.fsbench.workloads.bonnie;

import io.fsbench.api.BonnieResult;
import io.fsbench.api.BonnieSpec;
import io.fsbench.api.FsBenchException;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.nativeio.FileCalls;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

/**
 * Runs a {@link BonnieSpec} as bonnie++ 2.00a's {@code main} runs one test (bonnie++.cpp): the
 * sizes settled as bonnie++ settles them ({@link BonnieSizing}), {@code srand(seed)}, the tests on
 * one file ({@link FileIoTests}, then {@link SeekTest}), the file removed, then the file tests
 * ({@link FileTests}), all drawing from one glibc {@code rand()} stream in bonnie++'s order, so
 * that a seed gives the tickets, names, sizes and shuffles bonnie++ gives it.
 */
public final class BonnieRunner implements WorkloadRunner<BonnieSpec> {

  private final LongSupplier hostRamMib;

  public BonnieRunner() {
    this(BonnieSizing::hostRamMib);
  }

  /** With the machine's RAM, in MiB, from {@code hostRamMib} (tests pass their own). */
  public BonnieRunner(LongSupplier hostRamMib) {
    this.hostRamMib = hostRamMib;
  }

  @Override
  public Class<BonnieSpec> specType() {
    return BonnieSpec.class;
  }

  @Override
  public List<Preset> presets() {
    return List.of(new Preset(BonnieSpec.NAME, BonnieSpec::fromParams));
  }

  /** bonnie++'s checks of the sizes against the RAM, before any volume is made. */
  @Override
  public void check(BonnieSpec spec) {
    FileCalls.requireAvailable();
    resolve(spec, Path.of("."));
  }

  @Override
  public Footprint footprint(BonnieSpec spec) {
    return BonnieSizing.footprint(resolve(spec, Path.of(".")));
  }

  /** The block and per-char input tests read back the file: a cache that holds it measures RAM. */
  @Override
  public OptionalLong workingSet(BonnieSpec spec) {
    BonnieRun run = resolve(spec, Path.of("."));
    return run.fileSize().isZero() ? OptionalLong.empty() : OptionalLong.of(run.fileSize().bytes());
  }

  /** bonnie++'s options as it would be given them, plus the sizes settled from the RAM. */
  @Override
  public Map<String, String> parameters(BonnieSpec spec) {
    BonnieRun run = resolve(spec, Path.of("."));
    Map<String, String> p = new LinkedHashMap<>();
    p.put("workload", spec.name());
    p.put("size", run.fileSize().toString());
    p.put("chunk", spec.chunkSize().toString());
    p.put("seeks", Integer.toString(spec.seeks()));
    p.put("seek_procs", Integer.toString(spec.seekProcs()));
    p.put("per_char", run.perCharSize().toString());
    p.put("files", Integer.toString(spec.files()));
    p.put("max_size", Long.toString(spec.maxFileSize()));
    p.put("min_size", Long.toString(spec.minFileSize()));
    p.put("dirs", Integer.toString(spec.directories()));
    p.put("file_chunk", spec.fileChunkSize().toString());
    p.put("fsync", Boolean.toString(spec.fsync()));
    p.put("direct", Boolean.toString(spec.direct()));
    p.put("ram", run.ram().toString());
    spec.seed().ifPresent(seed -> p.put("seed", Long.toString(seed)));
    spec.machine().ifPresent(machine -> p.put("machine", machine));
    return p;
  }

  @Override
  public BonnieResult run(BonnieSpec spec, WorkloadContext context) {
    BonnieRun run = resolve(spec, context.directory());
    try {
      BonnieSizing.requireRoom(run);
      return measure(run, context);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "bonnie failed: " + e.getMessage(), e);
    }
  }

  private static BonnieResult measure(BonnieRun run, WorkloadContext context) throws IOException {
    Stopwatch watch = new Stopwatch(context::nanoTime);
    GlibcRand random = new GlibcRand(run.seed());
    List<BonnieResult.TestResult> tests = new ArrayList<>();
    long[] updates = new long[1];
    int total = (run.fileSize().isZero() ? 0 : 6) + (run.spec().files() > 0 ? 6 : 0);
    if (!run.fileSize().isZero()) {
      FileIoTests io = new FileIoTests(run, watch, context::cancelled);
      try {
        io.run(tests);
        context.progress(tests.size() / (double) total);
        tests.add(new SeekTest(run, context::nanoTime).run(random, updates));
      } finally {
        io.close();
        FileIoTests.unlinkIfThere(run.ioFile()); // bonnie++'s CFileOp destructor
      }
      context.progress(tests.size() / (double) total);
    }
    FileTests files = new FileTests(run, watch, context::cancelled);
    if (run.spec().files() > 0) {
      files.run(random, tests);
    }
    context.failIfCancelled(run.spec().name());
    context.progress(1.0);
    return new BonnieResult(
        run.spec(),
        run.fileSize(),
        run.perCharSize(),
        run.ram(),
        run.seed(),
        run.machine(),
        tests,
        updates[0],
        files.subdirectories(),
        run.notes());
  }

  private BonnieRun resolve(BonnieSpec spec, Path directory) {
    long seed = spec.seed().orElseGet(() -> ThreadLocalRandom.current().nextLong(1L << 32));
    return BonnieSizing.resolve(spec, hostRamMib.getAsLong(), seed, hostName(), directory);
  }

  /** bonnie++'s default machine name, uname's nodename. */
  private static String hostName() {
    try {
      String name = InetAddress.getLocalHost().getHostName();
      int dot = name.indexOf('.');
      return dot > 0 ? name.substring(0, dot) : name;
    } catch (UnknownHostException e) {
      return "fsbench";
    }
  }
}
