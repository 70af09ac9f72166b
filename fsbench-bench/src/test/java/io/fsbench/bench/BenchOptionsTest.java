package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

  @Test
  void defaultsAreTheIssuesSizesOnExt4AndXfs() {
    BenchOptions options = BenchOptions.parse(new String[0]);

    assertThat(options.fileSystems()).containsExactly("ext4", "xfs");
    assertThat(options.rounds()).isEqualTo(2);
    assertThat(options.fsmarkFiles()).isEqualTo(100_000);
    assertThat(options.postmarkFiles()).isEqualTo(5_000);
    assertThat(options.postmarkTransactions()).isEqualTo(300_000);
    assertThat(options.archive()).isNull();
    assertThat(BenchOptions.WORKLOADS).allMatch(options::runs);
  }

  @Test
  void optionsOverrideTheDefaults() {
    BenchOptions options =
        BenchOptions.parse(
            new String[] {
              "--fs",
              "xfs",
              "--rounds",
              "4",
              "--image-size",
              "8g",
              "--workloads",
              "postmark",
              "--archive",
              "/tmp/fsbench-x.tar"
            });

    assertThat(options.fileSystems()).isEqualTo(List.of("xfs"));
    assertThat(options.rounds()).isEqualTo(4);
    assertThat(options.imageSize()).isEqualTo(Size.gib(8));
    assertThat(options.runs("postmark")).isTrue();
    assertThat(options.runs("tar")).isFalse();
    assertThat(options.archive()).isEqualTo(Path.of("/tmp/fsbench-x.tar"));
  }

  @Test
  void refusesAnUnknownOptionListingTheKnownOnes() {
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--files", "3"}))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--files")
        .hasMessageContaining("--fsmark-files");
  }

  @Test
  void refusesAnUnknownWorkload() {
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--workloads", "bonnie"}))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("bonnie");
  }

  @Test
  void refusesZeroRounds() {
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--rounds", "0"}))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--rounds (0)");
  }
}
