package io.fsbench.core.jobfile;

import io.fsbench.api.FileHandling;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.StatType;

/**
 * The options of fio's file engines ({@code stat_type} of {@code filestat}) for {@link
 * JobOptionParser}, which hands it the keys whose row in {@link FioOptionTable} names it. As in
 * fio, an engine's option is only known once that engine is chosen, so it is checked against the
 * job's final engine.
 */
final class EngineOptions {

  private StatType statType = StatType.STAT;
  private boolean statTypeGiven;

  void apply(String key, String value) {
    if (!key.equals("stat_type")) {
      throw new IllegalStateException("option '" + key + "' has no handler");
    }
    statType = StatType.parse(value);
    statTypeGiven = true;
  }

  /** The job's file handling with these options, for a job run with {@code engine}. */
  FileHandling build(FileHandling files, IoEngine engine) {
    if (statTypeGiven && engine != IoEngine.FILESTAT) {
      // fio only knows an engine's options once the engine is loaded: elsewhere it is unknown
      throw new InvalidInputException(
          "stat_type is an option of ioengine=filestat, and this job's ioengine is "
              + engine.name().toLowerCase(java.util.Locale.ROOT)
              + "; give ioengine=filestat or drop stat_type");
    }
    return files.statType(statType);
  }
}
