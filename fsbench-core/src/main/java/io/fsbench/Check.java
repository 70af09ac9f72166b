package io.fsbench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Workload;
import java.util.List;
import java.util.Objects;

/**
 * One check of a {@link Qualification}: workloads to run and what is expected of them. Several
 * workloads must all be block jobs; they run one after the other as one run (a write then a read,
 * say), and a measure without a direction covers them all.
 *
 * <pre>{@code
 * Check random = Check.of("randwrite-4k", Workloads.named("randwrite-4k", Map.of()),
 *     Measure.iops().atLeast(50_000), Measure.iops().plausibleBetween(50, 5_000_000));
 * }</pre>
 *
 * @param name the check's name: lower-case letters, digits, '_', '+' and '-' (no dot, so that
 *     {@code NAME.METRIC} reads back on the command line)
 * @param workloads what runs, at least one
 * @param expectations what is expected; none makes a check that only measures
 */
public record Check(String name, List<Workload> workloads, List<Expectation> expectations) {

  public Check {
    if (name == null || !name.matches("[a-z0-9][a-z0-9_+-]*")) {
      throw new InvalidInputException(
          "check name ("
              + name
              + ") must be lower-case letters, digits, '_', '+' or '-', e.g. randwrite-4k");
    }
    workloads = List.copyOf(workloads);
    expectations = List.copyOf(expectations);
    if (workloads.isEmpty()) {
      throw new InvalidInputException("check " + name + " has no workload; give one");
    }
    if (workloads.size() > 1 && !workloads.stream().allMatch(w -> w.spec() instanceof JobSpec)) {
      throw new InvalidInputException(
          "check "
              + name
              + " runs several workloads, which must all be block jobs; make a check of each");
    }
    for (Expectation e : expectations) {
      Objects.requireNonNull(e, "expectation").measure().requireIn(name, workloads);
    }
  }

  public static Check of(String name, Workload workload, Expectation... expectations) {
    return new Check(name, List.of(workload), List.of(expectations));
  }

  /** This check with more expectations, e.g. a stricter bound or a band of one's own. */
  public Check expecting(Expectation... more) {
    List<Expectation> all = new java.util.ArrayList<>(expectations);
    all.addAll(List.of(more));
    return new Check(name, workloads, all);
  }

  /** This check with other expectations in place of its own. */
  public Check expectingOnly(List<Expectation> replacement) {
    return new Check(name, workloads, replacement);
  }
}
