package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.BlockAlign;
import io.fsbench.api.Distribution;
import io.fsbench.api.Distribution.Zone;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Size;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlacementOptionsTest {

  private static JobSpec parse(String... options) {
    List<FioOption> list =
        Arrays.stream(options).map(o -> FioOption.parse(o, "command line")).toList();
    return JobOptionParser.parse("j", list).spec();
  }

  private static Distribution zoned(String value) {
    return parse("size=1m", "rw=randread", "random_distribution=" + value).distribution();
  }

  private static Zone pct(int access, int size) {
    return new Zone(access, size, Size.ZERO);
  }

  @Test
  void readsOneZoneListForEveryDirectionAndFillsTheSizeLeftOut() {
    // fio's rand-zones example: the last zone's size is what the others leave
    Distribution d = zoned("zoned:50/5:30/15:20/");

    assertThat(d.kind()).isEqualTo(Distribution.Kind.ZONED);
    assertThat(d.readZones()).containsExactly(pct(50, 5), pct(30, 15), pct(20, 80));
    assertThat(d.writeZones()).isEqualTo(d.readZones());
  }

  @Test
  void readsReadAndWriteListsApartAndTakesAnEmptyListAsUniform() {
    Distribution d = zoned("zoned:50/5:30/15:20/,50/10:50/90");
    assertThat(d.readZones()).hasSize(3);
    assertThat(d.writeZones()).containsExactly(pct(50, 10), pct(50, 90));

    Distribution writesOnly = zoned("zoned:,60/10:40/90");
    assertThat(writesOnly.readZones()).isEmpty();
    assertThat(writesOnly.writeZones()).containsExactly(pct(60, 10), pct(40, 90));
  }

  @Test
  void fillsSeveralMissingSizesEvenlyRoundingDownAndCapsASizeAt100() {
    // fio divides (100 - given) among the zones without a size, and 0 counts as none
    assertThat(zoned("zoned:40/10:30/0:30").readZones())
        .containsExactly(pct(40, 10), pct(30, 45), pct(30, 45));
    assertThat(zoned("zoned:50:50").readZones()).containsExactly(pct(50, 50), pct(50, 50));
    assertThat(zoned("zoned:10/3:45:45").readZones())
        .containsExactly(pct(10, 3), pct(45, 48), pct(45, 48));
    assertThat(zoned("zoned:100/250").readZones()).containsExactly(pct(100, 100));
  }

  @Test
  void readsAbsoluteSizesWithUnitsAndKbBase() {
    Distribution d = zoned("zoned_abs:50/64k:30/128k:20/256k");
    assertThat(d.kind()).isEqualTo(Distribution.Kind.ZONED_ABS);
    assertThat(d.readZones())
        .containsExactly(
            new Zone(50, 0, Size.kib(64)),
            new Zone(30, 0, Size.kib(128)),
            new Zone(20, 0, Size.kib(256)));
    Distribution decimal =
        parse("kb_base=1000", "size=1m", "rw=randread", "random_distribution=zoned_abs:100/2k")
            .distribution();
    assertThat(decimal.readZones()).containsExactly(new Zone(100, 0, Size.bytes(2000)));
  }

  @Test
  void aZonedDistributionTurnsTheRandomMapOffAsFiosDoes() {
    assertThat(parse("size=1m", "rw=randread", "random_distribution=zoned:100/50").randomMap())
        .isFalse();
  }

  @Test
  void refusesZonesWhoseAccessesDoNotAddUpTo100NamingTheValue() {
    assertThatThrownBy(() -> zoned("zoned:50/5:30/15"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("add up to 80, not 100");
    assertThatThrownBy(() -> zoned("zoned:60/5:50/15"))
        .hasMessageContaining("add up to 110, not 100");
    assertThatThrownBy(() -> zoned("zoned:,50/5")).hasMessageContaining("add up to 50, not 100");
  }

  @Test
  void refusesSizesAbove100PercentAndValuesThatAreNoNumbers() {
    assertThatThrownBy(() -> zoned("zoned:50/60:50/60"))
        .hasMessageContaining("zoned:50/60:50/60")
        .hasMessageContaining("120% of the region");
    assertThatThrownBy(() -> zoned("zoned:half/5:50/95"))
        .hasMessageContaining("'half' is not an access percentage");
    assertThatThrownBy(() -> zoned("zoned:50/1g:50/3g"))
        .hasMessageContaining("'1g' is not a zone size in percent")
        .hasMessageContaining("zoned_abs");
    assertThatThrownBy(() -> zoned("zoned_abs:50/lots:50/1m"))
        .hasMessageContaining("'lots' is not a zone size");
    assertThatThrownBy(() -> zoned("zoned:150/5")).hasMessageContaining("'150'");
  }

  @Test
  void refusesAZonedDistributionWithoutZonesAnEmptyZoneAndAnUnknownName() {
    assertThatThrownBy(() -> zoned("zoned")).hasMessageContaining("needs its zones");
    assertThatThrownBy(() -> zoned("zoned_abs:")).hasMessageContaining("needs its zones");
    assertThatThrownBy(() -> zoned("zoned:50/5::50/95"))
        .hasMessageContaining("empty zone in '50/5::50/95'");
    assertThatThrownBy(() -> zoned("zonedx:100/5"))
        .hasMessageContaining("neither zoned:... nor zoned_abs:...");
    assertThatThrownBy(() -> zoned("zoned:100,100,100,100"))
        .hasMessageContaining("more than three");
  }

  @Test
  void readsBlockalignAndItsAliasPerDirection() {
    JobSpec both = parse("size=1m", "rw=randrw", "norandommap", "bs=512", "blockalign=4k");
    assertThat(both.blockAlign()).isEqualTo(BlockAlign.both(Size.kib(4)));
    JobSpec split = parse("size=1m", "rw=randrw", "norandommap", "bs=512", "ba=1k,8k");
    assertThat(split.blockAlign()).isEqualTo(new BlockAlign(Size.kib(1), Size.kib(8)));
    JobSpec writes = parse("size=1m", "rw=randwrite", "norandommap", "bs=512", "ba=,2k");
    assertThat(writes.blockAlign()).isEqualTo(new BlockAlign(Size.ZERO, Size.kib(2)));
  }

  @Test
  void refusesABlockalignThatIsNoSizeZeroOrOnASequentialJob() {
    assertThatThrownBy(() -> parse("size=1m", "rw=randread", "norandommap", "ba=four"))
        .hasMessageContaining("ba=four");
    assertThatThrownBy(() -> parse("size=1m", "rw=randread", "norandommap", "ba=0"))
        .hasMessageContaining("ba (0) must be positive");
    assertThatThrownBy(() -> parse("size=1m", "rw=read", "blockalign=8k"))
        .hasMessageContaining("blockalign (8k) applies to random I/O only");
  }

  @Test
  void refusesABlockalignOffTheBlockSizeWithTheRandomMapOrASkewedModel() {
    assertThatThrownBy(() -> parse("size=1m", "rw=randread", "bs=512", "blockalign=4k"))
        .hasMessageContaining("add norandommap");
    assertThatThrownBy(
            () -> parse("size=1m", "rw=randread", "random_distribution=zipf:1.2", "ba=8k"))
        .hasMessageContaining("zipf");
    // the block size itself is fio's default, so the map may stay
    assertThat(parse("size=1m", "rw=randread", "bs=4k", "ba=4k").randomMap()).isTrue();
  }
}
