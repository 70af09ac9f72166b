package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Workload;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code filebench:NAME} names fsbench's own personalities, with variables as parameters. */
class FilebenchWorkloadsTest {

  @Test
  void resolvesAPersonalityByNameWithItsVariablesAndRuntime() {
    Workload w = Workloads.named("filebench:varmail", Map.of("nfiles", "100", "runtime", "2s"));

    assertThat(w).isInstanceOf(FilebenchSpec.class);
    FilebenchSpec spec = (FilebenchSpec) w;
    assertThat(spec.name()).isEqualTo("filebench:varmail");
    assertThat(spec.variables()).isEqualTo(Map.of("nfiles", "100"));
    assertThat(spec.runtime()).contains(Duration.ofSeconds(2));
    assertThat(Workloads.filebench("webproxy", Map.of()))
        .isEqualTo(Workloads.named("filebench:webproxy", Map.of()));
  }

  @Test
  void listsThePersonalitiesAmongTheNamesAndRefusesUnknownOnes() {
    assertThat(Workloads.names())
        .contains("filebench:varmail", "filebench:videoserver", "filebench:oltp");
    assertThatThrownBy(() -> Workloads.named("filebench:tpcso", Map.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("varmail")
        .hasMessageContaining("oltp");
  }
}
