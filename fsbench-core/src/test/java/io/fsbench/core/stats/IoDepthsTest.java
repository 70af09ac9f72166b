package io.fsbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IoDepthsTest {

  @ParameterizedTest(name = "depth {0} counts in iodepth_level[\"{1}\"]")
  @CsvSource({
    "1, 1",
    "2, 2",
    "3, 2",
    "4, 4",
    "7, 4",
    "8, 8",
    "15, 8",
    "16, 16",
    "31, 16",
    "32, 32",
    "63, 32",
    "64, >=64",
    "4096, >=64"
  })
  void levelKeyNCoversDepthsNToTwiceNMinusOne(int depth, String key) {
    IoDepths depths = new IoDepths();
    depths.markDepth(depth, 1);

    assertThat(depths.levels(1)).containsEntry(key, 100.0);
  }

  @ParameterizedTest(name = "a batch of {0} counts in iodepth_submit[\"{1}\"]")
  @CsvSource({
    "0, 0",
    "1, 4",
    "4, 4",
    "5, 8",
    "8, 8",
    "9, 16",
    "32, 32",
    "33, 64",
    "64, 64",
    "65, >=64"
  })
  void submitKeyNCoversBatchesUpToN(int batch, String key) {
    IoDepths depths = new IoDepths();
    depths.markSubmit(batch);
    depths.markComplete(batch);

    assertThat(depths.submitted()).containsEntry(key, 100.0);
    assertThat(depths.completed()).containsEntry(key, 100.0);
  }

  @Test
  void countsFsyncsInTheLevelsButNotInTheTotalAsFio() {
    // fio 3.33, randrw psync fsync=16: 2048 reads and writes and 133 fsyncs gave "1": 106.494141
    IoDepths depths = new IoDepths();
    for (int i = 0; i < 2048 + 133; i++) {
      depths.markDepth(1, 1);
    }

    assertThat(depths.levels(2048).get("1")).isCloseTo(106.494141, within(5e-7));
  }

  @Test
  void showsANonEmptyLevelUnderATenthOfAPercentAsATenth() {
    IoDepths depths = new IoDepths();
    depths.markDepth(2, 1);
    depths.markDepth(8, 9_999);

    assertThat(depths.levels(10_000)).containsEntry("2", 0.1).containsEntry("4", 0.0);
  }
}
