package io.fsbench.bench;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.FsMarkPhaseResult;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.FsMarkSyncPolicy;
import io.fsbench.api.MetadataOperation;
import io.fsbench.api.PostMarkResult;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.Size;
import io.fsbench.api.TreePhase;
import io.fsbench.api.TreePhaseResult;
import io.fsbench.api.TreeResult;
import io.fsbench.api.TreeSpec;
import io.fsbench.bench.RatioTable.Run;
import io.fsbench.workloads.fsmark.FsMarkRunner;
import io.fsbench.workloads.postmark.PostMarkRunner;
import io.fsbench.workloads.tree.TreeRunner;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * fsbench against the C tools, on the same loop volume in one run: fs_mark -S0 and -S1, PostMark,
 * GNU {@code tar xf} and {@code rm -rf}. Per filesystem it makes one volume and, per workload,
 * alternates the two sides in ABBA order (C, fsbench, fsbench, C, ...), every run in a fresh
 * directory that starts cold ({@link BenchVolume#settle}) and is removed afterwards, untimed. It
 * prints each run as it ends (stderr) and then the table of mean rates and ratios (stdout).
 *
 * <p>Both sides get the same parameters: the fsbench specs are built here, and the C tools'
 * settings are written from the same specs where they take them. Rates are as each tool defines
 * them: fs_mark's Files/sec against fsbench's per-thread files/s of its create phase (both the
 * create loop only); PostMark's transactions over the transaction phase against fsbench's; {@code
 * tar xf} and {@code rm -rf} as archive entries over wall time, where both sides' time starts after
 * the same syncfs and cache drop and ends after a syncfs of the volume, so the final sync is
 * included on both.
 *
 * <p>Run by {@code bench/vs-ctools.sh}; options in {@link BenchOptions}.
 */
public final class CToolsBenchmark {

  private final BenchOptions options;
  private final RatioTable table = new RatioTable();
  private final PrintStream log;
  private final Path logDir;

  private CToolsBenchmark(BenchOptions options, PrintStream log, Path logDir) {
    this.options = options;
    this.log = log;
    this.logDir = logDir;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    Path logDir = null;
    try {
      BenchOptions options = BenchOptions.parse(args);
      CTools.requireInstalled();
      logDir = Files.createTempDirectory("fsbench-ctools-");
      CToolsBenchmark bench = new CToolsBenchmark(options, err, logDir);
      for (String fs : options.fileSystems()) {
        try (BenchVolume volume = BenchVolume.create(fs, options.imageSize())) {
          bench.runOn(volume);
        }
      }
      out.println(environment());
      out.print(bench.table.render());
      return 0;
    } catch (FsBenchException e) {
      err.println("vs-ctools: " + e.getMessage());
      return e.kind().exitCode();
    } catch (IOException | UncheckedIOException e) {
      err.println("vs-ctools: " + e);
      return 1;
    } finally {
      if (logDir != null) {
        CTools.run(List.of("rm", "-rf", logDir.toString()), logDir.getParent());
      }
    }
  }

  private static String environment() throws IOException {
    String kernel = Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip();
    String tar = CTools.run(List.of("tar", "--version"), Path.of("/")).lines().findFirst().get();
    return "kernel "
        + kernel
        + "; "
        + tar
        + "; fs_mark 3.3; postmark 1.5x (Debian); caches dropped before every run; tar xf and"
        + " rm -rf times include a final syncfs on both sides";
  }

  private void runOn(BenchVolume volume) {
    if (options.runs("fsmark-s0")) {
      alternate(() -> fsMarkC(volume, 0), () -> fsMarkFsbench(volume, FsMarkSyncPolicy.NONE));
    }
    if (options.runs("fsmark-s1")) {
      alternate(
          () -> fsMarkC(volume, 1),
          () -> fsMarkFsbench(volume, FsMarkSyncPolicy.FSYNC_BEFORE_CLOSE));
    }
    if (options.runs("postmark")) {
      alternate(() -> postMarkC(volume), () -> postMarkFsbench(volume));
    }
    if (options.runs("tar")) {
      Path archive = archive(volume);
      long entries = CTools.entries(archive);
      alternate(() -> treeC(volume, archive, entries), () -> treeFsbench(volume, archive, entries));
    }
  }

  /** ABBA: C first in even rounds, fsbench first in odd ones, so drift hits both alike. */
  private void alternate(Runnable cTool, Runnable fsbench) {
    for (int round = 0; round < options.rounds(); round++) {
      if (round % 2 == 0) {
        cTool.run();
        fsbench.run();
      } else {
        fsbench.run();
        cTool.run();
      }
    }
  }

  private FsMarkSpec fsMarkSpec(FsMarkSyncPolicy sync) {
    // fs_mark -n N -s 0 -S sync -L 1: one thread, 16 KiB writes, no subdirectories, files kept
    return FsMarkSpec.builder()
        .files(options.fsmarkFiles())
        .fileSize(Size.ZERO)
        .writeChunk(Size.kib(16))
        .filesPerDir(0)
        .threads(1)
        .sync(sync)
        .operations(MetadataOperation.CREATE)
        .build();
  }

  private void fsMarkC(BenchVolume volume, int syncMethod) {
    Path dir = volume.freshDirectory("fsmark");
    volume.settle();
    double rate = CTools.fsMark(dir, options.fsmarkFiles(), syncMethod, logDir);
    record(new Run("fs_mark -S" + syncMethod, "files/s", volume.fileSystem(), true, rate), "");
    volume.remove(dir);
  }

  private void fsMarkFsbench(BenchVolume volume, FsMarkSyncPolicy sync) {
    Path dir = volume.freshDirectory("fsmark");
    volume.settle();
    FsMarkPhaseResult create =
        new FsMarkRunner()
            .run(fsMarkSpec(sync), volume.context(dir))
            .phase(MetadataOperation.CREATE)
            .orElseThrow();
    String name = "fs_mark -S" + sync.level();
    record(
        new Run(name, "files/s", volume.fileSystem(), false, create.perThreadSumFilesPerSec()), "");
    volume.remove(dir);
  }

  private PostMarkSpec postMarkSpec() {
    return PostMarkSpec.builder()
        .files(options.postmarkFiles())
        .transactions(options.postmarkTransactions())
        .build();
  }

  private void postMarkC(BenchVolume volume) {
    Path dir = volume.freshDirectory("postmark");
    volume.settle();
    CTools.PostMarkRun run = CTools.postMark(dir, postMarkSpec(), logDir);
    double rate = options.postmarkTransactions() / run.seconds();
    String reported =
        String.format(
            Locale.ROOT,
            "(postmark printed %d s, %d per second)",
            run.wholeSeconds(),
            run.reportedRate());
    record(new Run("postmark", "transactions/s", volume.fileSystem(), true, rate), reported);
    volume.remove(dir);
  }

  private void postMarkFsbench(BenchVolume volume) {
    Path dir = volume.freshDirectory("postmark");
    volume.settle();
    PostMarkResult result = new PostMarkRunner().run(postMarkSpec(), volume.context(dir));
    record(
        new Run(
            "postmark", "transactions/s", volume.fileSystem(), false, result.transactionsPerSec()),
        "");
    volume.remove(dir);
  }

  /** The archive both sides extract: the given one, or a generated tree written to the volume. */
  private Path archive(BenchVolume volume) {
    if (options.archive() != null) {
      return options.archive();
    }
    Path archive = volume.file("source.tar");
    if (Files.notExists(archive)) {
      TreeSpec spec = TreeSpec.builder().generatedFiles(options.treeFiles()).build();
      try {
        TreeRunner.writeGeneratedArchive(spec, archive);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return archive;
  }

  private void treeC(BenchVolume volume, Path archive, long entries) {
    Path dir = volume.freshDirectory("tree");
    Path tree = dir.resolve("tree");
    try {
      Files.createDirectory(tree);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    volume.settle();
    long start = System.nanoTime();
    CTools.tarExtract(archive, tree);
    volume.syncfs();
    long extracted = System.nanoTime();
    volume.settle();
    long removeStart = System.nanoTime();
    CTools.removeTree(tree);
    volume.syncfs();
    long removed = System.nanoTime();
    String fs = volume.fileSystem();
    record(new Run("tar xf", "entries/s", fs, true, entries / seconds(extracted - start)), "");
    record(new Run("rm -rf", "entries/s", fs, true, entries / seconds(removed - removeStart)), "");
    volume.remove(dir);
  }

  private void treeFsbench(BenchVolume volume, Path archive, long entries) {
    Path dir = volume.freshDirectory("tree");
    TreeSpec spec =
        TreeSpec.builder()
            .archive(archive)
            .phases(TreePhase.EXTRACT, TreePhase.REMOVE)
            .includeSync(true)
            .dropCaches(true)
            .build();
    TreeResult result = new TreeRunner().run(spec, volume.context(dir));
    TreePhaseResult extract = result.phase(TreePhase.EXTRACT).orElseThrow();
    TreePhaseResult remove = result.phase(TreePhase.REMOVE).orElseThrow();
    String check =
        extract.entries() == entries
            ? ""
            : "(fsbench extracted " + extract.entries() + " entries, tar lists " + entries + ")";
    String fs = volume.fileSystem();
    record(new Run("tar xf", "entries/s", fs, false, entries / extract.seconds()), check);
    record(new Run("rm -rf", "entries/s", fs, false, entries / remove.seconds()), "");
    volume.remove(dir);
  }

  private void record(Run run, String note) {
    table.add(run);
    log.printf(
        Locale.ROOT,
        "%s %-12s %-8s %12.1f %s %s%n",
        run.fileSystem(),
        run.workload(),
        run.cTool() ? "C" : "fsbench",
        run.rate(),
        run.unit(),
        note);
  }

  private static double seconds(long nanos) {
    return nanos / 1e9;
  }
}
