package io.fsbench.api;

import java.time.Duration;
import java.util.Objects;

/**
 * fio's {@code flow}, {@code flow_id} and {@code flow_sleep}: jobs of one flow id that run at the
 * same time issue I/Os in the ratio of their weights. Before each I/O a job is held back while its
 * share of the flow's I/Os is above its share of the weights (fio's {@code flow.c}), sleeping
 * {@code sleep} each time it is (after the I/Os in flight complete), or trying again at once.
 *
 * <pre>{@code
 * // fio's flow example: the reader issues eight I/Os for each of the writer's
 * JobSpec writer = JobSpec.seqWrite(Size.kib(8)).flow(Flow.weight(1)).build();
 * JobSpec reader = JobSpec.randRead(Size.kib(8)).flow(Flow.weight(8)).build();
 * }</pre>
 *
 * @param id the flow the job belongs to (fio's {@code flow_id}, default 0)
 * @param weight the job's weight, 1 to 1000; 0 for a job outside any flow (fio's default)
 * @param sleep how long a held-back job waits before it tries again (fio's {@code flow_sleep});
 *     zero to try again at once
 */
public record Flow(int id, int weight, Duration sleep) {

  /** fio's default: the job is in no flow. */
  public static final Flow NONE = new Flow(0, 0, Duration.ZERO);

  /** fio's FLOW_MAX_WEIGHT. */
  public static final int MAX_WEIGHT = 1000;

  public Flow {
    Objects.requireNonNull(sleep, "sleep");
    if (weight < 0 || weight > MAX_WEIGHT) {
      throw new InvalidInputException(
          "flow (" + weight + ") must be a weight from 0 (no flow) to " + MAX_WEIGHT + ", e.g. 8");
    }
    if (id < 0) {
      throw new InvalidInputException("flow_id (" + id + ") must not be negative");
    }
    if (sleep.isNegative()) {
      throw new InvalidInputException("flow_sleep (" + sleep + ") must not be negative");
    }
  }

  /** Weight {@code weight} in flow 0, trying again at once when held back. */
  public static Flow weight(int weight) {
    return new Flow(0, weight, Duration.ZERO);
  }

  /** Whether the job takes part in a flow. */
  public boolean isSet() {
    return weight > 0;
  }
}
