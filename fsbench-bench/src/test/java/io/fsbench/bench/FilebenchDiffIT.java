package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.Size;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The filebench harness in CI: a fixed seed, a few random scripts run by filebench 1.5-alpha3
 * (built once into /var/tmp/fsbench-filebench-1.5a3 from ../shared/reference/filebench, about a
 * minute and a half with its build tools) and by fsbench on one fresh ext4 loop volume; a case that
 * disagrees fails the build. By hand, {@code bench/vs-filebench.sh --seed N --count 200}.
 */
class FilebenchDiffIT {

  private static final long SEED = 7;
  private static final int COUNT = 6;
  private static final Duration RUNTIME = Duration.ofSeconds(2);

  @RegisterExtension
  static final ScratchVolume SCRATCH = new ScratchVolume(Size.mib(512), FilebenchCpp::missing);

  @Test
  void agreesWithFilebenchOnRandomScripts() throws Exception {
    Path parent = SCRATCH.get().freshDirectory("fbdiff");

    DiffSummary<FilebenchCase> summary =
        new FilebenchDiff(parent, System.out).agreement(SEED, COUNT, RUNTIME, false);

    System.out.println(summary);
    assertThat(summary.results()).hasSize(COUNT);
    assertThat(summary.problems())
        .as("cases that disagree with filebench (printed above)")
        .isEmpty();
    try (Stream<Path> left = Files.list(parent)) {
      assertThat(left).as("scratch directories left behind").isEmpty();
    }
  }

  @Test
  void theCasesDrawFromEveryFlowopBothRun() {
    List<FilebenchCase> cases = FilebenchCases.random(SEED, 60, RUNTIME);

    for (String type :
        List.of(
            "createfile",
            "openfile",
            "closefile",
            "deletefile",
            "statfile",
            "readwholefile",
            "writewholefile",
            "appendfile",
            "appendfilerand",
            "read",
            "write",
            "fsync")) {
      assertThat(cases).anyMatch(c -> c.types().containsValue(type));
    }
    assertThat(cases).anyMatch(c -> c.script().contains("cvar("));
    assertThat(cases).anyMatch(c -> c.script().contains(",random"));
  }
}
