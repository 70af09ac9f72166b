package io.fsbench;

import io.fsbench.api.CpuResult;
import io.fsbench.api.DirectionResult;
import io.fsbench.api.JobResult;
import io.fsbench.api.SetupTimes;
import io.fsbench.api.SyncResult;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.jobfile.JobFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Stands in for the block engine: records what it was asked to run and where, writes a file into
 * the run directory (as a job lays out its files), and returns one empty result per job.
 */
final class FakeBlockJobs implements Session.BlockJobs {

  final List<List<JobFile.Job>> calls = new ArrayList<>();
  final List<Path> directories = new ArrayList<>();
  final List<Boolean> hadVolume = new ArrayList<>();
  RuntimeException failure;

  @Override
  public List<JobResult> run(
      List<JobFile.Job> jobs,
      WorkloadContext context,
      io.fsbench.core.engine.block.RunStatus.Every status) {
    calls.add(jobs);
    directories.add(context.directory());
    hadVolume.add(context.volume().isPresent());
    try (var entries = Files.list(context.directory())) {
      if (entries.findAny().isPresent()) {
        throw new AssertionError("the run directory is not empty: " + context.directory());
      }
      Files.writeString(context.directory().resolve("job.0.0"), "laid out");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (failure != null) {
      throw failure;
    }
    return jobs.stream().map(job -> result(job.spec().name(), job.groupId())).toList();
  }

  List<JobFile.Job> lastJobs() {
    return calls.get(calls.size() - 1);
  }

  static JobResult result(String name, int group) {
    return new JobResult(
        name,
        group,
        1,
        0,
        0,
        1,
        java.util.Map.of("name", name),
        DirectionResult.NONE,
        DirectionResult.NONE,
        DirectionResult.NONE,
        SyncResult.NONE,
        1000,
        CpuResult.NONE,
        1,
        JobResult.zeros(JobResult.IODEPTH_LEVEL_KEYS),
        JobResult.zeros(JobResult.IODEPTH_SUBMIT_KEYS),
        JobResult.zeros(JobResult.IODEPTH_SUBMIT_KEYS),
        JobResult.zeros(JobResult.LATENCY_NS_KEYS),
        JobResult.zeros(JobResult.LATENCY_NS_KEYS),
        JobResult.zeros(JobResult.LATENCY_MS_KEYS),
        "psync",
        SetupTimes.NONE);
  }
}
