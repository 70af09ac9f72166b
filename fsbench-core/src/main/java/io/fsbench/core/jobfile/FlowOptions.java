package io.fsbench.core.jobfile;

import io.fsbench.api.Flow;
import io.fsbench.api.InvalidInputException;
import java.time.Duration;

/**
 * fio's flow options for {@link JobOptionParser}: {@code flow} (the weight), {@code flow_id} and
 * {@code flow_sleep} (microseconds, a whole number as fio's integer option). {@code flow_watermark}
 * is accepted and changes nothing, as in fio 3.33, which marks it deprecated and ignores it.
 */
final class FlowOptions {

  private int id;
  private int weight;
  private long sleepMicros;

  void apply(String key, String value) {
    int v = FioValues.integer(key, value);
    switch (key) {
      case "flow" -> {
        if (v < 0 || v > Flow.MAX_WEIGHT) {
          throw new InvalidInputException(
              "flow (" + value + ") must be a weight from 0 to " + Flow.MAX_WEIGHT + ", e.g. 8");
        }
        weight = v;
      }
      case "flow_id" -> {
        if (v < 0) {
          throw new InvalidInputException("flow_id (" + value + ") must not be negative");
        }
        id = v;
      }
      case "flow_sleep" -> {
        if (v < 0) {
          throw new InvalidInputException(
              "flow_sleep (" + value + ") must be microseconds, 0 or more, e.g. 1000");
        }
        sleepMicros = v;
      }
      case "flow_watermark" -> {} // deprecated in fio: accepted, no effect (docs/measurement.md)
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  Flow build() {
    return new Flow(id, weight, Duration.ofNanos(sleepMicros * 1000));
  }
}
