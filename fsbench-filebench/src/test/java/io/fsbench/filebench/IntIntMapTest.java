package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The entry pool's unboxed sparse map: open counts and rotor cursors. */
class IntIntMapTest {

  @Test
  void anAbsentKeyReadsAsTheCallersDefault() {
    IntIntMap map = new IntIntMap();
    assertThat(map.get(42, 0)).isZero();
    assertThat(map.get(42, -7)).isEqualTo(-7);
    assertThat(map.containsKey(42)).isFalse();
    assertThat(map.size()).isZero();
  }

  @Test
  void putReplacesTheValueOfAKeyItHolds() {
    IntIntMap map = new IntIntMap();
    map.put(3, 10);
    map.put(3, 11);
    assertThat(map.get(3, 0)).isEqualTo(11);
    assertThat(map.size()).isEqualTo(1);
  }

  @Test
  void aCountBackToZeroIsRemoved() {
    IntIntMap map = new IntIntMap();
    assertThat(map.add(5, 1)).isEqualTo(1);
    assertThat(map.add(5, 1)).isEqualTo(2);
    assertThat(map.add(5, -1)).isEqualTo(1);
    assertThat(map.add(5, -1)).isZero();
    assertThat(map.containsKey(5)).isFalse();
    assertThat(map.size()).isZero();
  }

  @Test
  void growsPastItsFirstCapacityAndKeepsEveryKey() {
    IntIntMap map = new IntIntMap();
    int first = map.capacity();
    for (int key = 0; key < 100_000; key++) {
      map.put(key, key * 3);
    }
    assertThat(map.capacity()).isGreaterThan(first).isGreaterThanOrEqualTo(100_000 * 4 / 3);
    assertThat(map.size()).isEqualTo(100_000);
    for (int key = 0; key < 100_000; key++) {
      assertThat(map.get(key, -1)).isEqualTo(key * 3);
    }
  }

  @Test
  void shrinksWhenItsKeysAreRemovedSoMemoryFollowsTheOpenFilesNotTheFileset() {
    IntIntMap map = new IntIntMap();
    for (int key = 0; key < 10_000; key++) {
      map.add(key * 1000, 1);
    }
    long full = map.retainedBytes();
    for (int key = 0; key < 10_000; key++) {
      map.add(key * 1000, -1);
    }
    assertThat(map.size()).isZero();
    assertThat(map.retainedBytes()).isLessThan(full / 100);
  }

  @Test
  void agreesWithAHashMapOverAMillionRandomAddsAndRemovesOnCollidingKeys() {
    IntIntMap map = new IntIntMap();
    Map<Integer, Integer> reference = new HashMap<>();
    SplittableRandom random = new SplittableRandom(14);
    for (int i = 0; i < 1_000_000; i++) {
      // few distinct keys, with large and small values, so runs collide and removals shift them
      int key = random.nextInt(2000) * (random.nextBoolean() ? 1 : 65_536);
      int delta = random.nextBoolean() ? 1 : -1;
      int sum = map.add(key, delta);
      reference.merge(key, delta, (a, b) -> a + b == 0 ? null : a + b);
      assertThat(sum).isEqualTo(reference.getOrDefault(key, 0));
    }
    assertThat(map.size()).isEqualTo(reference.size());
    reference.forEach((key, value) -> assertThat(map.get(key, 0)).isEqualTo(value));
  }

  @Test
  void holdsThreeMillionDistinctKeysInAtMostSixteenBytesEach() {
    IntIntMap map = new IntIntMap();
    for (int key = 0; key < 3_000_000; key++) {
      map.put(key, 1);
    }
    assertThat(map.size()).isEqualTo(3_000_000);
    assertThat(map.get(2_999_999, 0)).isEqualTo(1);
    assertThat((double) map.retainedBytes() / 3_000_000).isLessThanOrEqualTo(16);
  }

  @Test
  void refusesANegativeKeyNamingIt() {
    IntIntMap map = new IntIntMap();
    assertThatThrownBy(() -> map.put(-1, 1)).hasMessageContaining("key (-1) must not be negative");
  }
}
