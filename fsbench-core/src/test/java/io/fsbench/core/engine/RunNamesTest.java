package io.fsbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import org.junit.jupiter.api.Test;

class RunNamesTest {

  @Test
  void aSharedRunPrefixesEveryNameWithItsTagAndADot() {
    RunNames client = RunNames.tagged("3");

    assertThat(client.shared()).isTrue();
    assertThat(client.of("tree")).isEqualTo("3.tree");
    assertThat(client.of(".fsbench-warm-up")).isEqualTo("3.fsbench-warm-up");
    assertThat(client.prefix()).isEqualTo("3.");
  }

  @Test
  void aRunInItsOwnDirectoryKeepsTheNamesAsGiven() {
    assertThat(RunNames.OWN.shared()).isFalse();
    assertThat(RunNames.OWN.of("tree")).isEqualTo("tree");
    assertThat(RunNames.OWN.prefix()).isEmpty();
  }

  @Test
  void aClientOwnsOnlyTheNamesWithItsTagNotThoseOfATagThatStartsTheSame() {
    RunNames one = RunNames.tagged("1");

    assertThat(one.owns("1.tree")).isTrue();
    assertThat(one.owns("12.tree")).isFalse();
    assertThat(one.owns("1")).isFalse();
    assertThat(one.owns("tree")).isFalse();
  }

  @Test
  void refusesATagThatCouldMakeOneClientsNamesAnothersOrLeaveTheDirectory() {
    for (String bad : new String[] {"", "a.b", "a/b", "..", "x".repeat(65), "é"}) {
      assertThatThrownBy(() -> RunNames.tagged(bad))
          .as(bad)
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("client tag (");
    }
    assertThatThrownBy(() -> RunNames.tagged("a.b"))
        .hasMessageContaining("client tag (a.b)")
        .hasMessageContaining("letters, digits");
  }
}
