package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
  void refusesFiosPerIoPriorityOptionsByName() {
    for (String option :
        List.of("cmdprio_percentage=50", "cmdprio_class=1", "cmdprio=0", "cmdprio_bssplit=4k/50")) {
      assertThatThrownBy(() -> parse("size=1m", "ioengine=io_uring", option))
          .hasMessageContaining("option '" + option.substring(0, option.indexOf('=')) + "'")
          .hasMessageContaining("not supported");
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
