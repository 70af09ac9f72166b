package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The fs_mark harness in CI: a fixed seed, 16 random cases run by fs_mark 3.3 and by fsbench's
 * fsmark (in a JVM of its own), both under strace, in a real directory; any field that differs
 * fails the build. By hand, {@code bench/vs-fsmark.sh --seed N --count 1000} runs thousands.
 */
class FsMarkDiffIT {

  /** A seed whose 16 cases have every -S, both -D layouts, -s 0 and a case without -k. */
  static final long SEED = 3;

  static final int COUNT = 16;

  @Test
  void agreesWithFsMarkOnRandomCases() throws Exception {
    String missing = FsMarkDiff.missing();
    assumeTrue(missing == null, missing);
    Path parent = Files.createDirectories(Path.of("target", "fsbench-fsmarkdiff-it"));

    DiffSummary<FsMarkCase> summary = new FsMarkDiff(parent, System.out).agreement(SEED, COUNT);

    System.out.println(summary);
    assertThat(summary.results()).hasSize(COUNT);
    assertThat(summary.problems()).as("cases that disagree with fs_mark (printed above)").isEmpty();
    try (Stream<Path> left = Files.list(parent)) {
      assertThat(left).as("scratch directories left behind").isEmpty();
    }
  }
}
