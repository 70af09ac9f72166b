package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.VerifyMethod;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BlockStampTest {

  @ParameterizedTest
  @EnumSource(
      value = VerifyMethod.class,
      names = {"CRC32C", "MD5", "SHA256"})
  void acceptsABlockAsWrittenAndRejectsAFlippedByte(VerifyMethod method) {
    BlockStamp stamp = new BlockStamp(method);
    ByteBuffer block = ByteBuffer.allocate(4096);
    for (int i = 0; i < 4096; i++) {
      block.put(i, (byte) (i * 7));
    }
    stamp.stamp(block, 8192);

    assertThat(stamp.check(block, 8192)).isNull();
    block.put(1000, (byte) (block.get(1000) + 1));
    assertThat(stamp.check(block, 8192)).contains("mismatch");
  }

  @Test
  void namesABlockFoundAtTheWrongOffset() {
    BlockStamp stamp = new BlockStamp(VerifyMethod.CRC32C);
    ByteBuffer block = ByteBuffer.allocate(4096);
    stamp.stamp(block, 0);

    assertThat(stamp.check(block, 4096)).contains("misplaced");
  }

  @Test
  void namesABlockThatWasNeverWritten() {
    assertThat(new BlockStamp(VerifyMethod.CRC32C).check(ByteBuffer.allocate(4096), 0))
        .contains("bad magic");
  }
}
