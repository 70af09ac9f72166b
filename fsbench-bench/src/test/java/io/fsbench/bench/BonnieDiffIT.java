package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.BonnieSpec;
import io.fsbench.api.Size;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The bonnie harness in CI: a fixed seed, a few random parameter sets run by Debian's bonnie++
 * 2.00a and by fsbench's bonnie on one fresh ext4 loop volume; a field that differs fails the
 * build. By hand, {@code bench/vs-bonnie.sh --seed N --count 500} runs many more.
 */
class BonnieDiffIT {

  private static final long SEED = 7;
  private static final int COUNT = 9;

  @RegisterExtension
  static final ScratchVolume SCRATCH = new ScratchVolume(Size.mib(256), BonnieCpp::missing);

  @Test
  void agreesWithBonnieOnRandomCases() throws Exception {
    Path parent = SCRATCH.get().freshDirectory("bonniediff");

    DiffSummary<io.fsbench.api.BonnieSpec> summary =
        new BonnieDiff(parent, System.out).agreement(SEED, COUNT);

    System.out.println(summary);
    assertThat(summary.results()).hasSize(COUNT);
    assertThat(summary.problems())
        .as("cases that disagree with bonnie++ (printed above)")
        .isEmpty();
    try (Stream<Path> left = Files.list(parent)) {
      assertThat(left).as("scratch directories left behind").isEmpty();
    }
  }

  @Test
  void theCasesCoverEveryOptionTheHarnessVaries() {
    List<BonnieSpec> cases = BonnieDiff.cases(SEED, COUNT);

    assertThat(cases).anyMatch(BonnieSpec::perCharTests);
    assertThat(cases).anyMatch(c -> !c.perCharTests());
    assertThat(cases).anyMatch(c -> c.files() > 0 && c.directories() > 1);
    assertThat(cases).anyMatch(c -> c.maxFileSize() > 0);
    assertThat(cases).anyMatch(BonnieSpec::fsync);
    assertThat(cases).anyMatch(BonnieSpec::direct);
    assertThat(cases).anyMatch(c -> c.chunkSize().bytes() != 8192);
    assertThat(cases).allMatch(c -> c.fileSize().orElseThrow().compareTo(Size.mib(24)) <= 0);
  }
}
