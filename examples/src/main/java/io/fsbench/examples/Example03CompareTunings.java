package io.fsbench.examples;

import static io.fsbench.api.Size.kib;
import static io.fsbench.api.Size.mib;

import io.fsbench.FsBench;
import io.fsbench.api.DataMode;
import io.fsbench.api.RunResult;
import io.fsbench.api.Tuning;
import java.time.Duration;

/**
 * Example 3: the same job on ext4 with its defaults and with {@code data=writeback,noatime}. Each
 * run makes its own volume, tuned as asked; what was actually applied (mount options read back from
 * the kernel) is in each result's {@code volume()}.
 */
public final class Example03CompareTunings {

  private Example03CompareTunings() {}

  /** Both runs, defaults first. */
  public record Results(RunResult defaults, RunResult writeback) {
    /** How many times the tuned volume's IOPS the default one's are. */
    public double ratio() {
      return writeback.jobs().get(0).write().iops() / defaults.jobs().get(0).write().iops();
    }
  }

  public static Results run() {
    Tuning writeback = Tuning.builder().dataMode(DataMode.WRITEBACK).atime(false).build();
    return new Results(syncedRandomWrites(Tuning.defaults()), syncedRandomWrites(writeback));
  }

  /** 4k random writes with an fsync every 16 writes, where the journal mode shows. */
  private static RunResult syncedRandomWrites(Tuning tuning) {
    return FsBench.on("ext4")
        .tuned(tuning)
        .randWrite(kib(4))
        .size(mib(64))
        .fsync(16)
        .runtime(Duration.ofSeconds(2))
        .timeBased()
        .run();
  }

  public static void main(String[] args) {
    Results results = run();
    for (RunResult r : new RunResult[] {results.defaults(), results.writeback()}) {
      System.out.printf(
          "ext4 %-30s %8.0f IOPS  (mounted %s)%n",
          r.volume().tuning().label(), r.jobs().get(0).write().iops(), r.volume().mountOptions());
    }
    System.out.printf("writeback / defaults: %.2fx%n", results.ratio());
  }
}
