package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Offsets;
import io.fsbench.api.Size;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class OffsetOptionsTest {

  private static JobSpec parse(String... options) {
    List<FioOption> list =
        Arrays.stream(options).map(o -> FioOption.parse(o, "command line")).toList();
    return JobOptionParser.parse("j", list).spec();
  }

  @Test
  void readsAnAbsoluteOffsetAndItsAliasAndAnIncrement() {
    assertThat(parse("size=1m", "offset=64k").offsets()).isEqualTo(Offsets.at(Size.kib(64)));
    assertThat(parse("size=1m", "fileoffset=1m", "offset_increment=4k").offsets())
        .isEqualTo(Offsets.at(Size.mib(1)).increment(Size.kib(4)));
  }

  @Test
  void readsPercentagesAndAnAlignment() {
    Offsets o = parse("size=1m", "offset=25%", "offset_increment=10%", "offset_align=8k").offsets();

    assertThat(o.startPercent()).isEqualTo(25);
    assertThat(o.incrementPercent()).isEqualTo(10);
    assertThat(o.align()).isEqualTo(Size.kib(8));
  }

  @Test
  void takesZeroPercentAsThePlainOffsetZeroAsFioDoes() {
    assertThat(parse("size=1m", "offset=0%").offsets()).isEqualTo(Offsets.NONE);
  }

  @Test
  void startsEachCloneWhereFiosGetStartOffsetDoes() {
    // absolute: never aligned, even off the block size
    assertThat(Offsets.at(Size.bytes(1000)).increment(Size.kib(3)).startIn(0, 2, 4096))
        .isEqualTo(1000 + 2 * 3072);
    // a percentage of the file's size at setup, rounded up to the smallest block: 10% of 64k is
    // 6553.6 -> 6553, plus 3k for clone 1 is 9625, up to 12288
    assertThat(Offsets.atPercent(10).increment(Size.kib(3)).startIn(65536, 1, 4096))
        .isEqualTo(12288);
    // a file not made yet is 0 bytes: only the increment counts, and it is aligned
    assertThat(Offsets.atPercent(10).increment(Size.kib(3)).startIn(0, 1, 4096)).isEqualTo(4096);
    assertThat(Offsets.NONE.incrementPercent(25).startIn(65536, 1, 4096)).isEqualTo(16384);
    assertThat(Offsets.atPercent(50).align(Size.kib(64)).startIn(200_000, 0, 4096))
        .isEqualTo(131072);
  }

  @Test
  void refusesZonesPercentagesAbove100AndAZeroAlignmentNamingTheValue() {
    assertThatThrownBy(() -> parse("size=1m", "offset=2z"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("offset (2z)")
        .hasMessageContaining("zonemode=zbd");
    assertThatThrownBy(() -> parse("size=1m", "offset_increment=150%"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("offset_increment (150%)");
    assertThatThrownBy(() -> parse("size=1m", "offset_align=0"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("offset_align (0)");
    assertThatThrownBy(() -> parse("size=1m", "offset=lots"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("lots");
  }

  @Test
  void readsNumberIosAndRefusesItOnATimeBasedJobWhichFioIgnores() {
    assertThat(parse("size=1m", "number_ios=10").numberIos()).isEqualTo(10);
    assertThatThrownBy(() -> parse("size=1m", "number_ios=10", "time_based", "runtime=1s"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("number_ios (10)")
        .hasMessageContaining("time_based");
  }

  @Test
  void refusesAnOffsetThatDirectIoCannotUse() {
    assertThatThrownBy(() -> parse("size=1m", "direct=1", "offset=1000"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("offset (1000)")
        .hasMessageContaining("multiple of 512");
  }
}
