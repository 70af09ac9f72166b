package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgingSpecTest {

  @Test
  void readsAProfileWithItsSettingsAsTheCommandLineGivesThem() {
    AgingSpec spec =
        AgingSpec.parse("git-pull:fullness=75%,overwrite=4,convergence=0.1,time_limit=2m,seed=7");

    assertThat(spec.profile()).isEqualTo(AgingProfile.GIT_PULL);
    assertThat(spec.fullness()).isEqualTo(0.75);
    assertThat(spec.overwrite()).isEqualTo(4);
    assertThat(spec.convergence()).isEqualTo(0.1);
    assertThat(spec.timeLimit()).isEqualTo(Duration.ofMinutes(2));
    assertThat(spec.seed()).isEqualTo(7);
    assertThat(spec.name()).isEqualTo("aging-git-pull");
    assertThat(AgingSpec.parse(spec.label())).isEqualTo(spec);
  }

  @Test
  void defaultsToADesktop80PercentFullWithTwiceTheVolumeWritten() {
    AgingSpec spec = AgingSpec.parse("desktop");

    assertThat(spec).isEqualTo(AgingSpec.builder().build());
    assertThat(spec.fullness()).isEqualTo(0.8);
    assertThat(spec.overwrite()).isEqualTo(2);
    assertThat(AgingSpec.parse("desktop:fullness=0.8")).isEqualTo(spec);
  }

  @Test
  void refusesBadSettingsNamingTheValueAndWhatToDo() {
    assertThatThrownBy(() -> AgingSpec.parse("laptop"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("unknown aging profile 'laptop'; fsbench ships desktop, git-pull, mail-server");
    assertThatThrownBy(() -> AgingSpec.parse("desktop:fullness=80"))
        .hasMessageContaining("fullness (80) must be a fraction or a percentage: write 80%");
    assertThatThrownBy(() -> AgingSpec.parse("desktop:fullness=99%"))
        .hasMessage("fullness (99.00%) must be between 5% and 98%");
    assertThatThrownBy(() -> AgingSpec.parse("desktop:overwrite=-1"))
        .hasMessageContaining("overwrite (-1.0) must be between 0 and 1000");
    assertThatThrownBy(() -> AgingSpec.parse("desktop:time_limit=soon"))
        .hasMessageContaining("time_limit (soon) must be a positive time");
    assertThatThrownBy(() -> AgingSpec.parse("desktop:fulness=80%"))
        .hasMessageContaining("does not know the parameter fulness");
    assertThatThrownBy(() -> AgingSpec.parse("desktop:80%"))
        .hasMessageContaining("must be key=value, e.g. fullness=80%");
    assertThatThrownBy(() -> AgingSpec.parse("desktop:seed=1,seed=2"))
        .hasMessageContaining("seed is given twice");
  }

  @Test
  void refusesProfilesThatCannotBeFollowed() {
    List<AgingProfile.Bucket> one = List.of(new AgingProfile.Bucket(1, 1));
    assertThatThrownBy(
            () ->
                AgingProfile.of(
                    "bad",
                    List.of(new AgingProfile.Bucket(8, 1), new AgingProfile.Bucket(4, 1)),
                    one,
                    one))
        .hasMessageContaining("sizes must ascend, and 4.0 follows 8.0");
    assertThatThrownBy(
            () -> AgingProfile.of("bad", one, one, List.of(new AgingProfile.Bucket(0.5, 1))))
        .hasMessageContaining("the last age bucket must be 1.0");
    assertThatThrownBy(
            () -> AgingProfile.of("bad", one, List.of(new AgingProfile.Bucket(1.5, 1)), one))
        .hasMessageContaining("depth 1.5 must be a whole number");
    assertThatThrownBy(() -> new AgingProfile.Bucket(1, 0))
        .hasMessageContaining("weight (0.0) must be positive");
  }

  @Test
  void shipsThreeProfilesByName() {
    assertThat(AgingProfile.names()).containsExactly("desktop", "git-pull", "mail-server");
    assertThat(AgingProfile.named("Mail-Server")).isEqualTo(AgingProfile.MAIL_SERVER);
    assertThat(AgingSpec.fromParams(Map.of("profile", "git-pull")).profile().commitOperations())
        .isEqualTo(32);
  }

  @Test
  void summarisesAHistogramOfFreeExtents() {
    Fragmentation figures =
        Fragmentation.ofHistogram(
            List.of("e2freefrag /dev/loop7"),
            List.of(
                new long[] {4096, 10, 40960},
                new long[] {512 * 1024, 2, 1 << 20},
                new long[] {64 << 20, 1, 100L << 20}),
            java.util.OptionalLong.empty(),
            Map.of());

    assertThat(figures.freeExtents()).hasValue(13);
    assertThat(figures.largestFreeExtent()).hasValue(64 << 20);
    assertThat(figures.smallFreeExtentShare().getAsDouble())
        .isCloseTo(
            (40960 + (1 << 20)) / (double) (40960 + (1 << 20) + (100L << 20)),
            org.assertj.core.data.Offset.offset(1e-9));
    assertThat(figures.summary()).startsWith("13 free extents, largest 64.0 MiB, 1.0% of free");
  }
}
