package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.CommandPriorities;
import io.fsbench.api.CommandPriorities.Share;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoPriority;
import io.fsbench.api.JobSpec;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PriorityOptionsTest {

  private static JobSpec parse(String... options) {
    List<FioOption> list =
        Arrays.stream(options).map(o -> FioOption.parse(o, "command line")).toList();
    return JobOptionParser.parse("j", list).spec();
  }

  @Test
  void setsNoPriorityUnlessOneOfTheOptionsIsGiven() {
    assertThat(parse("size=1m").priority()).isEqualTo(IoPriority.NONE);
    assertThat(parse("size=1m").priority().isSet()).isFalse();
  }

  @Test
  void takesBestEffortForALevelAloneAndLevelZeroForAClassAloneAsFioDoes() {
    IoPriority level = parse("size=1m", "prio=6").priority();
    assertThat(level.value()).isEqualTo((2 << 13) | 6);
    IoPriority idle = parse("size=1m", "prioclass=3").priority();
    assertThat(idle.value()).isEqualTo(3 << 13);
    IoPriority both = parse("size=1m", "prioclass=1", "prio=2").priority();
    assertThat(both).isEqualTo(IoPriority.of(1, 2));
    assertThat(both.value()).isEqualTo((1 << 13) | 2);
    // class 0 is fio's "none", which it sets as best-effort
    assertThat(parse("size=1m", "prioclass=0", "prio=1").priority().value())
        .isEqualTo((2 << 13) | 1);
  }

  @Test
  void refusesLevelsAndClassesOutOfRangeOrNoNumbersNamingTheValue() {
    assertThatThrownBy(() -> parse("size=1m", "prio=8"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("prio (8) must be 0 (highest) to 7");
    assertThatThrownBy(() -> parse("size=1m", "prioclass=4"))
        .hasMessageContaining("prioclass (4) must be 0 to 3");
    assertThatThrownBy(() -> parse("size=1m", "prio=high"))
        .hasMessageContaining("prio (high) is not a whole number");
    assertThatThrownBy(() -> parse("size=1m", "prio")).hasMessageContaining("needs a value");
  }

  @Test
  void cmdprioPercentageGivesBothDirectionsTheRealTimeClassUnlessAClassIsGiven() {
    CommandPriorities p =
        parse("size=1m", "ioengine=libaio", "cmdprio_percentage=20").commandPriorities();
    assertThat(p.read()).containsExactly(new Share(0, 20, IoPriority.of(1, 0)));
    assertThat(p.write()).isEqualTo(p.read());

    CommandPriorities perDirection =
        parse(
                "size=1m",
                "ioengine=io_uring",
                "cmdprio_percentage=30,0",
                "cmdprio_class=3,2",
                "cmdprio=4")
            .commandPriorities();
    assertThat(perDirection.read()).containsExactly(new Share(0, 30, IoPriority.of(3, 4)));
    assertThat(perDirection.write()).isEmpty();
  }

  @Test
  void cmdprioBssplitSortsByBlockSizeDropsZeroSharesAndTakesTheImplicitPriority() {
    CommandPriorities p =
        parse(
                "size=1m",
                "ioengine=libaio",
                "cmdprio_bssplit=1m/0:64k/25/1/1:64k/75/3/2,1m/50",
                "cmdprio_class=2",
                "cmdprio=5")
            .commandPriorities();
    assertThat(p.read())
        .containsExactly(
            new Share(65536, 25, IoPriority.of(1, 1)), new Share(65536, 75, IoPriority.of(3, 2)));
    assertThat(p.write()).containsExactly(new Share(1 << 20, 50, IoPriority.of(2, 5)));
    // as fio's parser: a class above 3 counts as 3, a level above 7 as 7, a share above 100 as 100
    assertThat(
            parse("size=1m", "ioengine=libaio", "cmdprio_bssplit=4k/200/9/9").commandPriorities())
        .isEqualTo(
            new CommandPriorities(
                List.of(new Share(4096, 100, IoPriority.of(3, 7))),
                List.of(new Share(4096, 100, IoPriority.of(3, 7)))));
  }

  @Test
  void refusesCmdprioValuesOutOfRangeNamingTheValueAndWhatToGive() {
    assertThatThrownBy(() -> parse("size=1m", "ioengine=libaio", "cmdprio_percentage=150"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("cmdprio_percentage (150) must be a percentage from 0 to 100");
    assertThatThrownBy(() -> parse("size=1m", "ioengine=libaio", "cmdprio_class=0"))
        .hasMessageContaining("cmdprio_class (0) must be 1 real-time, 2 best-effort or 3 idle");
    assertThatThrownBy(() -> parse("size=1m", "ioengine=libaio", "cmdprio=8"))
        .hasMessageContaining("cmdprio (8) must be a level from 0");
    assertThatThrownBy(() -> parse("size=1m", "ioengine=libaio", "cmdprio_bssplit=4k/x"))
        .hasMessageContaining("cmdprio_bssplit (4k/x) holds 'x', which is no whole number");
    assertThatThrownBy(() -> parse("size=1m", "ioengine=libaio", "cmdprio_bssplit=4k/1/1"))
        .hasMessageContaining("give entries bs/percentage or bs/percentage/class/level");
    assertThatThrownBy(
            () -> parse("size=1m", "ioengine=libaio", "cmdprio_bssplit=4k/60/1/0:4k/60/3/0"))
        .hasMessageContaining("total percentage for bs 4096 is 120, above 100");
  }

  @Test
  void refusesCmdprioPercentageWithCmdprioBssplitAsFioDoes() {
    assertThatThrownBy(
            () ->
                parse(
                    "size=1m", "ioengine=libaio", "cmdprio_percentage=10", "cmdprio_bssplit=4k/10"))
        .hasMessageContaining("cmdprio_percentage and cmdprio_bssplit options are mutually");
  }

  @Test
  void refusesCmdprioOnAnEngineWithoutPerIoPrioritiesAsFiosPsyncDoes() {
    for (String engine : List.of("psync", "sync", "auto", "null")) {
      assertThatThrownBy(() -> parse("size=1m", "ioengine=" + engine, "cmdprio_percentage=50"))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("cmdprio_percentage or cmdprio_bssplit with ioengine=")
          .hasMessageContaining("give ioengine=libaio or io_uring")
          .hasMessageNotContaining("Exception");
    }
  }

  @Test
  void readsLogPrioAndLogOffsetAsFlags() {
    JobSpec spec = parse("size=1m", "write_lat_log", "log_offset", "log_prio=1");
    assertThat(spec.logs().offset()).isTrue();
    assertThat(spec.logs().prio()).isTrue();
    assertThat(parse("size=1m", "write_lat_log").logs().offset()).isFalse();
  }
}
