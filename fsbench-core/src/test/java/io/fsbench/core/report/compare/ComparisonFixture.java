package io.fsbench.core.report.compare;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Availability;
import io.fsbench.api.CacheState;
import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.Compression;
import io.fsbench.api.Environment;
import io.fsbench.api.Feature;
import io.fsbench.api.Metric;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.RepetitionPolicy;
import io.fsbench.api.Size;
import io.fsbench.api.SkippedFileSystem;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Unit;
import io.fsbench.api.VolumePolicy;
import io.fsbench.core.compare.CellRecorder;
import io.fsbench.core.compare.ComparisonRecorder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * A fixed comparison of ext4 (the baseline), XFS and Btrfs (defaults and zstd) on three workloads,
 * with ZFS skipped, one failed cell and one noisy cell, built through the recorder the way a runner
 * builds it. Every writer's golden file is rendered from it.
 */
public final class ComparisonFixture {

  public static final Instant START = Instant.parse("2025-03-01T12:00:00Z");
  public static final Tuning ZSTD =
      Tuning.builder().compression(Compression.parse("zstd:3")).build();
  private static final double MIB = 1024 * 1024;

  private ComparisonFixture() {}

  /** A clock that moves one second further at every reading, so that times are deterministic. */
  public static final class StepClock extends Clock {
    private Instant now;

    public StepClock(Instant start) {
      this.now = start;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public synchronized Instant instant() {
      Instant current = now;
      now = now.plusSeconds(1);
      return current;
    }
  }

  public static ComparisonSettings settings() {
    return ComparisonSettings.builder()
        .repetitions(RepetitionPolicy.fixed(3))
        .cache(CacheState.COLD_DROP_CACHES)
        .volumes(VolumePolicy.FRESH_PER_CELL)
        .runtime(Duration.ofSeconds(10))
        .target(Target.loop(Size.gib(2)))
        .baseline("ext4")
        .build();
  }

  public static Environment environment() {
    return new Environment(
        "6.1.0-18-amd64",
        "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz",
        2,
        24L * 1024 * 1024 * 1024,
        "0.1.0",
        Map.of(
            "mkfs.ext4", "1.47.0",
            "mkfs.xfs", "6.1.0",
            "btrfs-progs", "6.2",
            "fio", "3.33",
            "java", "17.0.15+6"),
        "bench1",
        START.minusSeconds(5));
  }

  public static List<PluginInfo> plugins() {
    return List.of(
        plugin(
            "ext4",
            "ext4: the default Linux filesystem, journaled",
            Availability.available(),
            EnumSet.of(
                Feature.JOURNAL, Feature.DIRECT_IO, Feature.METADATA_CHECKSUMS, Feature.IN_KERNEL),
            Size.parse("16t")),
        plugin(
            "xfs",
            "XFS: journaling filesystem for large files and parallel I/O",
            Availability.available(),
            EnumSet.of(
                Feature.JOURNAL,
                Feature.DIRECT_IO,
                Feature.METADATA_CHECKSUMS,
                Feature.REFLINK,
                Feature.IN_KERNEL),
            Size.bytes(Long.MAX_VALUE)),
        plugin(
            "btrfs",
            "Btrfs: copy-on-write with checksums, snapshots and compression",
            Availability.available(),
            EnumSet.of(
                Feature.COMPRESSION,
                Feature.SNAPSHOTS,
                Feature.DATA_CHECKSUMS,
                Feature.METADATA_CHECKSUMS,
                Feature.COPY_ON_WRITE,
                Feature.REFLINK,
                Feature.DIRECT_IO,
                Feature.IN_KERNEL),
            Size.bytes(Long.MAX_VALUE)),
        plugin(
            "zfs",
            "ZFS: pooled copy-on-write storage with checksums",
            Availability.unavailable(
                "the zfs kernel module is not loaded", "apt-get install zfsutils-linux"),
            EnumSet.of(
                Feature.COMPRESSION,
                Feature.SNAPSHOTS,
                Feature.DATA_CHECKSUMS,
                Feature.METADATA_CHECKSUMS,
                Feature.COPY_ON_WRITE,
                Feature.JOURNAL),
            Size.bytes(Long.MAX_VALUE)));
  }

  private static PluginInfo plugin(
      String id, String description, Availability availability, EnumSet<Feature> f, Size max) {
    return new PluginInfo(id, description, availability, f, max, Map.of(), List.of(), Map.of());
  }

  public static Comparison comparison() {
    StepClock clock = new StepClock(START);
    ComparisonRecorder recorder =
        new ComparisonRecorder(
            settings(), environment(), plugins(), clock, ComparisonListener.none());
    recorder.skipped(
        new SkippedFileSystem(
            "zfs", "the zfs kernel module is not loaded", "apt-get install zfsutils-linux"));
    recorder.workingSet("randwrite-4k", Size.gib(1).bytes());

    randWrite(recorder.cell(cell("ext4", Tuning.defaults(), "randwrite-4k"), randParams()), clock)
        .runs(new double[] {12300, 12430, 12560}, new double[] {81000, 80200, 79500});
    randWrite(recorder.cell(cell("xfs", Tuning.defaults(), "randwrite-4k"), randParams()), clock)
        .runs(new double[] {13150, 13300, 13420}, new double[] {75100, 74900, 74500});
    randWrite(recorder.cell(cell("btrfs", Tuning.defaults(), "randwrite-4k"), randParams()), clock)
        .runs(new double[] {11900, 12500, 12200}, new double[] {83000, 79900, 81700});
    randWrite(recorder.cell(cell("btrfs", ZSTD, "randwrite-4k"), randParams()), clock)
        .runs(new double[] {9100, 9800, 8700}, new double[] {109000, 101500, 114300});

    seqWrite(recorder.cell(cell("ext4", Tuning.defaults(), "write-1m"), seqParams()), clock)
        .runs(480, 490, 500);
    seqWrite(recorder.cell(cell("xfs", Tuning.defaults(), "write-1m"), seqParams()), clock)
        .runs(505, 498, 512);
    seqWrite(recorder.cell(cell("btrfs", Tuning.defaults(), "write-1m"), seqParams()), clock)
        .runs(430, 470, 450);
    seqWrite(recorder.cell(cell("btrfs", ZSTD, "write-1m"), seqParams()), clock)
        .runs(610, 640, 590);

    fsMark(recorder.cell(cell("ext4", Tuning.defaults(), "fsmark"), fsMarkParams()), clock)
        .runs(2100, 2050, 2150);
    fsMark(recorder.cell(cell("xfs", Tuning.defaults(), "fsmark"), fsMarkParams()), clock)
        .runs(1800, 1850, 1790);
    fsMark(recorder.cell(cell("btrfs", Tuning.defaults(), "fsmark"), fsMarkParams()), clock)
        .runs(1300, 1700, 1600);
    CellRecorder failing = recorder.cell(cell("btrfs", ZSTD, "fsmark"), fsMarkParams());
    fsMark(failing, clock).runs(1450);
    failing.failed("write failed: No space left on device (ENOSPC) in run 2");
    return recorder.finish();
  }

  private static CellId cell(String fs, Tuning tuning, String workload) {
    return new CellId(fs, tuning, workload);
  }

  private static Map<String, String> randParams() {
    return Map.of("rw", "randwrite", "bs", "4k", "size", "1g", "iodepth", "1", "direct", "0");
  }

  private static Map<String, String> seqParams() {
    return Map.of("rw", "write", "bs", "1m", "size", "1g", "direct", "1", "end_fsync", "1");
  }

  private static Map<String, String> fsMarkParams() {
    return Map.of("files", "10000", "file_size", "50k", "sync", "fsync before close");
  }

  static AppliedTuning applied(String fs, Tuning tuning) {
    return switch (fs) {
      case "ext4" ->
          new AppliedTuning(
              "ext4",
              "rw,relatime",
              List.of("mkfs.ext4 -F -q /dev/loop0"),
              Map.of("features", "has_journal ext_attr resize_inode dir_index extent 64bit"),
              tuning);
      case "xfs" ->
          new AppliedTuning(
              "xfs",
              "rw,relatime,attr2,inode64,logbufs=8,logbsize=32k,noquota",
              List.of("mkfs.xfs -f -q /dev/loop1"),
              Map.of("crc", "1", "reflink", "1"),
              tuning);
      default ->
          new AppliedTuning(
              "btrfs",
              tuning.isDefault()
                  ? "rw,relatime,ssd,space_cache=v2,subvolid=5,subvol=/"
                  : "rw,relatime,compress=zstd:3,ssd,space_cache=v2,subvolid=5,subvol=/",
              List.of("mkfs.btrfs -f -q /dev/loop2"),
              Map.of("data_profile", "single", "metadata_profile", "DUP"),
              tuning);
    };
  }

  /** Feeds one cell's runs: each run's headline first, then the other metrics. */
  record Runs(CellRecorder cell, StepClock clock, String kind) {
    void runs(double... headline) {
      runs(headline, null);
    }

    void runs(double[] headline, double[] latencies) {
      cell.applied(applied(cell.id().fileSystem(), cell.id().tuning()));
      for (int i = 0; i < headline.length; i++) {
        Instant start = clock.instant();
        cell.measured(
            result(headline[i], latencies == null ? 0 : latencies[i]),
            start,
            Duration.ofSeconds(12));
      }
      cell.finished();
    }

    private SimpleResult result(double headline, double latency) {
      String workload = cell.id().workload();
      List<Metric> metrics = new ArrayList<>();
      switch (kind) {
        case "rand" -> {
          metrics.add(Metric.of("write.iops", headline, Unit.IOPS));
          metrics.add(Metric.of("write.bw", headline * 4096, Unit.BYTES_PER_SEC));
          metrics.add(Metric.of("write.clat.mean", latency, Unit.NANOSECONDS));
        }
        case "seq" -> {
          metrics.add(Metric.of("write.bw", headline * MIB, Unit.BYTES_PER_SEC));
          metrics.add(Metric.of("write.iops", headline, Unit.IOPS));
        }
        default -> {
          metrics.add(Metric.of("create.files_per_sec", headline, Unit.FILES_PER_SEC));
          metrics.add(Metric.of("elapsed", 10000 / headline, Unit.SECONDS));
        }
      }
      return new SimpleResult(workload, metrics);
    }
  }

  private static Runs randWrite(CellRecorder cell, StepClock clock) {
    return new Runs(cell, clock, "rand");
  }

  private static Runs seqWrite(CellRecorder cell, StepClock clock) {
    return new Runs(cell, clock, "seq");
  }

  private static Runs fsMark(CellRecorder cell, StepClock clock) {
    return new Runs(cell, clock, "fsmark");
  }
}
