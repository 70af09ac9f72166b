package io.fsbench.workloads.iozone;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IozoneResult;
import io.fsbench.api.IozoneResult.Measurement;
import io.fsbench.api.IozoneSpec;
import io.fsbench.api.IozoneSpec.Test;
import io.fsbench.api.Size;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.FileSystemStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Runs an {@link IozoneSpec} as IOzone 3.414's {@code begin} and {@code auto_test} do: for each
 * file and record size, a sync, then each test asked for in IOzone's order on one file, {@code
 * iozone.tmp}'s stand-in, which test 0 creates and which is unlinked afterwards unless {@code -w};
 * or, in throughput mode, each test on every thread at once ({@link ThroughputRun}).
 *
 * <p>An {@code -a} matrix whose largest files do not fit on the volume stops at the largest that
 * does, and the result says so in its notes; a single file that does not fit is refused.
 */
public final class IozoneRunner implements WorkloadRunner<IozoneSpec> {

  static final String FILE = "fsbench-iozone.tmp";

  /** Room left for the filesystem's own metadata beside the largest file. */
  private static final double SPACE_SHARE = 0.9;

  /** The tests throughput mode runs, as IOzone's {@code throughput_test} has phases for them. */
  static final Set<Test> THROUGHPUT_TESTS =
      EnumSet.of(Test.WRITE, Test.READ, Test.RANDOM, Test.BACKWARDS, Test.STRIDE);

  @Override
  public Class<IozoneSpec> specType() {
    return IozoneSpec.class;
  }

  @Override
  public List<Preset> presets() {
    return List.of(new Preset(IozoneSpec.NAME, IozoneSpec::fromParams));
  }

  @Override
  public void check(IozoneSpec spec) {
    FileCalls.requireAvailable();
    if (spec.throughputMode()) {
      for (Test t : spec.tests()) {
        if (!THROUGHPUT_TESTS.contains(t)) {
          throw new InvalidInputException(
              "iozone test "
                  + t.number()
                  + " is not run in throughput mode (threads) by fsbench; it runs tests 0, 1, 2,"
                  + " 3 and 5 there");
        }
      }
    }
  }

  /**
   * Twice the largest file, once per thread in throughput mode: test 0 rewrites the whole file it
   * wrote, and a copy-on-write filesystem keeps the blocks a rewrite replaces until its transaction
   * commits (btrfs ran out of room rewriting an 8 GiB file on an 11 GiB volume).
   */
  @Override
  public Footprint footprint(IozoneSpec spec) {
    return new Footprint(
        Footprint.blocks(2 * largestFile(spec.matrix()) * Math.max(1, spec.threads())),
        Math.max(1, spec.threads()));
  }

  /** Every test but the first reads back or rewrites what the first wrote: a cache can hold it. */
  @Override
  public OptionalLong workingSet(IozoneSpec spec) {
    return spec.direct()
        ? OptionalLong.empty()
        : OptionalLong.of(largestFile(spec.matrix()) * Math.max(1, spec.threads()));
  }

  /** The record's components, with the tests as IOzone's {@code -i} numbers and sizes joined. */
  @Override
  public Map<String, String> parameters(IozoneSpec spec) {
    Map<String, String> params = WorkloadRunner.super.parameters(spec);
    params.put("tests", String.join(",", spec.tests().stream().map(t -> "" + t.number()).toList()));
    params.put("fileSizes", joined(spec.fileSizes()));
    params.put("recordSizes", joined(spec.recordSizes()));
    return params;
  }

  private static String joined(List<Size> sizes) {
    return String.join(",", sizes.stream().map(Size::toString).toList());
  }

  @Override
  public IozoneResult run(IozoneSpec spec, WorkloadContext context) {
    try {
      long room = available(context.directory());
      if (spec.throughputMode()) {
        requireRoom(spec, spec.matrix().get(0).bytes() * spec.threads(), room);
        return new ThroughputRun(spec, context).run();
      }
      List<String> notes = new ArrayList<>();
      List<IozoneSpec.Case> matrix = fitting(spec, room, notes);
      List<IozoneResult.Cell> cells = new ArrayList<>();
      for (int i = 0; i < matrix.size(); i++) {
        cells.add(runCase(spec, matrix.get(i), context));
        context.failIfCancelled(spec.name());
        context.progress((i + 1) / (double) matrix.size());
      }
      return new IozoneResult(spec, cells, List.of(), notes);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "iozone failed: " + e.getMessage(), e);
    }
  }

  /** The cases whose file fits on the volume; a capped matrix says so in the notes. */
  static List<IozoneSpec.Case> fitting(IozoneSpec spec, long room, List<String> notes) {
    List<IozoneSpec.Case> all = spec.matrix();
    if (!spec.auto()) {
      requireRoom(spec, all.get(0).bytes(), room);
      return all;
    }
    List<IozoneSpec.Case> fit = all.stream().filter(c -> c.bytes() <= room * SPACE_SHARE).toList();
    if (fit.isEmpty()) {
      requireRoom(spec, all.get(0).bytes(), 0);
    }
    if (fit.size() < all.size()) {
      notes.add(
          "the auto matrix stops at "
              + Size.bytes(largestFile(fit))
              + " files, not "
              + Size.bytes(largestFile(all))
              + ": the volume has "
              + Size.bytes(room)
              + " free; give a larger --image-size, or max_size=, to run them all");
    }
    return fit;
  }

  private static void requireRoom(IozoneSpec spec, long bytes, long room) {
    if (bytes > room * SPACE_SHARE) {
      throw new InvalidInputException(
          "iozone needs "
              + Size.bytes(bytes)
              + " of files"
              + (spec.throughputMode() ? " (one per thread)" : "")
              + " but the volume has "
              + Size.bytes(room)
              + " free; give a larger --image-size or a smaller size=");
    }
  }

  private static long largestFile(List<IozoneSpec.Case> cases) {
    return cases.stream().mapToLong(IozoneSpec.Case::bytes).max().orElse(0);
  }

  private static long available(Path directory) throws IOException {
    return FileSystemStats.of(directory).availableBytes();
  }

  /** One row: IOzone's {@code begin}. */
  private static IozoneResult.Cell runCase(
      IozoneSpec spec, IozoneSpec.Case size, WorkloadContext context) throws IOException {
    Path file = context.directory().resolve(FILE);
    FileCalls.syncfs(context.directory()); // IOzone's sync(); sync(); before each row
    FileTests tests =
        new FileTests(
            file,
            spec,
            size,
            FileTests.recordBuffer(size),
            context::nanoTime,
            context::cancelled,
            Stonewall.NONE);
    List<Measurement> measurements = new ArrayList<>();
    for (Test test : spec.tests()) {
      measurements.addAll(run(tests, test));
      context.failIfCancelled(spec.name());
    }
    if (!spec.keepFiles()) {
      Files.deleteIfExists(file);
    }
    return new IozoneResult.Cell(size, measurements);
  }

  /** One test's columns, in order. */
  static List<Measurement> run(FileTests tests, Test test) throws IOException {
    return switch (test) {
      case WRITE ->
          List.of(tests.write("write", false, true), tests.write("rewrite", false, false));
      case READ -> List.of(tests.read("read", true), tests.read("reread", true));
      case RANDOM ->
          List.of(tests.random("random-read", false), tests.random("random-write", true));
      case BACKWARDS -> backwardsTwice(tests);
      case RECORD_REWRITE -> List.of(tests.recordRewrite());
      case STRIDE -> List.of(tests.stride());
      case FWRITE -> List.of(tests.stdio("fwrite", true), tests.stdio("frewrite", true));
      case FREAD -> List.of(tests.stdio("fread", false), tests.stdio("freread", false));
      case PWRITE ->
          List.of(tests.write("pwrite", true, false), tests.write("re-pwrite", false, false));
      case PREAD -> List.of(tests.read("pread", false), tests.read("re-pread", false));
    };
  }

  /** IOzone 3.414 reads backwards twice (its retest loop) and reports the first pass. */
  private static List<Measurement> backwardsTwice(FileTests tests) throws IOException {
    Measurement first = tests.backwards();
    tests.backwards();
    return List.of(first);
  }
}
