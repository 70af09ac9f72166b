package io.fsbench.junit;

import io.fsbench.api.JobResult;
import io.fsbench.api.RunResult;
import io.fsbench.api.VolumeInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The parameters of a run as a failure message ends: workload, filesystem, tuning, options. */
final class RunDescription {

  private RunDescription() {}

  /**
   * Two or three lines: {@code run: randwrite-4k on xfs, tuning atime=off, mount options rw,...},
   * the job's main options or the workload's parameters.
   *
   * @param job the job expectations are about, or null
   */
  static String of(RunResult run, JobResult job) {
    VolumeInfo volume = run.volume();
    StringBuilder text =
        new StringBuilder("  run: ")
            .append(run.workload())
            .append(" on ")
            .append(fileSystem(volume))
            .append(", tuning ")
            .append(volume.tuning().label())
            .append(", mount options ")
            .append(volume.mountOptions().isEmpty() ? "(none)" : volume.mountOptions())
            .append(" at ")
            .append(volume.mountPoint());
    if (job != null) {
      text.append("\n  job: ").append(job.jobname()).append(": ").append(options(job.options()));
    } else if (!run.parameters().isEmpty()) {
      text.append("\n  parameters: ").append(all(run.parameters()));
    }
    return text.toString();
  }

  /** The plugin id, or for a directory target (a run in a volume's mount point) its type. */
  private static String fileSystem(VolumeInfo volume) {
    String type = volume.applied().fileSystemType();
    return volume.target().formats() || type.isEmpty()
        ? volume.fileSystem()
        : type + " (a directory on it)";
  }

  private static String options(Map<String, String> options) {
    List<String> shown = new ArrayList<>();
    for (String key : JobResult.DESCRIBING_OPTIONS) {
      String value = options.get(key);
      if (value != null && !isDefault(key, value, options)) {
        shown.add(key + "=" + value);
      }
    }
    return shown.isEmpty() ? all(options) : String.join(" ", shown);
  }

  /** Whether an option is at a default that says nothing about this job, e.g. {@code fsync=0}. */
  private static boolean isDefault(String key, String value, Map<String, String> options) {
    return switch (key) {
      case "rwmixread" -> !options.getOrDefault("rw", "").contains("rw");
      case "nrfiles" -> value.equals("1");
      case "fsync", "fdatasync", "time_based" -> value.equals("0");
      case "runtime" -> value.equals("0") || value.equals("0s");
      default -> false;
    };
  }

  private static String all(Map<String, String> map) {
    List<String> parts = new ArrayList<>();
    map.forEach((key, value) -> parts.add(key + "=" + value));
    return String.join(" ", parts);
  }
}
