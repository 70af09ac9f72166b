package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class PhaseBarriersTest {

  @Test
  void aBarrierIsReleasedWhenTheLastOfTheClientsArrives() {
    PhaseBarriers barriers = new PhaseBarriers(3);

    assertThat(barriers.arrive(2, 0, "create", 10)).isEmpty();
    assertThat(barriers.arrive(0, 0, "create", 20)).isEmpty();
    assertThat(barriers.waiting()).isTrue();
    assertThat(barriers.firstArrivalNanos()).isEqualTo(10);
    assertThat(barriers.missing()).containsExactly(1);
    assertThat(barriers.arrive(1, 0, "create", 30)).isEqualTo(Optional.of(0));
    assertThat(barriers.waiting()).isFalse();
  }

  @Test
  void theNextBarrierIsMetAfterTheOneReleased() {
    PhaseBarriers barriers = new PhaseBarriers(2);
    barriers.arrive(0, 0, "create", 0);
    barriers.arrive(1, 0, "create", 0);

    assertThat(barriers.arrive(1, 1, "stat", 5)).isEmpty();
    assertThat(barriers.arrive(0, 1, "stat", 6)).isEqualTo(Optional.of(1));
    assertThat(barriers.arrive(0, 2, "end", 7)).isEmpty();
  }

  @Test
  void aFaultMessageNamesTheClientsWaitingAndThePhase() {
    PhaseBarriers barriers = new PhaseBarriers(3);
    barriers.arrive(0, 0, "stat", 0);
    barriers.arrive(2, 0, "stat", 0);

    assertThat(barriers.describe())
        .isEqualTo(" while clients [0, 2] waited at the barrier before stat");
  }

  @Test
  void nobodyWaitingDescribesNothing() {
    assertThat(new PhaseBarriers(2).describe()).isEmpty();
  }

  @Test
  void clientsThatReachDifferentPhasesAreRefusedNamingBoth() {
    PhaseBarriers barriers = new PhaseBarriers(2);
    barriers.arrive(0, 0, "create", 0);

    assertThatThrownBy(() -> barriers.arrive(1, 0, "extract", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("extract")
        .hasMessageContaining("create");
  }

  @Test
  void anArrivalAtAnotherBarrierIsRefused() {
    PhaseBarriers barriers = new PhaseBarriers(2);

    assertThatThrownBy(() -> barriers.arrive(1, 1, "stat", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("barrier 1")
        .hasMessageContaining("barrier 0");
  }
}
