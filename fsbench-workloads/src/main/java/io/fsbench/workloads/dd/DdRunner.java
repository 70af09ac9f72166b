package io.fsbench.workloads.dd;

import io.fsbench.api.DdResult;
import io.fsbench.api.DdSpec;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.nativeio.Advice;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.core.nativeio.OpenFlag;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Runs a {@link DdSpec} as GNU dd runs {@code dd if=/dev/zero of=FILE bs=B count=N [conv=...]
 * [oflag=...]} or {@code dd if=FILE of=/dev/null bs=B count=N [iflag=direct]}: the files opened as
 * dd opens them (the output {@code O_WRONLY|O_CREAT|O_TRUNC}, the input {@code O_RDONLY}, plus
 * O_DIRECT or O_DSYNC for the flags), one page-aligned buffer of {@code bs}, the clock read after
 * the opens and again after the final sync and both closes, as dd's {@code start_time} and {@code
 * print_stats} read it.
 *
 * <p>A read first lays its file out, untimed by dd's clock but timed as setup: {@code bs × count}
 * bytes of zeros (what the write makes) in 1 MiB writes, fdatasync, and then, when the spec says
 * so, posix_fadvise(DONTNEED) over the file, which drops its now clean pages from the page cache.
 */
public final class DdRunner implements WorkloadRunner<DdSpec> {

  /** The file dd works on, in the run's directory. */
  static final String FILE = "fsbench-dd.dat";

  private static final Path ZERO = Path.of("/dev/zero");
  private static final Path NULL = Path.of("/dev/null");
  private static final int LAYOUT_CHUNK = 1 << 20;

  @Override
  public Class<DdSpec> specType() {
    return DdSpec.class;
  }

  /**
   * {@code dd}, and {@code dd-<mode>-<bs>}: the classic comparison's dd rows, a 4 GiB file in
   * blocks of {@code bs}. A write ends with {@code conv=fdatasync}, so that it measures the disk,
   * not the page cache; a read starts with the file's cached pages dropped. Parameters are dd's
   * ({@code count}, {@code oflag}, ...); the preset's {@code bs} and mode are fixed by its name.
   */
  @Override
  public List<Preset> presets() {
    return List.of(
        new Preset(DdSpec.NAME, DdSpec::fromParams),
        classic("write", "1k", 4L << 20),
        classic("read", "1k", 4L << 20),
        classic("write", "1m", 4L << 10),
        classic("read", "1m", 4L << 10));
  }

  private static Preset classic(String mode, String bs, long count) {
    String name = DdSpec.NAME + "-" + mode + "-" + bs;
    return new Preset(
        name,
        params -> {
          for (String fixed : List.of("mode", "bs")) {
            if (params.containsKey(fixed)) {
              throw new InvalidInputException(
                  "workload "
                      + name
                      + " fixes "
                      + fixed
                      + "; drop --param "
                      + fixed
                      + "="
                      + params.get(fixed)
                      + ", or run dd with it");
            }
          }
          Map<String, String> defaults = new LinkedHashMap<>();
          defaults.put("mode", mode);
          defaults.put("bs", bs);
          defaults.put("count", Long.toString(count));
          if (mode.equals("write") && !params.containsKey("conv")) {
            defaults.put("conv", "fdatasync");
          }
          return DdSpec.fromParams(Preset.withDefaults(params, defaults));
        });
  }

  /** dd's system calls go through libc; without it nothing could run. */
  @Override
  public void check(DdSpec spec) {
    FileCalls.requireAvailable();
  }

  /** The one file, {@code bs × count} bytes. */
  @Override
  public Footprint footprint(DdSpec spec) {
    return new Footprint(Footprint.blocks(spec.bytes()), 1);
  }

  /**
   * A buffered read of a file whose pages were not dropped reads back what the layout left in the
   * page cache; dropped, or read with O_DIRECT, each byte comes from the disk once.
   */
  @Override
  public OptionalLong workingSet(DdSpec spec) {
    return spec.mode() == DdSpec.Mode.READ && !spec.direct() && !spec.invalidate()
        ? OptionalLong.of(spec.bytes())
        : OptionalLong.empty();
  }

  @Override
  public DdResult run(DdSpec spec, WorkloadContext context) {
    Path file = context.directory().resolve(FILE);
    try {
      Duration layout = Duration.ZERO;
      if (spec.mode() == DdSpec.Mode.READ) {
        long start = context.nanoTime();
        layOut(file, spec);
        layout = Duration.ofNanos(context.nanoTime() - start);
      }
      return copy(spec, file, layout, context);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, spec.name() + " failed: " + e.getMessage(), e);
    }
  }

  private static DdResult copy(DdSpec spec, Path file, Duration layout, WorkloadContext context)
      throws IOException {
    boolean write = spec.mode() == DdSpec.Mode.WRITE;
    ByteBuffer buffer = AlignedBuffers.allocate((int) spec.blockSize().bytes());
    DdCopy copy = new DdCopy();
    NativeFile in = NativeFile.open(write ? ZERO : file, inputFlags(spec));
    NativeFile out = null;
    try {
      out = NativeFile.open(write ? file : NULL, outputFlags(spec));
      long start = context.nanoTime();
      copy.copy(in, out, buffer, spec.count(), context::cancelled, context::progress);
      long syncStart = context.nanoTime();
      if (spec.fdatasync()) {
        out.fdatasync();
      }
      if (spec.fsync()) {
        out.fsync();
      }
      long syncEnd = context.nanoTime();
      closeBoth(in, out);
      long end = context.nanoTime();
      context.failIfCancelled(spec.name());
      context.progress(1.0);
      return new DdResult(
          spec,
          Duration.ofNanos(end - start),
          Duration.ofNanos(syncEnd - syncStart),
          layout,
          copy.recordsInFull,
          copy.recordsInPartial,
          copy.recordsOutFull,
          copy.recordsOutPartial,
          copy.bytes);
    } finally {
      // After a failure; closing twice does nothing, so the success path's closes stand.
      closeAfterFailure(in);
      closeAfterFailure(out);
    }
  }

  /** Both closes, as dd's {@code cleanup} makes them before it reads the clock. */
  private static void closeBoth(NativeFile in, NativeFile out) throws IOException {
    try {
      in.close();
    } finally {
      out.close();
    }
  }

  private static void closeAfterFailure(NativeFile file) {
    if (file == null) {
      return;
    }
    try {
      file.close();
    } catch (IOException e) {
      // The failure already under way is the one to report; a close after it adds nothing.
    }
  }

  private static Set<OpenFlag> inputFlags(DdSpec spec) {
    Set<OpenFlag> flags = EnumSet.noneOf(OpenFlag.class);
    if (spec.mode() == DdSpec.Mode.READ && spec.direct()) {
      flags.add(OpenFlag.DIRECT);
    }
    return flags;
  }

  private static Set<OpenFlag> outputFlags(DdSpec spec) {
    Set<OpenFlag> flags = EnumSet.of(OpenFlag.WRITE);
    if (spec.mode() == DdSpec.Mode.WRITE) {
      flags.add(OpenFlag.CREATE);
      flags.add(OpenFlag.TRUNCATE);
      if (spec.direct()) {
        flags.add(OpenFlag.DIRECT);
      }
      if (spec.dsync()) {
        flags.add(OpenFlag.DSYNC);
      }
    }
    return flags;
  }

  /** The file a read reads: zeros, synced, and its pages dropped when the spec says so. */
  private static void layOut(Path file, DdSpec spec) throws IOException {
    ByteBuffer zeros = AlignedBuffers.allocate((int) Math.min(LAYOUT_CHUNK, spec.bytes()));
    try (NativeFile out =
        NativeFile.open(file, OpenFlag.WRITE, OpenFlag.CREATE, OpenFlag.TRUNCATE)) {
      long left = spec.bytes();
      while (left > 0) {
        zeros.clear().limit((int) Math.min(zeros.capacity(), left));
        while (zeros.hasRemaining()) {
          left -= out.write(zeros);
        }
      }
      out.fdatasync();
      if (spec.invalidate()) {
        out.fadvise(Advice.DONTNEED, 0, 0);
      }
    }
  }
}
