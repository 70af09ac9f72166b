package io.fsbench.workloads.randomio;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.RandomIoResult;
import io.fsbench.api.RandomIoSpec;
import io.fsbench.api.Size;
import io.fsbench.core.engine.DirectoryContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RandomIoRunnerTest {

  @TempDir Path dir;

  private final RandomIoRunner runner = new RandomIoRunner();

  private static RandomIoSpec.Builder small() {
    return RandomIoSpec.builder()
        .fileSize(Size.mib(8))
        .threads(3)
        .ioSize(Size.kib(4))
        .fsyncFraction(0.1)
        .sampleTime(Duration.ofMillis(300))
        .samples(2);
  }

  @Test
  void itFillsTheFileThenSamplesRandomReadsAndWritesInRandomiosMix() throws Exception {
    RandomIoResult result = runner.run(small().build(), new DirectoryContext(dir));

    byte[] file = Files.readAllBytes(dir.resolve(RandomIoRunner.FILE));
    assertThat(file).hasSize(8 << 20);
    assertThat(nonZeroShare(file)).as("a filled file, not holes").isGreaterThan(0.9);
    assertThat(result.samples()).hasSize(2);
    assertThat(result.samples())
        .allSatisfy(s -> assertThat(s.length()).isGreaterThanOrEqualTo(Duration.ofMillis(300)));
    RandomIoResult.Sample total = result.total();
    long ios = total.read().count() + total.write().count();
    assertThat(ios).isGreaterThan(200);
    double writeShare = total.write().count() / (double) ios;
    assertThat(writeShare)
        .isCloseTo(0.25, org.assertj.core.data.Offset.offset(tolerance(0.25, ios)));
    double fsyncShare = result.fsyncs() / (double) total.write().count();
    assertThat(fsyncShare)
        .isCloseTo(0.1, org.assertj.core.data.Offset.offset(tolerance(0.1, total.write().count())));
    assertThat(total.read().minNanos()).isPositive().isLessThanOrEqualTo(total.read().maxNanos());
    assertThat(result.createBytes()).isEqualTo(8 << 20);
    assertThat(result.metric("sample2.read.iops")).isPresent();
  }

  @Test
  void withoutWritesTheFileIsOnlyReadAndNoWriteLatencyIsReported() throws Exception {
    RandomIoResult result =
        runner.run(small().writeFraction(0).samples(1).build(), new DirectoryContext(dir));

    assertThat(result.total().write().count()).isZero();
    assertThat(result.fsyncs()).isZero();
    assertThat(result.total().read().count()).isPositive();
    assertThat(result.metric("write.lat_mean")).isEmpty();
    assertThat(result.metric("read.lat_mean")).isPresent();
  }

  @Test
  void perThreadStreamsGiveTheSameMix() throws Exception {
    RandomIoResult result =
        runner.run(small().perThreadRandom(true).samples(1).build(), new DirectoryContext(dir));

    RandomIoResult.Sample total = result.total();
    long ios = total.read().count() + total.write().count();
    assertThat(total.write().count() / (double) ios)
        .isCloseTo(0.25, org.assertj.core.data.Offset.offset(tolerance(0.25, ios)));
  }

  @Test
  void aComparisonsRuntimeIsSplitOverTheSamples() {
    RandomIoSpec spec = runner.withRuntime(small().samples(4).build(), Duration.ofSeconds(8));

    assertThat(spec.sampleTime()).isEqualTo(Duration.ofSeconds(2));
    assertThat(runner.footprint(spec).bytes()).isEqualTo(8 << 20);
  }

  /** Five standard deviations of a binomial share: fails only when the mix is wrong. */
  private static double tolerance(double p, long n) {
    return 5 * Math.sqrt(p * (1 - p) / n);
  }

  private static double nonZeroShare(byte[] bytes) {
    long nonZero = 0;
    for (byte b : bytes) {
      if (b != 0) {
        nonZero++;
      }
    }
    return nonZero / (double) bytes.length;
  }
}
