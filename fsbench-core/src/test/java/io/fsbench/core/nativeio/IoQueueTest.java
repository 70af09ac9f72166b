package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every mechanism, on real files: what a queue writes at depth 32 reads back at its offsets. */
class IoQueueTest {

  private static final int DEPTH = 32;
  private static final int BLOCK = 4096;
  private static final int BLOCKS = 1024;

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(IoMechanism.class)
  void writesAndReadsBackAtDepth32WithODirect(IoMechanism mechanism) throws Exception {
    Path path = dir.resolve("direct-" + mechanism.id());
    assumeTrue(NativeFileTest.supportsDirectIo(path), "temp dir does not support O_DIRECT");
    try (NativeFile file =
            NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE, OpenFlag.DIRECT);
        IoQueue queue = open(mechanism)) {
      file.fallocate(0, (long) BLOCK * BLOCKS, false);
      List<Integer> order = shuffledBlocks(11);

      runAll(queue, file, order, true, false);
      assertThat(queue.depthStats().depthLevels()[5]).isPositive();
      runAll(queue, file, shuffledBlocks(12), false, true);

      assertThat(queue.inFlight()).isZero();
      assertThat(queue.depthStats().totalSubmitted()).isEqualTo(2L * BLOCKS);
    }
  }

  @ParameterizedTest
  @EnumSource(IoMechanism.class)
  void writesAndReadsBackThroughThePageCache(IoMechanism mechanism) throws Exception {
    Path path = dir.resolve("buffered-" + mechanism.id());
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE);
        IoQueue queue = open(mechanism)) {
      runAll(queue, file, shuffledBlocks(21), true, true);
      runAll(queue, file, shuffledBlocks(22), false, false);
      assertThat(file.size()).isEqualTo((long) BLOCK * BLOCKS);
    }
  }

  @ParameterizedTest
  @EnumSource(IoMechanism.class)
  void writesARangeOfANativeBufferToARawDescriptor(IoMechanism mechanism) throws Exception {
    Path path = dir.resolve("raw-" + mechanism.id());
    NativeBuffer memory = NativeBuffer.allocate(3 * BLOCK);
    memory.buffer().put(BLOCK, content(7), 0, BLOCK);
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE);
        IoQueue queue = open(mechanism, 2)) {
      queue.write(file.fd(), memory, BLOCK, BLOCK, 5L * BLOCK, 1);
      IoCompletions done = new IoCompletions(2);

      queue.submitAndReap(1, done);

      assertThat(done.count()).isEqualTo(1);
      assertThat(done.slot(0)).isEqualTo(1);
      assertThat(done.result(0)).isEqualTo(BLOCK);
      ByteBuffer back = AlignedBuffers.allocate(BLOCK);
      file.pread(back, 5L * BLOCK);
      assertThat(back.flip()).isEqualTo(content(7));
      assertThat(file.size()).isEqualTo(6L * BLOCK);
      assertThatThrownBy(() -> queue.write(file.fd(), memory, 2 * BLOCK, BLOCK + 1, 0, 0))
          .isInstanceOf(IndexOutOfBoundsException.class);
    }
  }

  @ParameterizedTest
  @EnumSource(IoMechanism.class)
  void keepsTheFullDepthInFlightWhenReapingOneAtATime(IoMechanism mechanism) throws Exception {
    Path path = dir.resolve("depth-" + mechanism.id());
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE);
        IoQueue queue = open(mechanism)) {
      file.truncate((long) BLOCK * BLOCKS);
      ByteBuffer[] buffers = buffers();
      IoCompletions done = new IoCompletions(DEPTH);
      for (int slot = 0; slot < DEPTH; slot++) {
        queue.read(file, buffers[slot], (long) slot * BLOCK, slot);
      }
      assertThat(queue.queued()).isEqualTo(DEPTH);
      assertThat(queue.submit()).isEqualTo(DEPTH);
      assertThat(queue.inFlight()).isEqualTo(DEPTH);
      for (int i = 0; i < 200; i++) {
        queue.reap(1, done);
        for (int c = 0; c < done.count(); c++) {
          assertThat(done.result(c)).isEqualTo(BLOCK);
          int slot = done.slot(c);
          queue.read(file, buffers[slot].clear(), (long) ((i * 7 + slot) % BLOCKS) * BLOCK, slot);
        }
        queue.submit();
        assertThat(queue.inFlight()).isEqualTo(DEPTH);
      }
      // Every I/O after the first batch went in while the other 31 were still in flight.
      IoDepthStats stats = queue.depthStats();
      assertThat(stats.ioAtDepth(DEPTH)).isEqualTo(stats.totalSubmitted());
      assertThat(stats.depthLevels()).containsExactly(0, 0, 0, 0, 0, stats.totalSubmitted(), 0);
      assertThat(stats.submitBatches()[4]).isPositive();
    }
  }

  @ParameterizedTest
  @EnumSource(IoMechanism.class)
  void submitAndReapDoesBothForOneIoAtATime(IoMechanism mechanism) throws Exception {
    Path path = dir.resolve("combined-" + mechanism.id());
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE);
        IoQueue queue = open(mechanism, 1)) {
      IoCompletions done = new IoCompletions(1);
      ByteBuffer buffer = NativeFileTest.randomBuffer(BLOCK, 5);
      for (int block = 0; block < 10; block++) {
        queue.write(file, buffer, (long) block * BLOCK, 0);
        assertThat(queue.submitAndReap(1, done)).isEqualTo(1);
        assertThat(done.result(0)).isEqualTo(BLOCK);
        assertThat(queue.inFlight()).isZero();
        assertThat(queue.queued()).isZero();
      }
      assertThat(file.size()).isEqualTo(10L * BLOCK);
      assertThat(queue.depthStats().depthLevels()).containsExactly(10, 0, 0, 0, 0, 0, 0);
      assertThatThrownBy(() -> queue.submitAndReap(1, done))
          .hasMessageContaining("minComplete (1) must be between 0 and the 0 in flight");
    }
  }

  @ParameterizedTest
  @EnumSource(IoMechanism.class)
  void reportsAFailedIoAsMinusErrnoInItsCompletion(IoMechanism mechanism) throws Exception {
    Path path = dir.resolve("writeonly-" + mechanism.id());
    try (NativeFile file = NativeFile.open(path, OpenFlag.WRITE, OpenFlag.CREATE);
        IoQueue queue = open(mechanism)) {
      queue.read(file, AlignedBuffers.allocate(BLOCK), 0, 5);
      queue.submit();
      IoCompletions done = new IoCompletions(DEPTH);
      assertThat(queue.reap(1, done)).isEqualTo(1);
      assertThat(done.slot(0)).isEqualTo(5);
      assertThat(done.result(0)).isEqualTo(-NativeIoException.EBADF);
    }
  }

  @ParameterizedTest
  @EnumSource(IoMechanism.class)
  void fsyncCompletesWithZero(IoMechanism mechanism) throws Exception {
    Path path = dir.resolve("fsync-" + mechanism.id());
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE);
        IoQueue queue = open(mechanism)) {
      queue.write(file, NativeFileTest.randomBuffer(BLOCK, 1), 0, 0);
      queue.submit();
      IoCompletions done = new IoCompletions(DEPTH);
      queue.reap(1, done);
      queue.fsync(file, false, 1);
      queue.fsync(file, true, 2);
      queue.submit();
      int reaped = queue.reap(2, done);
      for (int i = 0; i < reaped; i++) {
        assertThat(done.result(i)).isZero();
      }
      assertThat(reaped).isEqualTo(2);
    }
  }

  @ParameterizedTest
  @EnumSource(IoMechanism.class)
  void refusesMisuseWithMessagesThatSayWhatToDo(IoMechanism mechanism) throws Exception {
    Path path = dir.resolve("misuse-" + mechanism.id());
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE);
        IoQueue queue = open(mechanism)) {
      ByteBuffer buffer = AlignedBuffers.allocate(BLOCK);
      IoCompletions done = new IoCompletions(DEPTH);
      assertThatThrownBy(() -> queue.read(file, buffer, 0, DEPTH))
          .hasMessageContaining("slot (32) must be between 0 and 31");
      assertThatThrownBy(() -> queue.read(file, ByteBuffer.allocate(BLOCK), 0, 0))
          .hasMessageContaining("must be direct");
      queue.read(file, buffer, 0, 0);
      assertThatThrownBy(() -> queue.read(file, buffer, 0, 0))
          .hasMessageContaining("slot 0 is still in flight");
      assertThatThrownBy(() -> queue.reap(1, done))
          .hasMessageContaining("minComplete (1) must be between 0 and the 0 in flight");
      assertThatThrownBy(() -> queue.reap(0, new IoCompletions(4)))
          .hasMessageContaining("capacity (4) must be at least the depth 32");
      queue.submit();
    }
  }

  @ParameterizedTest
  @EnumSource(IoMechanism.class)
  void closeWaitsForIoInFlightAndIsIdempotent(IoMechanism mechanism) throws Exception {
    Path path = dir.resolve("close-" + mechanism.id());
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE)) {
      IoQueue queue = open(mechanism);
      ByteBuffer[] buffers = buffers();
      for (int slot = 0; slot < DEPTH; slot++) {
        AlignedBuffers.fillRandom(buffers[slot], new SplittableRandom(slot));
        queue.write(file, buffers[slot], (long) slot * BLOCK, slot);
      }
      queue.submit();
      queue.close();
      queue.close();
      assertThat(file.size()).isEqualTo((long) DEPTH * BLOCK);
      assertThatThrownBy(queue::submit).hasMessageContaining("closed");
    }
  }

  private static IoQueue open(IoMechanism mechanism) throws NativeIoException {
    return open(mechanism, DEPTH);
  }

  private static IoQueue open(IoMechanism mechanism, int depth) throws NativeIoException {
    MechanismStatus status = MechanismProbe.SYSTEM.probe(mechanism);
    assumeTrue(status.available(), status::toString);
    IoQueue queue = IoQueues.open(depth, mechanism);
    assertThat(queue.mechanism()).isEqualTo(mechanism);
    assertThat(queue.depth()).isEqualTo(depth);
    return queue;
  }

  /** Writes (or reads and verifies) every block, in {@code order}, keeping DEPTH in flight. */
  private static void runAll(
      IoQueue queue, NativeFile file, List<Integer> order, boolean write, boolean combined)
      throws NativeIoException {
    ByteBuffer[] buffers = buffers();
    int[] blockOfSlot = new int[DEPTH];
    IoCompletions done = new IoCompletions(DEPTH);
    int next = 0;
    int completed = 0;
    Set<Integer> seen = new HashSet<>();
    for (int slot = 0; slot < DEPTH && next < order.size(); slot++) {
      issue(queue, file, buffers[slot], slot, blockOfSlot, order.get(next++), write);
    }
    if (!combined) {
      queue.submit();
    }
    while (completed < order.size()) {
      if (combined) {
        queue.submitAndReap(1, done);
      } else {
        queue.reap(1, done);
      }
      for (int i = 0; i < done.count(); i++) {
        int slot = done.slot(i);
        assertThat(done.result(i)).as("result of block %d", blockOfSlot[slot]).isEqualTo(BLOCK);
        if (!write) {
          assertThat(buffers[slot].clear())
              .as("content of block %d", blockOfSlot[slot])
              .isEqualTo(content(blockOfSlot[slot]));
        }
        assertThat(seen.add(blockOfSlot[slot])).isTrue();
        completed++;
        if (next < order.size()) {
          issue(queue, file, buffers[slot], slot, blockOfSlot, order.get(next++), write);
        }
      }
      if (!combined) {
        queue.submit();
      }
    }
    assertThat(seen).hasSize(order.size());
  }

  private static void issue(
      IoQueue queue,
      NativeFile file,
      ByteBuffer buffer,
      int slot,
      int[] blockOfSlot,
      int block,
      boolean write) {
    blockOfSlot[slot] = block;
    buffer.clear();
    if (write) {
      buffer.put(content(block));
      buffer.clear();
      queue.write(file, buffer, (long) block * BLOCK, slot);
    } else {
      AlignedBuffers.fillZeros(buffer);
      queue.read(file, buffer, (long) block * BLOCK, slot);
    }
  }

  private static ByteBuffer content(int block) {
    ByteBuffer content = ByteBuffer.allocate(BLOCK);
    SplittableRandom random = new SplittableRandom(block);
    while (content.hasRemaining()) {
      content.putLong(random.nextLong());
    }
    return content.flip();
  }

  private static ByteBuffer[] buffers() {
    ByteBuffer[] buffers = new ByteBuffer[DEPTH];
    for (int i = 0; i < DEPTH; i++) {
      buffers[i] = AlignedBuffers.allocate(BLOCK);
    }
    return buffers;
  }

  private static List<Integer> shuffledBlocks(long seed) {
    List<Integer> blocks = new ArrayList<>();
    for (int i = 0; i < BLOCKS; i++) {
      blocks.add(i);
    }
    java.util.Collections.shuffle(blocks, new java.util.Random(seed));
    return blocks;
  }
}
