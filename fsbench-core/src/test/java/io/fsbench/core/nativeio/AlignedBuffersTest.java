package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AlignedBuffersTest {

  @ParameterizedTest
  @ValueSource(ints = {1, 512, 4096, 65536, 1 << 20})
  void allocatesDirectBuffersAlignedTo4096(int size) {
    ByteBuffer buffer = AlignedBuffers.allocate(size);
    assertThat(buffer.isDirect()).isTrue();
    assertThat(buffer.capacity()).isEqualTo(size);
    assertThat(buffer.position()).isZero();
    assertThat(BufferAddress.of(buffer) % 4096).isZero();
    assertThat(AlignedBuffers.isAligned(buffer, 4096)).isTrue();
  }

  @Test
  void honoursOtherAlignments() {
    assertThat(BufferAddress.of(AlignedBuffers.allocate(100, 65536)) % 65536).isZero();
    assertThat(AlignedBuffers.isAligned(AlignedBuffers.allocate(1000).position(512), 4096))
        .isFalse();
  }

  @Test
  void refusesBadSizesAndAlignments() {
    assertThatThrownBy(() -> AlignedBuffers.allocate(0))
        .hasMessageContaining("size (0) must be positive");
    assertThatThrownBy(() -> AlignedBuffers.allocate(10, 3000))
        .hasMessageContaining("alignment (3000) must be a positive power of two");
  }

  @Test
  void randomContentDoesNotCompress() {
    ByteBuffer buffer = AlignedBuffers.allocate(65536);
    AlignedBuffers.fillRandom(buffer, new SplittableRandom(1));
    assertThat(compressedFraction(buffer)).isGreaterThan(0.99);
  }

  @Test
  void zeroContentCompressesToAlmostNothing() {
    ByteBuffer buffer = AlignedBuffers.allocate(65536);
    AlignedBuffers.fillRandom(buffer, new SplittableRandom(1));
    AlignedBuffers.fillZeros(buffer);
    assertThat(compressedFraction(buffer)).isLessThan(0.01);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 25, 50, 75, 90})
  void compressiblePercentageIsHowMuchCompressionSaves(int percentage) {
    ByteBuffer buffer = AlignedBuffers.allocate(128 * 1024);
    AlignedBuffers.fillCompressible(buffer, percentage, 512, new SplittableRandom(7));
    double expected = (100 - percentage) / 100.0;
    assertThat(compressedFraction(buffer)).isBetween(expected - 0.02, expected + 0.03);
  }

  @Test
  void eachChunkIsRandomThenZeroAsFiosBufferCompressChunk() {
    ByteBuffer buffer = AlignedBuffers.allocate(4096);
    AlignedBuffers.fillCompressible(buffer, 75, 1024, new SplittableRandom(3));
    for (int chunk = 0; chunk < 4096; chunk += 1024) {
      assertThat(nonZeroBytes(buffer, chunk, chunk + 256)).isGreaterThan(240);
      assertThat(nonZeroBytes(buffer, chunk + 256, chunk + 1024)).isZero();
    }
    // Chunks carry different random bytes, so they do not deduplicate against each other.
    assertThat(buffer.getLong(0)).isNotEqualTo(buffer.getLong(1024));
  }

  @Test
  void chunkZeroMeansOneRegionForTheWholeBuffer() {
    ByteBuffer buffer = AlignedBuffers.allocate(4096);
    AlignedBuffers.fillCompressible(buffer, 50, 0, new SplittableRandom(3));
    assertThat(nonZeroBytes(buffer, 0, 2048)).isGreaterThan(2000);
    assertThat(nonZeroBytes(buffer, 2048, 4096)).isZero();
  }

  @Test
  void hundredPercentCompressibleIsAllZeros() {
    ByteBuffer buffer = AlignedBuffers.allocate(4096);
    AlignedBuffers.fillRandom(buffer, new SplittableRandom(3));
    AlignedBuffers.fillCompressible(buffer, 100, 512, new SplittableRandom(3));
    assertThat(nonZeroBytes(buffer, 0, 4096)).isZero();
  }

  @Test
  void refusesPercentagesOutsideZeroToHundred() {
    ByteBuffer buffer = AlignedBuffers.allocate(4096);
    assertThatThrownBy(
            () -> AlignedBuffers.fillCompressible(buffer, 101, 512, new SplittableRandom(1)))
        .hasMessageContaining("compress percentage (101) must be between 0 and 100");
  }

  @Test
  void scrambleStampsEverySectorWithItsOffsetAndTheTime() {
    ByteBuffer buffer = AlignedBuffers.allocate(4096);
    long offset = 1 << 20;
    long nanos = 5_000_000_123L;
    AlignedBuffers.scramble(buffer, offset, nanos);
    int line = (int) ((nanos ^ offset) & 7) * 64;
    for (int sector = 0; sector < 4096; sector += 512) {
      assertThat(buffer.getLong(sector + line)).isEqualTo(offset + sector);
      assertThat(buffer.getLong(sector + 48)).isEqualTo(5);
      assertThat(buffer.getLong(sector + 56)).isEqualTo(123);
    }
  }

  @Test
  void scrambleOfAWriteShorterThanItsBufferStaysWithinTheWrite() {
    // a bssplit job's buffers hold its largest block; a 4k write goes out of a 16k buffer
    ByteBuffer buffer = AlignedBuffers.allocate(16384);
    buffer.limit(4096);
    AlignedBuffers.scramble(buffer, 0, 7_000_000_001L);
    buffer.clear();
    assertThat(nonZeroBytes(buffer, 0, 4096)).isPositive();
    assertThat(nonZeroBytes(buffer, 4096, 16384)).isZero();
  }

  private static int nonZeroBytes(ByteBuffer buffer, int from, int to) {
    int count = 0;
    for (int i = from; i < to; i++) {
      count += buffer.get(i) != 0 ? 1 : 0;
    }
    return count;
  }

  private static double compressedFraction(ByteBuffer buffer) {
    byte[] input = new byte[buffer.capacity()];
    buffer.get(0, input);
    Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
    deflater.setInput(input);
    deflater.finish();
    byte[] output = new byte[input.length * 2];
    int length = deflater.deflate(output);
    deflater.end();
    return (double) length / input.length;
  }
}
