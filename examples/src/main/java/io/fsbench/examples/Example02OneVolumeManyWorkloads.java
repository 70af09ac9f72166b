package io.fsbench.examples;

import static io.fsbench.api.Size.gib;
import static io.fsbench.api.Size.kib;
import static io.fsbench.api.Size.mib;

import io.fsbench.FsBench;
import io.fsbench.Session;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.RunResult;
import java.util.List;

/**
 * Example 2: several workloads on one volume. An {@linkplain Session#open() open} session makes its
 * volume on the first run, keeps it for the next ones and destroys it when closed; each run works
 * in a fresh directory of its own. Every run gives a {@link RunResult}: block jobs fio's results
 * ({@code jobs()}), other workloads (here PostMark) their own metrics, each with its unit.
 */
public final class Example02OneVolumeManyWorkloads {

  private Example02OneVolumeManyWorkloads() {}

  /** What the three runs measured. */
  public record Results(RunResult write, RunResult read, RunResult postmark) {}

  public static Results run() {
    try (Session xfs = FsBench.on("xfs").imageSize(gib(1)).open()) {
      RunResult write = xfs.seqWrite(kib(128)).size(mib(128)).endFsync().run();
      RunResult read = xfs.seqRead(kib(128)).size(mib(128)).run();
      RunResult postmark = xfs.run(PostMarkSpec.builder().files(500).transactions(2000).build());
      return new Results(write, read, postmark);
    }
  }

  public static void main(String[] args) {
    Results results = run();
    System.out.printf(
        "xfs 128k sequential write: %d MiB/s, read: %d MiB/s%n",
        results.write().jobs().get(0).write().bwBytes() >> 20,
        results.read().jobs().get(0).read().bwBytes() >> 20);
    for (var metric : results.postmark().result().metrics()) {
      if (List.of("transactions_per_sec", "seconds").contains(metric.name())) {
        System.out.printf(
            "postmark %s: %.1f %s%n", metric.name(), metric.value(), metric.unit().symbol());
      }
    }
  }
}
