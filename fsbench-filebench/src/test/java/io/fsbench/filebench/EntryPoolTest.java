package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.filebench.EntryPool.Existence;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** The rotor and the entry states, as {@code fileset.c: fileset_pick} and fileset_unbusy. */
class EntryPoolTest {

  private static Fileset fileset(int entries, int prealloc) {
    return Fileset.build(FilesetTestSpecs.fileset(entries, 20, prealloc), Rand48.unseeded(), 3);
  }

  @Test
  void preallocMakesEachEntryExistWithItsProbability() {
    Fileset set = fileset(100_000, 80);
    long randno = (long) Integer.MAX_VALUE * 20 / 100;
    double p = 1 - (randno + 1) / 0x1p31;
    double sd = Math.sqrt(100_000 * p * (1 - p));
    assertThat(set.files().existingCount())
        .isBetween((int) (100_000 * p - 5 * sd), (int) (100_000 * p + 5 * sd));
    assertThat(fileset(1000, 100).files().existingCount()).isEqualTo(1000);
    assertThat(fileset(1000, 0).files().existingCount()).isZero();
  }

  @Test
  void theRotorVisitsEveryExistingFileOncePerCycleInOrder() throws InterruptedException {
    EntryPool files = fileset(1000, 50).files();
    BitSet existing = files.existingSnapshot();
    for (int cycle = 0; cycle < 3; cycle++) {
      List<Integer> seen = new ArrayList<>();
      for (int i = 0; i < existing.cardinality(); i++) {
        int picked = files.pickExisting(0);
        seen.add(picked);
        files.release(picked);
      }
      assertThat(seen).isEqualTo(existing.stream().boxed().toList());
    }
  }

  @Test
  void eachRotorHasItsOwnCursor() throws InterruptedException {
    EntryPool files = fileset(10, 100).files();
    files.release(files.pickExisting(0));
    files.release(files.pickExisting(0));
    assertThat(files.pickExisting(7)).isZero();
    assertThat(files.pickExisting(0)).isEqualTo(2);
  }

  @Test
  void createfilePicksOnlyMissingEntriesAndTheStateFlips() throws InterruptedException {
    EntryPool files = fileset(1000, 50).files();
    int missing = files.count() - files.existingCount();
    int previous = -1;
    for (int i = 0; i < missing; i++) {
      int picked = files.pickMissing();
      assertThat(files.exists(picked)).isFalse();
      assertThat(picked).isGreaterThan(previous);
      previous = picked;
      files.release(picked, Existence.EXISTS, 1);
      assertThat(files.exists(picked)).isTrue();
      assertThat(files.openCount(picked)).isEqualTo(1);
    }
    assertThat(files.existingCount()).isEqualTo(1000);
    assertThat(files.pickMissing()).isEqualTo(EntryPool.NONE);
  }

  @Test
  void deletingMakesAnEntryMissingForTheNextCreate() throws InterruptedException {
    EntryPool files = fileset(10, 100).files();
    int deleted = files.pickExisting(0);
    files.release(deleted, Existence.GONE, 0);
    assertThat(files.pickMissing()).isEqualTo(deleted);
  }

  @Test
  void busyEntriesAreSkipped() throws InterruptedException {
    EntryPool files = fileset(10, 100).files();
    int held = files.pickExisting(0);
    assertThat(held).isZero();
    assertThat(files.busy(0)).isTrue();
    // another rotor starting at 0 finds it busy and walks on
    assertThat(files.pickExisting(1)).isEqualTo(1);
    assertThat(files.pickAt(0, true)).isEqualTo(2);
    assertThat(files.pickMissing()).isEqualTo(EntryPool.NONE);
  }

  @Test
  void whenEveryEntryIsBusyAPickerWaitsForARelease() throws Exception {
    EntryPool files = fileset(2, 100).files();
    int first = files.pickExisting(0);
    int second = files.pickExisting(0);
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      AtomicInteger waiting = new AtomicInteger();
      Future<Integer> picker =
          executor.submit(
              () -> {
                waiting.set(1);
                return files.pickExisting(0);
              });
      while (waiting.get() == 0) {
        Thread.onSpinWait();
      }
      assertThat(picker.isDone()).isFalse();
      files.release(second);
      assertThat(picker.get(10, TimeUnit.SECONDS)).isEqualTo(second);
      assertThat(files.busy(first)).isTrue();
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void concurrentPickersNeverHoldTheSameEntry() throws Exception {
    EntryPool files = fileset(64, 100).files();
    AtomicIntegerArray holders = new AtomicIntegerArray(files.count());
    AtomicInteger clashes = new AtomicInteger();
    AtomicInteger picks = new AtomicInteger();
    int threads = 8;
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int rotor = t % 2;
        done.add(
            executor.submit(
                () -> {
                  for (int i = 0; i < 20_000; i++) {
                    int picked = files.pickExisting(rotor);
                    if (picked == EntryPool.NONE) {
                      continue;
                    }
                    picks.incrementAndGet();
                    if (!holders.compareAndSet(picked, 0, 1)) {
                      clashes.incrementAndGet();
                    }
                    holders.set(picked, 0);
                    files.release(picked);
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      executor.shutdownNow();
    }
    assertThat(clashes.get()).isZero();
    assertThat(picks.get()).isEqualTo(8 * 20_000);
    for (int i = 0; i < files.count(); i++) {
      assertThat(files.busy(i)).isFalse();
    }
  }

  @Test
  void openCountsOfManyFilesRiseAndFallBackToZeroWithoutKeepingMemory() throws Exception {
    EntryPool files = fileset(100_000, 100).files();
    long idle = files.retainedBytes();
    for (int i = 0; i < files.count(); i++) {
      files.release(files.pickExisting(0), Existence.UNCHANGED, 1);
    }
    files.release(files.pickExisting(0), Existence.UNCHANGED, 1);
    assertThat(files.openCount(0)).isEqualTo(2);
    assertThat(files.openCount(99_999)).isEqualTo(1);
    assertThat(files.retainedBytes()).isGreaterThan(idle);
    int threads = 4;
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int first = t;
        done.add(
            executor.submit(
                () -> {
                  for (int i = first; i < files.count(); i += threads) {
                    files.acquire(i);
                    files.release(i, Existence.UNCHANGED, -1);
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      executor.shutdownNow();
    }
    assertThat(files.openCount(0)).isEqualTo(1);
    assertThat(files.openCount(1)).isZero();
    assertThat(files.openCount(99_999)).isZero();
    files.acquire(0);
    files.release(0, Existence.UNCHANGED, -1);
    assertThat(files.openCount(0)).isZero();
    assertThat(files.retainedBytes()).isEqualTo(idle);
  }

  @Test
  void listdirRotatesOverAllDirectories() throws InterruptedException {
    Fileset set =
        Fileset.build(
            FilesetTestSpecs.fileset(100, 0, 10, 0, RandomVariable.constant(1), 0),
            Rand48.unseeded(),
            1);
    EntryPool directories = set.directories();
    assertThat(directories.existingCount()).isEqualTo(11);
    for (int i = 0; i < 11; i++) {
      int picked = directories.pickExisting(0);
      assertThat(picked).isEqualTo(i);
      directories.release(picked);
    }
  }
}
