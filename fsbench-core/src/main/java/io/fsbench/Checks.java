package io.fsbench;

import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Size;
import java.time.Duration;
import java.util.List;

/**
 * Ready-made checks for the common questions an installer asks of a disk. Each carries its
 * requirement and a plausibility band; change either with {@link Check#expecting} or {@link
 * Check#expectingOnly}.
 *
 * <pre>{@code
 * Verdict verdict = Qualification.on("xfs", Target.device(dev, consent))
 *     .check(Checks.etcdFdatasync())
 *     .check(Checks.database())
 *     .within(Duration.ofMinutes(2))
 *     .run();
 * }</pre>
 */
public final class Checks {

  private Checks() {}

  /**
   * Whether the disk can hold etcd's write-ahead log: the job etcd's documentation gives
   * (sequential writes of 2300 bytes, each followed by fdatasync, 22 MiB, one synchronous job),
   * passing when the 99th percentile of fdatasync is at most 10 ms. A p99 below 1 us means the
   * syncs reached no device (tmpfs, a cache that drops flushes): inconclusive, not a pass.
   */
  public static Check etcdFdatasync() {
    JobSpec job =
        JobSpec.seqWrite(Size.bytes(2300))
            .name("fdatasync")
            .size(Size.mib(22))
            .fdatasync(1)
            .ioEngine(IoEngine.PSYNC)
            .build();
    Measure p99 = Measure.syncPercentile(99);
    return Check.of(
        "fdatasync",
        job,
        p99.atMost(Duration.ofMillis(10)),
        p99.plausibleBetween(Duration.ofNanos(1_000), Duration.ofSeconds(10)));
  }

  /**
   * A database's I/O: 4 KiB random reads and writes, 70 % reads, one synchronous job for 10 s on a
   * 256 MiB file, passing when the worse of the read and write p99 completion latencies is at most
   * 10 ms; IOPS outside 10 to 10 million are not believed.
   */
  public static Check database() {
    JobSpec job =
        JobSpec.randReadWrite(Size.kib(4))
            .name("database")
            .rwMixRead(70)
            .size(Size.mib(256))
            .runtime(Duration.ofSeconds(10))
            .timeBased()
            .build();
    return Check.of(
        "database",
        job,
        Measure.latencyPercentile(99).atMost(Duration.ofMillis(10)),
        Measure.iops().plausibleBetween(10, 10_000_000));
  }

  /**
   * Streaming: 1 MiB sequential writes for 10 s, then 1 MiB sequential reads for 10 s, of 256 MiB
   * files, passing when each direction moves at least 50 MiB/s; rates above 100 GiB/s are not
   * believed.
   */
  public static Check streaming() {
    JobSpec write =
        JobSpec.seqWrite(Size.mib(1))
            .name("streaming-write")
            .size(Size.mib(256))
            .runtime(Duration.ofSeconds(10))
            .timeBased()
            .build();
    JobSpec read =
        write.toBuilder().rw(io.fsbench.api.ReadWrite.READ).name("streaming-read").build();
    double floor = 50.0 * 1024 * 1024;
    double ceiling = 100.0 * 1024 * 1024 * 1024;
    return new Check(
        "streaming",
        List.of(write, read),
        List.of(
            Measure.bw(Measure.Direction.WRITE).atLeast(floor),
            Measure.bw(Measure.Direction.READ).atLeast(floor),
            Measure.bw(Measure.Direction.WRITE).plausibleBetween(1, ceiling),
            Measure.bw(Measure.Direction.READ).plausibleBetween(1, ceiling)));
  }

  /**
   * A ready-made check by its name: {@code fdatasync} (or {@code etcd}), {@code database}, {@code
   * streaming}; empty for others.
   */
  public static java.util.Optional<Check> named(String name) {
    Check check =
        switch (name) {
          case "fdatasync", "etcd" -> etcdFdatasync();
          case "database" -> database();
          case "streaming" -> streaming();
          default -> null;
        };
    return java.util.Optional.ofNullable(check)
        .map(c -> new Check(name, c.workloads(), c.expectations()));
  }
}
