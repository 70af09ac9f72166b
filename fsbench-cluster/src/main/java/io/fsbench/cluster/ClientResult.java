package io.fsbench.cluster;

import io.fsbench.api.RunResult;
import java.util.Objects;

/**
 * What one client of a cluster run measured, and when, in the controller's clock (each agent's
 * times corrected by its measured clock offset).
 *
 * @param address the agent's cluster address, {@code host:port}
 * @param hostname the agent machine's name
 * @param run its result, as a single-host run reports it
 * @param startMicros when its I/O started, µs since the epoch, controller's clock
 * @param endMicros when its I/O ended, likewise
 * @param startedMicros when it began the run (the synchronized start), likewise
 * @param offsetMicros its clock minus the controller's, as measured
 * @param rttMicros the round trip of the best offset measurement, bounding the offset's error
 */
public record ClientResult(
    String address,
    String hostname,
    RunResult run,
    long startMicros,
    long endMicros,
    long startedMicros,
    long offsetMicros,
    long rttMicros) {

  public ClientResult {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(hostname, "hostname");
    Objects.requireNonNull(run, "run");
    if (endMicros < startMicros) {
      throw new IllegalArgumentException(
          "client "
              + address
              + " ended ("
              + endMicros
              + ") before it started ("
              + startMicros
              + ")");
    }
  }

  /** The bytes this client moved, all jobs and directions. */
  public long ioBytes() {
    return run.jobs().stream()
        .mapToLong(j -> j.read().ioBytes() + j.write().ioBytes() + j.trim().ioBytes())
        .sum();
  }

  /** Its bandwidth over its own window, bytes/s. */
  public double bandwidth() {
    long micros = endMicros - startMicros;
    return micros == 0 ? 0 : ioBytes() * 1e6 / micros;
  }
}
