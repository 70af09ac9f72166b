package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The dd harness in CI: a fixed seed, a bounded count of random cases run by GNU dd and by
 * fsbench's dd in a real directory; any field that differs fails the build. By hand, {@code
 * bench/vs-dd.sh --seed N --count 1000} runs thousands.
 */
class DdDiffIT {

  private static final long SEED = 7;
  private static final int COUNT = 24;

  @Test
  void agreesWithGnuDdOnRandomCases() throws Exception {
    String missing = GnuDd.missing();
    assumeTrue(missing == null, missing);
    Path parent = Files.createDirectories(Path.of("target", "fsbench-dddiff-it"));

    DiffSummary<io.fsbench.api.DdSpec> summary =
        new DdDiff(parent, System.out).agreement(SEED, COUNT);

    System.out.println(summary);
    assertThat(summary.results()).hasSize(COUNT);
    assertThat(summary.problems()).as("cases that disagree with GNU dd (printed above)").isEmpty();
    try (Stream<Path> left = Files.list(parent)) {
      assertThat(left).as("scratch directories left behind").isEmpty();
    }
  }

  @Test
  void theCasesCoverBothDirectionsEveryFlagAndOddBlockSizes() {
    var cases = DdDiff.cases(SEED, COUNT);

    assertThat(cases).anyMatch(c -> c.mode() == io.fsbench.api.DdSpec.Mode.READ && c.direct());
    assertThat(cases).anyMatch(c -> c.mode() == io.fsbench.api.DdSpec.Mode.WRITE && c.direct());
    assertThat(cases).anyMatch(c -> c.fdatasync());
    assertThat(cases).anyMatch(c -> c.fsync());
    assertThat(cases).anyMatch(c -> c.dsync());
    assertThat(cases).anyMatch(c -> c.blockSize().bytes() % 512 != 0);
    assertThat(cases).allMatch(c -> c.bytes() <= DdDiff.MAX_CASE_BYTES);
  }
}
