package io.fsbench.examples;

import static io.fsbench.api.Size.kib;
import static io.fsbench.api.Size.mib;

import io.fsbench.FsBench;
import io.fsbench.api.DirectionResult;
import io.fsbench.api.RunResult;
import java.time.Duration;

/**
 * Example 1: one job on a fresh volume. {@code FsBench.on("ext4")} makes an ext4 filesystem on a
 * loop image when the job runs and destroys it afterwards; the job's options are fio's. Needs root.
 *
 * <p>Run it: {@code java -m io.fsbench.examples/io.fsbench.examples.Example01RandomWrite}
 */
public final class Example01RandomWrite {

  private Example01RandomWrite() {}

  /** 4 KiB random writes over 64 MiB for two seconds: fio's {@code rw=randwrite bs=4k}. */
  public static RunResult run() {
    return FsBench.on("ext4")
        .randWrite(kib(4))
        .size(mib(64))
        .runtime(Duration.ofSeconds(2))
        .timeBased()
        .run();
  }

  public static void main(String[] args) {
    RunResult result = run();
    DirectionResult write = result.jobs().get(0).write();
    System.out.printf(
        "ext4 4k random write: %.0f IOPS, %d KiB/s, p99 completion latency %d us%n",
        write.iops(), write.bwBytes() / 1024, write.clat().percentile(99.0).orElseThrow() / 1000);
  }
}
