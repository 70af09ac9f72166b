package io.fsbench.core.stats;

import io.fsbench.api.SetupTimes;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a job clone's result needs besides its measurements: names, options and times. Clones of one
 * job share everything but their times.
 *
 * @param name the job's name
 * @param groupid its reporting group
 * @param groupReporting whether clones of a group are reported as one (fio's {@code
 *     group_reporting})
 * @param options every effective option, in fio's spelling
 * @param percentiles the percentiles to report (fio's {@code percentile_list})
 * @param ioDepth the job's {@code iodepth}
 * @param jobStartMs when the clone started, ms since the epoch
 * @param elapsedSec seconds from the start of the run to the end of the clone
 * @param error the errno it failed with, 0 if none
 * @param ioMechanism how it did I/O, e.g. {@code psync}
 * @param setup the time spent preparing it
 * @param errors the I/O errors it counted, and whether one ended it
 * @param latencyProfile the depth its latency target settled on, and the target's settings
 */
public record JobInfo(
    String name,
    int groupid,
    boolean groupReporting,
    Map<String, String> options,
    List<Double> percentiles,
    int ioDepth,
    long jobStartMs,
    long elapsedSec,
    int error,
    String ioMechanism,
    SetupTimes setup,
    io.fsbench.api.JobErrors errors,
    io.fsbench.api.LatencyProfile latencyProfile) {

  /** A clone that counted no I/O error, without a latency target: its depth is its iodepth. */
  public JobInfo(
      String name,
      int groupid,
      boolean groupReporting,
      Map<String, String> options,
      List<Double> percentiles,
      int ioDepth,
      long jobStartMs,
      long elapsedSec,
      int error,
      String ioMechanism,
      SetupTimes setup) {
    this(
        name,
        groupid,
        groupReporting,
        options,
        percentiles,
        ioDepth,
        jobStartMs,
        elapsedSec,
        error,
        ioMechanism,
        setup,
        io.fsbench.api.JobErrors.NONE,
        io.fsbench.api.LatencyProfile.untargeted(ioDepth));
  }

  public JobInfo {
    Objects.requireNonNull(name, "name");
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    percentiles = List.copyOf(percentiles);
    if (percentiles.isEmpty() || percentiles.size() > 20) {
      throw new IllegalArgumentException(
          "job '" + name + "' has " + percentiles.size() + " percentiles; fio reports 1 to 20");
    }
    if (groupid < 0 || ioDepth < 1) {
      throw new IllegalArgumentException(
          "job '"
              + name
              + "': groupid ("
              + groupid
              + ") must be >= 0, iodepth ("
              + ioDepth
              + ") >= 1");
    }
    Objects.requireNonNull(ioMechanism, "ioMechanism");
    Objects.requireNonNull(setup, "setup");
    Objects.requireNonNull(errors, "errors");
    Objects.requireNonNull(latencyProfile, "latencyProfile");
  }
}
