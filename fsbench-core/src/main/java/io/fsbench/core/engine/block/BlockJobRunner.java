package io.fsbench.core.engine.block;

import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.core.report.fio.FioOptions;
import java.util.List;

/** Runs one {@link JobSpec} as a comparison cell: its clones reported as one group. */
public final class BlockJobRunner implements WorkloadRunner<JobSpec> {

  private final BlockEngine engine = new BlockEngine();

  @Override
  public Class<JobSpec> specType() {
    return JobSpec.class;
  }

  @Override
  public JobResult run(JobSpec spec, WorkloadContext context) {
    JobFile.Job job = new JobFile.Job(spec, 0, true, FioOptions.effective(spec));
    List<JobResult> results = engine.run(List.of(job), context);
    return results.get(0);
  }
}
