package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.Size;
import io.fsbench.api.VerifyMethod;
import io.fsbench.core.jobfile.FioOption;
import io.fsbench.core.jobfile.JobOptionParser;
import java.util.List;
import org.junit.jupiter.api.Test;

class FioFlagsTest {

  @Test
  void translatesFlagsIntoTheFioOptionsAJobFileWouldHold() {
    List<String> options =
        FioFlags.translate(
            List.of(
                "--rw=randwrite",
                "--bs",
                "4k",
                "--time-based",
                "--runtime",
                "2s",
                "--io-size=8m",
                "--group_reporting",
                "--random-distribution=zipf:1.2",
                "--rate-iops",
                "500"));

    assertThat(options)
        .containsExactly(
            "rw=randwrite",
            "bs=4k",
            "time_based",
            "runtime=2s",
            "io_size=8m",
            "group_reporting",
            "random_distribution=zipf:1.2",
            "rate_iops=500");
  }

  @Test
  void everyFlagTheDesignNamesReachesTheJobSpec() {
    List<String> options =
        FioFlags.translate(
            List.of(
                "--name=every",
                "--rw=randrw",
                "--bssplit=4k/50:64k/50",
                "--size=64m",
                "--filesize=16m",
                "--nrfiles=4",
                "--io-size=32m",
                "--runtime=2s",
                "--time-based",
                "--ramp-time=1s",
                "--numjobs=2",
                "--iodepth=8",
                "--ioengine=io_uring",
                "--direct=1",
                "--fsync=8",
                "--fdatasync=4",
                "--end-fsync",
                "--rwmixread=70",
                "--random-distribution=zipf:1.1",
                "--norandommap",
                "--randseed=7",
                "--rate=10m",
                "--rate-iops=500",
                "--verify=crc32c",
                "--buffer-compress-percentage=50",
                "--invalidate=0",
                "--group-reporting"));

    JobOptionParser.Parsed parsed =
        JobOptionParser.parse(null, options.stream().map(o -> FioOption.parse(o, "")).toList());

    JobSpec spec = parsed.spec();
    assertThat(spec.name()).isEqualTo("every");
    assertThat(spec.rw()).isEqualTo(ReadWrite.RANDRW);
    assertThat(spec.readBlockSize().isFixed()).isFalse();
    assertThat(spec.fileSize()).isEqualTo(Size.mib(16));
    assertThat(spec.nrFiles()).isEqualTo(4);
    assertThat(spec.ioSize()).isEqualTo(Size.mib(32));
    assertThat(spec.timeBased()).isTrue();
    assertThat(spec.rampTime()).hasSeconds(1);
    assertThat(spec.numJobs()).isEqualTo(2);
    assertThat(spec.ioDepth()).isEqualTo(8);
    assertThat(spec.direct()).isTrue();
    assertThat(spec.fsync()).isEqualTo(8);
    assertThat(spec.fdatasync()).isEqualTo(4);
    assertThat(spec.endFsync()).isTrue();
    assertThat(spec.rwMixRead()).isEqualTo(70);
    assertThat(spec.randomMap()).isFalse();
    assertThat(spec.randSeed()).isEqualTo(7);
    assertThat(spec.rate().writeBytesPerSec()).isEqualTo(10L << 20);
    assertThat(spec.rate().readIops()).isEqualTo(500);
    assertThat(spec.verify()).isEqualTo(VerifyMethod.CRC32C);
    assertThat(spec.buffers().compressPercentage()).isEqualTo(50);
    assertThat(spec.invalidate()).isFalse();
    assertThat(parsed.scheduling().groupReporting()).isTrue();
  }

  @Test
  void aBareFlagTakesOnlyABooleanFromTheNextArgument() {
    assertThat(FioFlags.translate(List.of("--direct", "1", "--end-fsync", "--bs=4k")))
        .containsExactly("direct=1", "end_fsync", "bs=4k");
  }

  @Test
  void aValueThatStartsWithOneDashIsStillAValue() {
    assertThat(FioFlags.translate(List.of("--size", "-1g"))).containsExactly("size=-1g");
  }

  @Test
  void refusesAnOptionTheEngineDoesNotImplementByItsFlag() {
    assertThatThrownBy(() -> FioFlags.translate(List.of("--rw=write", "--pre_read=1")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("--pre_read is not an option");
  }

  @Test
  void refusesAFlagWithoutItsValue() {
    assertThatThrownBy(() -> FioFlags.translate(List.of("--bs", "--rw=read")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--bs needs a value, e.g. --bs=4k");
    assertThatThrownBy(() -> FioFlags.translate(List.of("--iodepth")))
        .hasMessageContaining("--iodepth needs a value");
  }

  @Test
  void refusesAStrayArgument() {
    assertThatThrownBy(() -> FioFlags.translate(List.of("--bs=4k", "4k")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unexpected argument '4k'");
  }

  @Test
  void refusesASecondJob() {
    assertThatThrownBy(() -> FioFlags.translate(List.of("--name=a", "--rw=read", "--name=b")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("fsbench fio");
  }
}
