package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.LogFiles;
import io.fsbench.api.Measurements;
import io.fsbench.api.Pacing;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PacingAndMeasurementOptionsTest {

  private static JobSpec spec(String options) {
    String text = "[fsbench-pace]\nsize=1m\n" + options.replace(' ', '\n') + "\n";
    return JobFile.parse(text, Path.of("."), Map.of()).jobs().get(0).spec();
  }

  @Test
  void readsThinktimeInMicrosecondsWhenNoUnitIsGiven() {
    Pacing p = spec("thinktime=250 thinktime_spin=100 thinktime_blocks=8").pacing();

    assertThat(p.thinkTime()).isEqualTo(Duration.ofNanos(250_000));
    assertThat(p.thinkTimeSpin()).isEqualTo(Duration.ofNanos(100_000));
    assertThat(p.thinkTimeBlocks()).isEqualTo(8);
    assertThat(p.thinkTimeCountsIssued()).isFalse();
    assertThat(spec("thinktime=2ms thinktime_blocks_type=issue").pacing().thinkTimeCountsIssued())
        .isTrue();
  }

  @Test
  void readsStartdelayInSecondsAndAsARange() {
    assertThat(spec("startdelay=2").pacing().startDelay()).isEqualTo(Duration.ofSeconds(2));
    Pacing range = spec("startdelay=100ms-2s").pacing();
    assertThat(range.startDelay()).isEqualTo(Duration.ofMillis(100));
    assertThat(range.startDelayMax()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void readsRateProcessAndMinimumRatesPerDirection() {
    Pacing p = spec("rate=1m,2m rate_process=poisson rate_min=10k,20k rate_iops_min=,7").pacing();

    assertThat(p.poisson()).isTrue();
    assertThat(p.minRate()).isEqualTo(new JobSpec.RateLimit(10_240, 20_480, 0, 7));
  }

  @Test
  void refusesBadPacingValuesNamingThem() {
    assertThatThrownBy(() -> spec("thinktime_blocks_type=sometimes"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("thinktime_blocks_type (sometimes)");
    assertThatThrownBy(() -> spec("rate_process=bursty"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("rate_process (bursty)");
    assertThatThrownBy(() -> spec("thinktime=x"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("thinktime (x)");
    assertThatThrownBy(() -> spec("thinktime_blocks=0 thinktime=1"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("thinktime_blocks (0)");
    assertThatThrownBy(() -> spec("startdelay=5s-1s"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("startdelay range");
  }

  @Test
  void refusesASpinLongerThanTheThinkTime() {
    assertThatThrownBy(() -> spec("thinktime=100 thinktime_spin=200"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("thinktime_spin (200us)");
  }

  @Test
  void refusesPoissonWithoutARateAndAMinimumAboveTheRate() {
    assertThatThrownBy(() -> spec("rate_process=poisson"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("rate_process=poisson but no rate");
    assertThatThrownBy(() -> spec("rate=1m rate_min=2m"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("minimum rate (2097152) exceeds rate (1048576)");
  }

  @Test
  void gtodReduceSwitchesEveryMeasurementOffAndALaterLineSwitchesOneBack() {
    assertThat(spec("gtod_reduce=1").measurements()).isEqualTo(Measurements.REDUCED);
    Measurements m = spec("gtod_reduce=1 disable_clat=0 clat_percentiles=1").measurements();
    assertThat(m.clat()).isTrue();
    assertThat(m.clatPercentiles()).isTrue();
    assertThat(m.lat()).isFalse();
    assertThat(spec("gtod_reduce=0").measurements()).isEqualTo(Measurements.FIO_DEFAULTS);
  }

  @Test
  void readsEachLatencySwitchAndPercentileFlag() {
    Measurements m =
        spec("disable_lat disable_slat=1 clat_percentiles=0 lat_percentiles=1 slat_percentiles")
            .measurements();

    // lat and slat are off, so their percentiles are too, whatever their flags say (as fio)
    assertThat(m).isEqualTo(new Measurements(false, true, false, true, false, false, false));
    assertThat(spec("lat_percentiles=1 slat_percentiles=1").measurements())
        .isEqualTo(new Measurements(true, true, true, true, true, true, true));
    assertThat(spec("disable_bw_measurement=1").measurements().bandwidth()).isFalse();
    assertThatThrownBy(() -> spec("disable_clat=maybe"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("disable_clat (maybe)");
  }

  @Test
  void refusesJobsOfOneGroupWithDifferentLatPercentilesAsFio() {
    String text = "[global]\ngroup_reporting\n[a]\nsize=1m\nlat_percentiles=1\n[b]\nsize=1m\n";
    assertThatThrownBy(() -> JobFile.parse(text, Path.of("."), Map.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("lat_percentiles in job 'b' differs from its group's");
    String grouped = "[a]\nsize=1m\nlat_percentiles=1\n[b]\nnew_group\nsize=1m\n";
    assertThat(JobFile.parse(grouped, Path.of("."), Map.of()).jobs()).hasSize(2);
    String separate = "[a]\nsize=1m\nlat_percentiles=1\n[b]\nsize=1m\n";
    assertThat(JobFile.parse(separate, Path.of("."), Map.of()).jobs()).hasSize(2);
  }

  @Test
  void namesABareLogAfterTheJobAndTakesAnyOtherValueAsThePrefix() {
    LogFiles logs =
        spec("write_bw_log write_iops_log=out/fsbench log_avg_msec=500 log_max_value per_job_logs=0")
            .logs();

    assertThat(logs.bandwidthPrefix()).isEqualTo("fsbench-pace");
    assertThat(logs.iopsPrefix()).isEqualTo("out/fsbench");
    assertThat(logs.latencyPrefix()).isEmpty();
    assertThat(logs.average()).isEqualTo(Duration.ofMillis(500));
    assertThat(logs.maxValue()).isTrue();
    assertThat(logs.perJob()).isFalse();
    assertThat(spec("name=renamed write_lat_log").logs().latencyPrefix()).isEqualTo("renamed");
    assertThatThrownBy(() -> spec("write_lat_log=out/"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("write_lat_log (out/) names a directory");
    assertThatThrownBy(() -> spec("log_avg_msec=-5"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("log_avg_msec");
  }

  @Test
  void listsTheNewOptionsAsSupported() {
    assertThat(JobOptionParser.supported())
        .contains("thinktime", "startdelay", "rate_min", "gtod_reduce", "slat_percentiles");
  }
}
