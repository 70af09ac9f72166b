package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.Neighbour;
import java.nio.file.Path;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class NeighboursTest {

  private static final Path MD = Path.of("/mnt/md");

  @Test
  void eachPhaseAfterCreateVisitsTheClientOneStrideFurtherAsMdtestDoes() {
    IntFunction<Neighbour> client1 = Neighbours.of(1, 4, 1, true, MD);

    assertThat(client1.apply(1)).isEqualTo(new Neighbour(MD, "2")); // stat
    assertThat(client1.apply(2)).isEqualTo(new Neighbour(MD, "3")); // read
    assertThat(client1.apply(3)).isEqualTo(new Neighbour(MD, "0")); // the next, wrapping round
  }

  @Test
  void aStrideOfTwoSkipsAClient() {
    assertThat(Neighbours.of(3, 5, 2, true, MD).apply(1)).isEqualTo(new Neighbour(MD, "0"));
  }

  @Test
  void withADirectoryPerClientTheNeighboursFilesAreInItsDirectory() {
    assertThat(Neighbours.of(0, 3, 1, false, MD).apply(1))
        .isEqualTo(new Neighbour(Path.of("/mnt/md/client-1"), "1"));
  }
}
