package io.fsbench.spi.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MkfsArgumentsTest {

  private static final List<String> RAN =
      List.of(
          "mkfs.ext4 -F -L fsbench-vol-0001 -E lazy_itable_init=0,lazy_journal_init=0,stride=16"
              + " -m 1 /dev/loop7");

  @Test
  void findsArgumentsPassedAsWords() {
    assertThat(MkfsArguments.found(List.of("-m", "1"), RAN)).containsExactly("-m", "1");
  }

  @Test
  void findsSuboptionsMergedIntoAnotherArgument() {
    assertThat(MkfsArguments.found(List.of("-E", "stride=16"), RAN))
        .containsExactly("-E", "stride=16");
  }

  @Test
  void leavesOutWhatWasNotPassed() {
    assertThat(MkfsArguments.found(List.of("-O", "^metadata_csum", "-m", "1"), RAN))
        .containsExactly("-m", "1");
    assertThat(MkfsArguments.found(List.of("stride=16,stripe_width=64"), RAN)).isEmpty();
  }
}
