package io.fsbench.bench;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.PostMarkResult;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.Size;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.workloads.postmark.PostMarkRunner;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * PostMark (Debian's {@code postmark}) against fsbench's PostMark in the same directory: random
 * settings (number, transactions, size range, read and write block sizes, both biases including -1,
 * buffering, subdirectories, seed) from a seed, each run by both, and compared field by field where
 * PostMark's Mersenne Twister makes the run deterministic: files created (alone and mixed with
 * transactions), read, appended, deleted (alone and mixed) and the data read and written; a run
 * PostMark ends with "out of files!" must end so in fsbench too.
 *
 * <pre>
 * bench/vs-postmark.sh [--dir /var/tmp] [--seed 7] [--count 100]
 * </pre>
 */
public final class PostMarkDiff {

  /** Bytes one case writes at most (pool and transactions), so a case takes well under a second. */
  static final long MAX_CASE_BYTES = 48L << 20;

  /**
   * The fewest transactions a case asks for: Debian's PostMark 1.51 divides by {@code transactions
   * / 10} for its progress dots, so below 10 it dies of SIGFPE where fsbench runs.
   */
  static final int MIN_TRANSACTIONS = 10;

  private static final long[] BLOCK_SIZES = {1, 7, 64, 512, 1000, 4096, 8192, 65536};

  private final ScratchDirs scratch;
  private final PrintStream log;

  /**
   * The longest location the harness gives PostMark. Debian's PostMark 1.51 keeps a file's path
   * (location, subdirectory, number) in a buffer of about 84 characters and, past it, silently
   * works on truncated names: at a location of 80 characters it reported 999 of 1,630 deletes, at
   * 82 just 27 (its counts then are not PostMark's workload). 60 leaves room for {@code
   * /sNNNNNNN/NNNNNNNNNN}. fsbench has no such limit.
   */
  static final int MAX_LOCATION = 60;

  /** What a scratch directory's name adds to the parent: {@code /fsbench-pmdiff-NNNNN-postmark}. */
  private static final int SCRATCH_NAME = 30;

  PostMarkDiff(Path parent, PrintStream log) {
    int length = parent.toAbsolutePath().toString().length();
    if (length + SCRATCH_NAME > MAX_LOCATION) {
      throw new FsBenchException(
          FsBenchException.Kind.BAD_INPUT,
          "--dir "
              + parent.toAbsolutePath()
              + " is too long for PostMark, which truncates longer paths: the harness's locations"
              + " are kept to "
              + MAX_LOCATION
              + " characters, "
              + (MAX_LOCATION - SCRATCH_NAME)
              + " for --dir; give a shorter --dir, e.g. /var/tmp");
    }
    this.scratch = new ScratchDirs(parent, "fsbench-pmdiff");
    this.log = log;
  }

  public static void main(String[] args) {
    try {
      System.exit(run(args));
    } catch (FsBenchException e) {
      System.err.println("vs-postmark: " + e.getMessage());
      System.exit(e.kind().exitCode());
    }
  }

  private static int run(String[] args) {
    Map<String, String> options =
        HarnessArgs.parse(
            args,
            List.of("--dir", "--seed", "--count"),
            "vs-postmark.sh takes --dir PATH, --seed N, --count N");
    Path dir = Path.of(options.getOrDefault("--dir", "/var/tmp"));
    String missing = PostMarkReport.missing();
    if (missing != null) {
      System.err.println("vs-postmark: " + missing);
      return 3;
    }
    DiffSummary<PostMarkSpec> summary =
        new PostMarkDiff(dir, System.err)
            .agreement(
                HarnessArgs.number(options, "--seed", 7),
                HarnessArgs.number(options, "--count", 100));
    System.out.println(summary);
    return summary.problems().isEmpty() ? 0 : 1;
  }

  /** The random cases for {@code seed}, each writing at most {@link #MAX_CASE_BYTES}. */
  static List<PostMarkSpec> cases(long seed, int count) {
    SplittableRandom random = new SplittableRandom(seed);
    List<PostMarkSpec> cases = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long low = random.nextInt(4) == 0 ? 1 + random.nextLong(16) : 1 + random.nextLong(20_000);
      long high =
          switch (random.nextInt(5)) {
            case 0 -> low; // one size: PostMark's RND(0)
            case 1 -> low + 1;
            default -> low + random.nextLong(100_000);
          };
      int files = 1 + random.nextInt(random.nextBoolean() ? 50 : 3000);
      // PostMark 1.51 prints a progress dot every transactions/10 and dies of SIGFPE below 10
      int transactions = MIN_TRANSACTIONS + random.nextInt(random.nextBoolean() ? 200 : 20_000);
      // keep the written bytes bounded: each create or append writes at most high bytes
      long perFile = Math.max(1, high);
      files = (int) Math.max(1, Math.min(files, MAX_CASE_BYTES / 2 / perFile));
      transactions =
          (int) Math.max(MIN_TRANSACTIONS, Math.min(transactions, MAX_CASE_BYTES / 2 / perFile));
      PostMarkSpec.Builder spec =
          PostMarkSpec.builder()
              .files(files)
              .transactions(transactions)
              .size(Size.bytes(low), Size.bytes(high))
              .readBlockSize(Size.bytes(blockSize(random)))
              .writeBlockSize(Size.bytes(blockSize(random)))
              .biasRead(bias(random))
              .biasCreate(bias(random))
              .buffering(random.nextBoolean())
              .subdirectories(random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(12))
              .seed(1 + random.nextInt(Integer.MAX_VALUE - 1));
      cases.add(spec.build());
    }
    return cases;
  }

  private static long blockSize(SplittableRandom random) {
    return random.nextInt(4) == 0
        ? 1 + random.nextLong(20_000)
        : BLOCK_SIZES[random.nextInt(BLOCK_SIZES.length)];
  }

  /** -1 (the choice off) now and then, else 0 to 10. */
  private static int bias(SplittableRandom random) {
    return random.nextInt(8) == 0 ? -1 : random.nextInt(11);
  }

  /** Runs every case of {@code seed} on both sides and compares them. */
  DiffSummary<PostMarkSpec> agreement(long seed, int count) {
    List<DiffSummary.Case<PostMarkSpec>> results = new ArrayList<>();
    for (PostMarkSpec spec : cases(seed, count)) {
      DiffSummary.Case<PostMarkSpec> result = compare(spec);
      log.println(result.logLine(PostMarkReport.settings(spec, Path.of("DIR"))));
      results.add(result);
    }
    return new DiffSummary<>(seed, "PostMark", results);
  }

  /** One case on both sides, each in a fresh scratch directory removed afterwards. */
  DiffSummary.Case<PostMarkSpec> compare(PostMarkSpec spec) {
    Side fsbench = side(spec, false);
    Side postmark = side(spec, true);
    List<String> problems = new ArrayList<>();
    if (fsbench.error != null || postmark.error != null) {
      boolean bothOutOfFiles =
          fsbench.error != null
              && fsbench.error.contains("out of files")
              && postmark.error != null
              && postmark.error.contains("out of files");
      if (!bothOutOfFiles) {
        problems.add(
            "fsbench "
                + (fsbench.error == null ? "ran" : "failed: " + fsbench.error)
                + "; PostMark "
                + (postmark.error == null ? "ran" : "failed: " + postmark.error));
      }
      return new DiffSummary.Case<>(spec, problems);
    }
    problems.addAll(postmark.report.disagreements(fsbench.result));
    return new DiffSummary.Case<>(spec, problems);
  }

  /** What one side did: fsbench's result or PostMark's report, or why it failed. */
  private record Side(PostMarkResult result, PostMarkReport report, String error) {}

  private Side side(PostMarkSpec spec, boolean cTool) {
    Path dir = scratch.make(cTool ? "postmark" : "fsbench");
    try {
      if (cTool) {
        return new Side(null, PostMarkReport.run(spec, dir), null);
      }
      PostMarkResult result =
          new PostMarkRunner().run(spec, new RunContext(dir, null, f -> {}, new AtomicBoolean()));
      return new Side(result, null, null);
    } catch (FsBenchException e) {
      return new Side(null, null, e.getMessage());
    } finally {
      ScratchDirs.remove(dir);
      FileCalls.sync();
    }
  }
}
