package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The differential harness in CI: a fixed seed, a bounded count of random job files run by fio and
 * by fsbench; every disagreement beyond those docs/measurement.md lists fails the build. By hand,
 * {@code bench/fio-diff.sh --seed N --count 1000} runs thousands.
 */
class FioDiffIT {

  private static final long SEED = 7;
  private static final int COUNT = 40;
  private static final int STRACE_EVERY = 4;

  @Test
  void agreesWithFioOnRandomJobFiles() throws Exception {
    String missing = FioSides.fioMissing();
    if (missing != null) {
      System.out.println("FioDiffIT skipped: " + missing);
    }
    assumeTrue(missing == null, missing);
    Path parent = Files.createDirectories(Path.of("target", "fsbench-fiodiff-it"));

    FioDiff diff = new FioDiff(parent, System.out);
    if (FioSyscalls.straceMissing() == null) {
      diff.straceEvery(STRACE_EVERY); // every 4th case also compares the system calls
    } else {
      System.out.println("FioDiffIT: system calls not compared: " + FioSyscalls.straceMissing());
    }
    FioDiffSummary summary = diff.run(SEED, COUNT, false);

    System.out.println(summary);
    assertThat(summary.problems())
        .as("cases that disagree with fio (printed above with their job files)")
        .isEmpty();
    try (Stream<Path> left = Files.list(parent)) {
      assertThat(left).as("scratch directories left behind").isEmpty();
    }
  }
}
