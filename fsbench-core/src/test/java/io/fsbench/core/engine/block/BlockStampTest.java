package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.DataPattern;
import io.fsbench.api.VerifyMethod;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BlockStampTest {

  private static final BlockStamp.Write WRITE = new BlockStamp.Write(42, 7, 1_500_000_000L);

  private static ByteBuffer data(int length) {
    ByteBuffer block = ByteBuffer.allocate(length);
    for (int i = 0; i < length; i++) {
      block.put(i, (byte) (i * 7));
    }
    return block;
  }

  @ParameterizedTest
  @EnumSource(
      value = VerifyMethod.class,
      names = {"CRC32C", "MD5", "SHA256"})
  void acceptsABlockAsWrittenAndRejectsAFlippedDataByte(VerifyMethod method) {
    BlockStamp stamp = new BlockStamp(method, DataPattern.NONE, 0, 1);
    ByteBuffer block = data(4096);
    stamp.stamp(block, 8192, 4096, WRITE);

    assertThat(stamp.check(block, 8192, 4096, 7, true)).isEmpty();
    block.put(1000, (byte) (block.get(1000) + 1));
    assertThat(stamp.check(block, 8192, 4096, 7, true))
        .singleElement()
        .satisfies(f -> assertThat(f.problem()).contains("verify failed, expected checksum"));
  }

  @Test
  void writesFiosHeaderLayout() {
    BlockStamp stamp = new BlockStamp(VerifyMethod.CRC32C, DataPattern.NONE, 0, 3);
    ByteBuffer block = data(4096);
    stamp.stamp(block, 8192, 4096, WRITE);
    ByteBuffer b = block.duplicate().order(ByteOrder.LITTLE_ENDIAN);

    assertThat(b.getShort(0) & 0xffff).isEqualTo(0xacca);
    assertThat(b.getShort(2)).isEqualTo((short) 5); // fio's VERIFY_CRC32C
    assertThat(b.getInt(4)).isEqualTo(4096);
    assertThat(b.getLong(8)).isEqualTo(42);
    assertThat(b.getLong(16)).isEqualTo(8192);
    assertThat(b.getInt(24)).isEqualTo(1);
    assertThat(b.getInt(28)).isEqualTo(500_000_000);
    assertThat(b.getShort(32)).isEqualTo((short) 3);
    assertThat(b.getShort(34)).isEqualTo((short) 7);
  }

  @Test
  void namesABlockFoundAtTheWrongOffset() {
    BlockStamp stamp = new BlockStamp(VerifyMethod.CRC32C, DataPattern.NONE, 0, 1);
    ByteBuffer block = data(4096);
    stamp.stamp(block, 0, 4096, WRITE);

    assertThat(stamp.check(block, 4096, 4096, -1, false))
        .singleElement()
        .satisfies(
            f -> assertThat(f.problem()).isEqualTo("verify: bad header offset 0, wanted 4096"));
  }

  @Test
  void namesABlockThatWasNeverWritten() {
    BlockStamp stamp = new BlockStamp(VerifyMethod.META, DataPattern.NONE, 0, 1);
    assertThat(stamp.check(ByteBuffer.allocate(4096), 0, 4096, -1, false))
        .singleElement()
        .satisfies(f -> assertThat(f.problem()).contains("bad magic header 0, wanted acca"));
  }

  @Test
  void metaChecksTheWriteNumber() {
    BlockStamp stamp = new BlockStamp(VerifyMethod.META, DataPattern.NONE, 0, 1);
    ByteBuffer block = data(4096);
    stamp.stamp(block, 0, 4096, WRITE);

    assertThat(stamp.check(block, 0, 4096, 7, false)).isEmpty();
    assertThat(stamp.check(block, 0, 4096, 8, false))
        .singleElement()
        .satisfies(f -> assertThat(f.problem()).contains("bad header numberio 7, wanted 8"));
  }

  @Test
  void aHeaderInEveryIntervalAndEachBadIntervalReportedUnlessFatal() {
    DataPattern pattern = DataPattern.parse("0xaa555aa5");
    BlockStamp stamp = new BlockStamp(VerifyMethod.META, pattern, 0, 1);
    ByteBuffer block = ByteBuffer.allocate(4096);
    BufferFill.copyPattern(block, 4096, pattern, 0);
    stamp.stamp(block, 65536, 512, WRITE);

    for (int at = 0; at < 4096; at += 512) {
      assertThat(block.duplicate().order(ByteOrder.LITTLE_ENDIAN).getLong(at + 16))
          .isEqualTo(65536 + at);
    }
    assertThat(stamp.check(block, 65536, 512, 7, false)).isEmpty();
    block.put(600, (byte) 0);
    block.put(2000, (byte) 0);

    List<BlockStamp.Failure> all = stamp.check(block, 65536, 512, 7, false);
    assertThat(all)
        .extracting(BlockStamp.Failure::offset)
        .containsExactly(65536L + 512, 65536L + 1536);
    assertThat(all.get(0).problem())
        .contains("got pattern '00', wanted 'aa'")
        .contains("bad pattern block offset 48");
    assertThat(stamp.check(block, 65536, 512, 7, true)).hasSize(1);
  }

  @Test
  void patternWithoutHeaderCarriesTheOffsetFormat() {
    DataPattern pattern = DataPattern.parse("\"ab\"%o");
    BlockStamp stamp = new BlockStamp(VerifyMethod.PATTERN, pattern, 0, 1);
    ByteBuffer block = ByteBuffer.allocate(4096);
    BufferFill.copyPattern(block, 4096, pattern, 12288);
    stamp.stamp(block, 12288, 4096, WRITE);

    assertThat(block.get(0)).isEqualTo((byte) 'a');
    assertThat(block.order(ByteOrder.LITTLE_ENDIAN).getLong(2)).isEqualTo(12288);
    assertThat(stamp.check(block, 12288, 4096, -1, false)).isEmpty();
    assertThat(stamp.check(block, 16384, 4096, -1, false)).hasSize(1);
  }

  @Test
  void verifyOffsetMovesTheHeaderAndSwapsItBackToCheck() {
    BlockStamp stamp = new BlockStamp(VerifyMethod.CRC32C, DataPattern.NONE, 100, 1);
    ByteBuffer block = data(4096);
    stamp.stamp(block, 0, 4096, WRITE);

    assertThat(block.duplicate().order(ByteOrder.LITTLE_ENDIAN).getShort(100) & 0xffff)
        .isEqualTo(0xacca);
    assertThat(stamp.check(block, 0, 4096, 7, false)).isEmpty();
  }

  @Test
  void aVerifyOffsetInsideTheHeaderLosesDataAsFiosMemswpDoes() {
    // sha256's header is 104 bytes: swapped with the bytes at 64, fio's memswp copies the header
    // aside, bytes 64..167 over it, then the copy over 64..167, so bytes 128..167 are lost and
    // the read-back's checksum fails while its header checks out (seed 4503 case 83)
    BlockStamp stamp = new BlockStamp(VerifyMethod.SHA256, DataPattern.NONE, 64, 1);
    ByteBuffer block = data(8192);
    stamp.stamp(block, 0, 8192, WRITE);

    assertThat(block.duplicate().order(ByteOrder.LITTLE_ENDIAN).getShort(64) & 0xffff)
        .isEqualTo(0xacca);
    assertThat(stamp.check(block, 0, 8192, 7, false))
        .singleElement()
        .satisfies(f -> assertThat(f.problem()).contains("verify failed, expected checksum"));
  }
}
