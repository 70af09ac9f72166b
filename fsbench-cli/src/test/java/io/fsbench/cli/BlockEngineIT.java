package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.FsBench;
import io.fsbench.api.Feature;
import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.VerifyMethod;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.engine.block.BlockEngine;
import io.fsbench.core.jobfile.FioOptionTable;
import io.fsbench.core.jobfile.JobFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The block engine on a real volume of each filesystem: buffered, verified and queued I/O. */
class BlockEngineIT {

  @ParameterizedTest
  @ValueSource(strings = {"ext4", "xfs", "btrfs", "zfs"})
  void runsBufferedVerifiedAndQueuedJobs(String fs) throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")), "needs root for loop devices");
    FsBench fsbench = FsBench.defaults();
    PluginInfo plugin =
        fsbench.plugins().stream().filter(p -> p.id().equals(fs)).findFirst().orElseThrow();
    assumeTrue(plugin.availability().isAvailable(), fs + ": " + plugin.availability());
    try (Volume volume = fsbench.volume(fs, Target.loop(Size.mib(512)), Tuning.defaults())) {
      Path dir = Files.createDirectory(volume.mountPoint().resolve("fsbench-engine-it"));
      JobSpec write =
          JobSpec.randWrite(Size.kib(16))
              .name("verified")
              .size(Size.mib(16))
              .verify(VerifyMethod.CRC32C)
              .endFsync()
              .build();
      JobSpec read =
          JobSpec.seqRead(Size.kib(128))
              .name("timed")
              .size(Size.mib(32))
              .numJobs(2)
              .timeBased()
              .runtime(Duration.ofSeconds(1))
              .stonewall(true)
              .build();
      List<JobResult> results = run(dir, volume, write, read);

      assertThat(results.get(0).write().ioBytes()).isEqualTo(16L << 20);
      // as fio, the final fsync of end_fsync is in the runtime but neither counted nor timed
      assertThat(results.get(0).sync().lat().n()).isZero();
      assertThat(results.get(0).sync().totalIos()).isZero();
      assertThat(results.get(1).members()).isEqualTo(2);
      assertThat(results.get(1).read().ioBytes()).isGreaterThanOrEqualTo(64L << 20);

      if (plugin.features().contains(Feature.DIRECT_IO)) {
        JobSpec queued =
            JobSpec.randRead(Size.kib(4))
                .name("queued")
                .size(Size.mib(8))
                .ioDepth(8)
                .direct()
                .build();
        JobResult q = run(dir, volume, queued).get(0);
        assertThat(q.read().totalIos()).isEqualTo(2048);
        assertThat(q.ioMechanism()).isNotEqualTo("psync");
        // up to 8 in flight (refilled one submission at a time, as fio), never stuck at 1
        assertThat(q.iodepthLevel().get("8")).as("%s", q.iodepthLevel()).isPositive();
        assertThat(q.iodepthLevel().get("1")).as("%s", q.iodepthLevel()).isLessThan(50.0);
        assertThat(q.iodepthLevel().get("16")).as("%s", q.iodepthLevel()).isZero();
      }
    }
  }

  private static List<JobResult> run(Path dir, Volume volume, JobSpec... specs) {
    // each job its own reporting group, as a stonewall makes it in a job file
    List<JobFile.Job> jobs = new java.util.ArrayList<>();
    for (int i = 0; i < specs.length; i++) {
      jobs.add(new JobFile.Job(specs[i], i, true, FioOptionTable.effective(specs[i])));
    }
    return new BlockEngine().run(jobs, new RunContext(dir, volume, f -> {}, new AtomicBoolean()));
  }
}
