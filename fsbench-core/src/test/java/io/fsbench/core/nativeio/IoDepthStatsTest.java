package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IoDepthStatsTest {

  @Test
  void bucketsDepthsAsFiosIodepthLevel() {
    IoDepthStats stats = new IoDepthStats(100);
    stats.recordSubmit(1, 1);
    stats.recordSubmit(2, 3);
    stats.recordSubmit(4, 4);
    stats.recordSubmit(1, 31);
    stats.recordSubmit(8, 32);
    stats.recordSubmit(5, 63);
    stats.recordSubmit(3, 64);
    stats.recordSubmit(2, 100);

    assertThat(stats.depthLevels()).containsExactly(1, 2, 4, 0, 1, 13, 5);
    assertThat(stats.totalSubmitted()).isEqualTo(26);
    assertThat(stats.ioAtDepth(32)).isEqualTo(8);
  }

  @Test
  void bucketsBatchSizesAsFiosIodepthSubmitAndComplete() {
    IoDepthStats stats = new IoDepthStats(128);
    for (int n : new int[] {1, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65}) {
      stats.recordSubmit(n, n);
      stats.recordComplete(n);
    }
    assertThat(stats.submitBatches()).containsExactly(0, 2, 2, 2, 2, 2, 1);
    assertThat(stats.completeBatches()).containsExactly(0, 2, 2, 2, 2, 2, 1);
  }
}
