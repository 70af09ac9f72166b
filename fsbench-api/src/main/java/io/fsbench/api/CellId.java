package io.fsbench.api;

import java.util.Objects;

/**
 * What names one cell of a comparison: a filesystem with a tuning running a workload.
 *
 * @param fileSystem the plugin id, e.g. {@code xfs}
 * @param tuning the tuning the volume was made with
 * @param workload the workload's name, e.g. {@code randwrite-4k}
 */
public record CellId(String fileSystem, Tuning tuning, String workload) {

  public CellId {
    Objects.requireNonNull(fileSystem, "fileSystem");
    Objects.requireNonNull(tuning, "tuning");
    Objects.requireNonNull(workload, "workload");
    if (fileSystem.isBlank()) {
      throw new IllegalArgumentException("a cell needs a filesystem id");
    }
    if (workload.isBlank()) {
      throw new IllegalArgumentException("a cell needs a workload name");
    }
  }

  /** {@code randwrite-4k on xfs (defaults)}, for progress lines and messages. */
  @Override
  public String toString() {
    return workload + " on " + fileSystem + " (" + tuning.label() + ")";
  }
}
