package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.api.PostMarkSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The PostMark harness in CI: a fixed seed, a bounded count of random settings run by Debian's
 * PostMark and by fsbench's postmark in a real directory; any count or data figure that differs
 * fails the build. By hand, {@code bench/vs-postmark.sh --seed N --count 1000} runs thousands.
 */
class PostMarkDiffIT {

  private static final long SEED = 7;
  private static final int COUNT = 16;

  @Test
  void aDirectoryTooLongForPostMarksLocationIsRefusedByName() {
    Path deep = Path.of("/var/tmp", "fsbench-" + "x".repeat(60));

    assertThatThrownBy(() -> new PostMarkDiff(deep, System.out))
        .hasMessageContaining("--dir " + deep)
        .hasMessageContaining("give a shorter --dir");
  }

  @Test
  void agreesWithPostMarkOnRandomSettings() throws Exception {
    String missing = PostMarkReport.missing();
    assumeTrue(missing == null, missing);
    // PostMark truncates long paths (PostMarkDiff.MAX_LOCATION): not under a checkout's target/
    Path parent = Files.createDirectories(Path.of("/tmp", "fsbench-pmdiff-it"));

    DiffSummary<PostMarkSpec> summary = new PostMarkDiff(parent, System.out).agreement(SEED, COUNT);

    System.out.println(summary);
    assertThat(summary.results()).hasSize(COUNT);
    assertThat(summary.problems())
        .as("cases that disagree with PostMark (printed above)")
        .isEmpty();
    try (Stream<Path> left = Files.list(parent)) {
      assertThat(left).as("scratch directories left behind").isEmpty();
    }
    Files.delete(parent);
  }
}
