package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.HistogramLog;
import io.fsbench.api.JobSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistogramLogOptionsTest {

  private static JobSpec spec(String options) {
    String text = "[fsbench-hist]\nsize=1m\n" + options.replace(' ', '\n') + "\n";
    return JobFile.parse(text, Path.of("."), Map.of()).jobs().get(0).spec();
  }

  @Test
  void readsTheHistogramLogNamedAfterTheJobWhenBare() {
    HistogramLog hist =
        spec("write_hist_log log_hist_msec=100 log_hist_coarseness=3").logs().histogram();

    assertThat(hist).isEqualTo(HistogramLog.of("fsbench-hist", Duration.ofMillis(100), 3));
    assertThat(spec("write_hist_log=out/x").logs().histogram().prefix()).isEqualTo("out/x");
    assertThat(spec("rw=read").logs().histogram().any()).isFalse();
  }

  @Test
  void refusesACoarsenessOutsideFiosRange() {
    assertThatThrownBy(() -> spec("write_hist_log log_hist_coarseness=7"))
        .hasMessageContaining("log_hist_coarseness (7) must be between 0 and 6");
    assertThatThrownBy(() -> spec("log_hist_msec=x")).hasMessageContaining("log_hist_msec (x)");
  }
}
