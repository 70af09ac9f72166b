package io.fsbench.workloads.aging;

import io.fsbench.api.AgingProfile;
import io.fsbench.api.AgingResult;
import io.fsbench.api.AgingSpec;
import io.fsbench.api.FsBenchException;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import java.util.function.LongSupplier;

/**
 * Geriatrix's aging, on a {@link Churn}: files are created until the volume is as full as the spec
 * asks; then, while it is fuller than that, the file that the age distribution can best spare is
 * deleted, and otherwise a file is created, replaced or renamed, as the profile's mix says. It
 * stops when the spec's volume sizes are written and the files' sizes, depths and ages are within
 * its convergence of the profile, or at its time limit.
 *
 * <p>Ages are counted in operations, as Geriatrix counts them: a file born at operation {@code b}
 * is {@code t - b} old at operation {@code t}, and an age bucket of the profile holds the files
 * whose age is at most its fraction of {@code t}. How full the volume is comes from statfs at the
 * start (rounded to MiB) and, in between, from the sizes written, rounded up to 4 KiB blocks; at
 * the end files are created until statfs, after a sync, says the volume is full enough. The volume
 * is synced every {@code 1/32} of it written.
 *
 * <p>Every choice comes from one {@link SplittableRandom} seeded with the spec's seed, and no
 * choice depends on when the filesystem's own counters catch up (seen on ext4: two agings that read
 * statfs as they went made 960 and 1009 files), so the same seed on a fresh volume of the same
 * filesystem and size makes the same operations, up to the last few files of the end.
 */
final class ChurnEngine {

  private static final long BLOCK = 4096;
  private static final int CHECK_EVERY = 256;

  private final AgingSpec spec;
  private final AgingProfile profile;
  private final Churn churn;
  private final LongSupplier nanoTime;
  private final BooleanSupplier cancelled;
  private final DoubleConsumer progress;
  private final SplittableRandom random;

  private final Buckets sizes;
  private final Buckets depths;
  private final Buckets ages;
  private final long[] sizeCounts;
  private final long[] depthCounts;
  private final long[] ageCounts;
  private final LiveFiles files = new LiveFiles();
  private final AgingTree tree;

  private long tick;
  private long nextName;
  private long allocated;
  private long base;
  private long total;
  private long target;
  private long maxFileSize;
  private long written;
  private long writtenAtSync;
  private long syncEvery;
  private long created;
  private long deleted;
  private long modified;
  private long renamed;
  private AgingProgress meter;

  ChurnEngine(
      AgingSpec spec,
      Churn churn,
      LongSupplier nanoTime,
      BooleanSupplier cancelled,
      DoubleConsumer progress) {
    this.spec = spec;
    this.profile = spec.profile();
    this.churn = churn;
    this.nanoTime = nanoTime;
    this.cancelled = cancelled;
    this.progress = progress;
    this.random = new SplittableRandom(spec.seed());
    this.sizes = new Buckets(profile.sizes());
    this.depths = new Buckets(profile.depths());
    this.ages = new Buckets(profile.ages());
    this.sizeCounts = new long[sizes.count()];
    this.depthCounts = new long[depths.count()];
    this.ageCounts = new long[ages.count()];
    this.tree = new AgingTree((int) depths.bound(depths.count() - 1));
  }

  /** The live files' arrays, for tests of the memory they take. */
  LiveFiles files() {
    return files;
  }

  AgingResult run() {
    long start = nanoTime.getAsLong();
    long deadline = start + spec.timeLimit().toNanos();
    try {
      begin();
      meter =
          new AgingProgress(
              progress,
              start,
              spec.timeLimit(),
              Math.max(target, (long) (spec.overwrite() * total)));
      String stop = fill(deadline);
      long fillEnd = nanoTime.getAsLong();
      if (stop == null) {
        stop = churn(deadline);
        settle();
      }
      churn.quiesce();
      double fullness = churn.usedBytes() / (double) total;
      progress.accept(1.0);
      boolean converged = converged();
      return new AgingResult(
          spec,
          Duration.ofNanos(nanoTime.getAsLong() - start),
          Duration.ofNanos(fillEnd - start),
          written,
          created,
          deleted,
          modified,
          renamed,
          files.live(),
          fullness,
          sizes.distance(sizeCounts, files.live()),
          depths.distance(depthCounts, files.live()),
          ageDistance(),
          converged,
          stop);
    } catch (IOException e) {
      throw failure(e);
    }
  }

  private void begin() throws IOException {
    total = churn.totalBytes();
    base = (churn.usedBytes() + (1 << 19)) >> 20 << 20;
    target = (long) (spec.fullness() * total);
    if (base >= target) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          String.format(
              Locale.ROOT,
              "the volume is %.1f%% full before aging, at least the %.1f%% asked for; age a"
                  + " fresh volume, or ask for a fullness above %.1f%%",
              base * 100.0 / total,
              spec.fullness() * 100,
              base * 100.0 / total));
    }
    // Large files are capped, so that a small volume still holds many files and one file never
    // overshoots the fullness by more than a quarter of the room left above it.
    maxFileSize = Math.max(BLOCK, Math.min(total / 16, (total - target) / 4));
    syncEvery = Math.max(4L << 20, total / 32);
  }

  /** Creates files up to the fullness; null when it got there, else why it stopped. */
  private String fill(long deadline) throws IOException {
    while (base + allocated < target) {
      if (nanoTime.getAsLong() >= deadline) {
        return String.format(
            Locale.ROOT,
            "time limit reached while filling, at %.1f%% full",
            (base + allocated) * 100.0 / total);
      }
      checkCancelled();
      create();
      meter.work(base + allocated);
      if (created % CHECK_EVERY == 0) {
        meter.time(nanoTime.getAsLong());
      }
      syncNow();
    }
    return null;
  }

  /** The churn after the fill; returns why it stopped. */
  private String churn(long deadline) throws IOException {
    long required = (long) (spec.overwrite() * total);
    for (long ops = 1; ; ops++) {
      if (base + allocated > target && files.live() > 0) {
        delete();
      } else {
        double op = random.nextDouble();
        if (files.live() > 0 && op < profile.modifyFraction()) {
          modify();
        } else if (files.live() > 0 && op < profile.modifyFraction() + profile.renameFraction()) {
          rename();
        } else {
          create();
        }
      }
      if (profile.commitOperations() > 0 && ops % profile.commitOperations() == 0) {
        churn.sync();
      }
      syncNow();
      meter.work(written);
      if (ops % CHECK_EVERY == 0) {
        checkCancelled();
        meter.time(nanoTime.getAsLong());
        if (written >= required && converged()) {
          return String.format(
              Locale.ROOT, "converged after %.2f volume sizes written", written / (double) total);
        }
        if (nanoTime.getAsLong() >= deadline) {
          return String.format(
              Locale.ROOT,
              "time limit reached after %.2f volume sizes written%s",
              written / (double) total,
              converged() ? "" : ", not converged");
        }
      }
    }
  }

  /**
   * Ends at the fullness rather than wherever the churn stopped (a large file just deleted can
   * leave the volume a few percent short): files are created until statfs, after a sync, says the
   * volume is full enough; a few rounds at most, as each corrects the estimate.
   */
  private void settle() throws IOException {
    for (int round = 0; round < 4; round++) {
      resync();
      if (base + allocated >= target) {
        return;
      }
      while (base + allocated < target) {
        checkCancelled();
        create();
      }
    }
  }

  private void create() throws IOException {
    int sizeBucket = sizes.draw(random, sizeCounts, files.live());
    long size = sizeIn(sizeBucket);
    int dir = directory();
    long name = nextName++;
    tree.ensure(dir, churn::makeDirectory);
    churn.create(AgingTree.file(dir, name), size);
    add(size, name, dir, sizeBucket);
    written += size;
    created++;
  }

  private void delete() throws IOException {
    int position = victim();
    churn.delete(AgingTree.file(files.dir(position), files.name(position)));
    remove(position);
    deleted++;
    files.compact();
  }

  /** Replaces an old file with a new version: written beside it, renamed over it. */
  private void modify() throws IOException {
    int position = victim();
    int dir = files.dir(position);
    long name = files.name(position);
    int sizeBucket = sizes.draw(random, sizeCounts, files.live() - 1L);
    long size = sizeIn(sizeBucket);
    String path = AgingTree.file(dir, name);
    churn.replace(path, path + ".new", size);
    remove(position);
    add(size, name, dir, sizeBucket);
    written += size;
    modified++;
    files.compact();
  }

  /** Moves a file, chosen regardless of age, to a directory at a depth the profile draws. */
  private void rename() throws IOException {
    int position = files.selectLive(random.nextInt(files.live()));
    int from = files.dir(position);
    int to = directory();
    long name = nextName++;
    tree.ensure(to, churn::makeDirectory);
    churn.rename(AgingTree.file(from, files.name(position)), AgingTree.file(to, name));
    depthCounts[depthBucket(from)]--;
    depthCounts[depthBucket(to)]++;
    files.move(position, to, name);
    renamed++;
  }

  private void add(long size, long name, int dir, int sizeBucket) {
    tick++;
    files.add(tick, size, name, dir, sizeBucket);
    sizeCounts[sizeBucket]++;
    depthCounts[depthBucket(dir)]++;
    allocated += blocks(size);
  }

  private void remove(int position) {
    tick++;
    sizeCounts[files.sizeBucket(position)]--;
    depthCounts[depthBucket(files.dir(position))]--;
    allocated -= blocks(files.size(position));
    files.remove(position);
  }

  /**
   * The file to delete or replace: a random one of the age bucket most above its share, as
   * Geriatrix takes its victims.
   */
  private int victim() {
    int[] starts = ageStarts();
    countAges(starts);
    int bucket = ages.largestSurplus(ageCounts, files.live());
    int end = bucket == 0 ? files.end() : starts[bucket - 1];
    int before = files.liveBefore(starts[bucket]);
    int inBucket = files.liveBefore(end) - before;
    return files.selectLive(before + random.nextInt(inBucket));
  }

  /** For each age bucket, the first position young enough to be in it or a younger one. */
  private int[] ageStarts() {
    int[] starts = new int[ages.count()];
    for (int i = 0; i < starts.length; i++) {
      long oldestBirth = (long) Math.ceil(tick - ages.bound(i) * tick);
      starts[i] = i == starts.length - 1 ? 0 : files.firstBornAtOrAfter(oldestBirth);
    }
    return starts;
  }

  private void countAges(int[] starts) {
    int end = files.end();
    for (int i = 0; i < starts.length; i++) {
      ageCounts[i] = files.liveBefore(end) - files.liveBefore(starts[i]);
      end = starts[i];
    }
  }

  private double ageDistance() {
    countAges(ageStarts());
    return ages.distance(ageCounts, files.live());
  }

  private boolean converged() {
    long live = files.live();
    double limit = spec.convergence();
    return sizes.distance(sizeCounts, live) <= limit
        && depths.distance(depthCounts, live) <= limit
        && ageDistance() <= limit;
  }

  /** A directory at a depth drawn from the profile, one of that depth's at random. */
  private int directory() {
    int bucket = depths.draw(random, depthCounts, files.live());
    int depth = (int) depths.bound(bucket);
    return AgingTree.id(depth, random.nextInt(AgingTree.width(depth)));
  }

  private int depthBucket(int dir) {
    int depth = AgingTree.depth(dir);
    for (int i = 0; i < depths.count(); i++) {
      if ((int) depths.bound(i) == depth) {
        return i;
      }
    }
    throw new IllegalStateException("depth " + depth + " is not in profile " + profile.name());
  }

  /** A size in the bucket, spread evenly on a log scale above the bucket below, capped. */
  private long sizeIn(int bucket) {
    double low = bucket == 0 ? 1 : sizes.bound(bucket - 1) + 1;
    double high = sizes.bound(bucket);
    double size = Math.exp(Math.log(low) + random.nextDouble() * (Math.log(high) - Math.log(low)));
    return Math.min(maxFileSize, Math.max(1, Math.round(size)));
  }

  /** Syncs every {@code 1/32} of the volume written, so that writeback never piles up. */
  private void syncNow() throws IOException {
    if (written - writtenAtSync >= syncEvery) {
      churn.sync();
      writtenAtSync = written;
    }
  }

  /** Quiesces and reads statfs: what the filesystem itself spends beyond the files' blocks. */
  private void resync() throws IOException {
    churn.quiesce();
    base = churn.usedBytes() - allocated;
    writtenAtSync = written;
  }

  private void checkCancelled() {
    if (cancelled.getAsBoolean()) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, spec.name() + " was cancelled");
    }
  }

  private static long blocks(long size) {
    return (size + BLOCK - 1) / BLOCK * BLOCK;
  }

  private FsBenchException failure(IOException e) {
    String message = String.valueOf(e.getMessage());
    if (message.contains("No space left")) {
      return new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          String.format(
              Locale.ROOT,
              "%s ran out of room keeping the volume %.0f%% full (%d files, %.2f volume sizes"
                  + " written): the filesystem needs more room beside its files than statfs"
                  + " showed; ask for a lower fullness",
              spec.name(),
              spec.fullness() * 100,
              files.live(),
              written / (double) Math.max(total, 1)),
          e);
    }
    return new FsBenchException(
        FsBenchException.Kind.RUN_FAILED, spec.name() + " failed: " + message, e);
  }
}
