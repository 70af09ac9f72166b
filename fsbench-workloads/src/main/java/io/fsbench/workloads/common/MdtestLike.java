package io.fsbench.workloads.common;

import io.fsbench.spi.WorkloadCapability;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a workload that runs as mdtest does can do: phases a cluster's clients start together, an
 * early finish, one directory for every client (names tagged with the client's) and, in the phases
 * after the first, another client's files; its results write as CSV. fsmark and tree are.
 */
public final class MdtestLike {

  private MdtestLike() {}

  /** The capabilities of an mdtest-like family, a new set each time. */
  public static Set<WorkloadCapability> capabilities() {
    return EnumSet.of(
        WorkloadCapability.WRITES_CSV,
        WorkloadCapability.PHASES,
        WorkloadCapability.FINISHES_EARLY,
        WorkloadCapability.SHARES_DIRECTORY,
        WorkloadCapability.VISITS_NEIGHBOURS);
  }
}
