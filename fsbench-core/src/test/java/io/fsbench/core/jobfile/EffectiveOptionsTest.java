package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.BlockSize;
import io.fsbench.api.BufferContent;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Size;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EffectiveOptionsTest {

  @Test
  void recordsDefaultsTooInFiosSpelling() {
    JobSpec spec =
        JobSpec.randWrite(Size.kib(4))
            .size(Size.mib(200))
            .runtime(Duration.ofSeconds(8))
            .timeBased()
            .ioDepth(32)
            .direct()
            .build();

    Map<String, String> options = FioOptionTable.effective(spec);

    assertThat(options)
        .containsEntry("name", "randwrite-4k")
        .containsEntry("rw", "randwrite")
        .containsEntry("bs", "4k")
        .containsEntry("size", "200m")
        .containsEntry("iodepth", "32")
        .containsEntry("direct", "1")
        .containsEntry("time_based", "1")
        .containsEntry("runtime", "8s")
        .containsEntry("ramp_time", "0s")
        .containsEntry("invalidate", "1")
        .containsEntry("bwavgtime", "500")
        .containsEntry(
            "percentile_list", "1:5:10:20:30:40:50:60:70:80:90:95:99:99.5:99.9:99.95:99.99");
    assertThat(options.keySet()).startsWith("name", "rw", "rwmixread", "bs");
    assertThat(options.values()).allSatisfy(value -> assertThat(value).isNotEmpty());
  }

  @Test
  void writesPerDirectionBlockSizesAndMixesAsFioDoes() {
    JobSpec split =
        JobSpec.readWrite(Size.kib(4))
            .readBlockSize(BlockSize.of(Size.kib(4)))
            .writeBlockSize(BlockSize.of(Size.kib(64)))
            .build();
    JobSpec mix = JobSpec.randRead(Size.kib(4)).bsSplit("4k/10:64k/90").build();

    assertThat(FioOptionTable.effective(split)).containsEntry("bs", "4k,64k");
    assertThat(FioOptionTable.effective(mix))
        .containsEntry("bssplit", "4k/10:64k/90")
        .doesNotContainKey("bs");
  }

  @Test
  void spellsBufferContentAndSubSecondTimes() {
    JobSpec spec =
        JobSpec.seqWrite(Size.mib(1))
            .buffers(BufferContent.compressible(50).refilled())
            .rampTime(Duration.ofMillis(1500))
            .build();

    assertThat(FioOptionTable.effective(spec))
        .containsEntry("buffer_compress_percentage", "50")
        .containsEntry("refill_buffers", "1")
        .containsEntry("zero_buffers", "0")
        .containsEntry("ramp_time", "1500ms");
  }
}
