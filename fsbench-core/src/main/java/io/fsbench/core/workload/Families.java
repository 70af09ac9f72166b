package io.fsbench.core.workload;

import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.core.engine.block.BlockJobRunner;
import io.fsbench.core.workload.aging.AgingRunner;
import io.fsbench.core.workload.bonnie.BonnieRunner;
import io.fsbench.core.workload.dd.DdRunner;
import io.fsbench.core.workload.filebench.FilebenchRunner;
import io.fsbench.core.workload.iozone.IozoneRunner;
import io.fsbench.core.workload.lifecycle.LifecycleRunner;
import io.fsbench.core.workload.metadata.FsMarkRunner;
import io.fsbench.core.workload.postmark.PostMarkRunner;
import io.fsbench.core.workload.randomio.RandomIoRunner;
import io.fsbench.core.workload.tree.LargeFileRunner;
import io.fsbench.core.workload.tree.TreeRunner;

/**
 * The workload families fsbench runs, one registration each. A new family is a package beside these
 * with its runner, and one line here.
 */
public final class Families {

  private Families() {}

  /** A registry of every family, with fresh runners. */
  public static WorkloadRunners standard() {
    return new WorkloadRunners()
        .register(new BlockJobRunner())
        .register(new FsMarkRunner())
        .register(new PostMarkRunner())
        .register(new TreeRunner())
        .register(new LargeFileRunner())
        .register(new LifecycleRunner())
        .register(new DdRunner())
        .register(new RandomIoRunner())
        .register(new BonnieRunner())
        .register(new IozoneRunner())
        .register(new FilebenchRunner())
        .register(new AgingRunner());
  }
}
