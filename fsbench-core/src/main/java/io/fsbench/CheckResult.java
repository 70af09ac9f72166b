package io.fsbench;

import io.fsbench.api.Environment;
import io.fsbench.api.RunResult;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One check of a {@link Verdict}: its outcome, each expectation with the value measured, and the
 * run's parameters and environment.
 *
 * @param name the check's name
 * @param outcome its outcome
 * @param reason why, in a sentence: the first requirement missed, the implausible value, or why it
 *     did not finish; empty for a pass
 * @param findings each expectation with its actual value
 * @param parameters what ran: each job's main options, the runtime as sized to fit the budget
 * @param stoppedAtDeadline whether the budget's deadline cut the check short
 * @param elapsed how long the check took, setup included
 * @param run the run's full result; empty when the check did not finish
 */
public record CheckResult(
    String name,
    Verdict.Outcome outcome,
    String reason,
    List<Finding> findings,
    Map<String, String> parameters,
    boolean stoppedAtDeadline,
    Duration elapsed,
    Optional<RunResult> run) {

  /**
   * One expectation and what was measured.
   *
   * @param expectation what was expected
   * @param actual the value measured, in the measure's unit; empty when it could not be
   * @param met whether the value met the expectation
   * @param note why there is no value; empty otherwise
   */
  public record Finding(Expectation expectation, OptionalDouble actual, boolean met, String note) {
    public Finding {
      Objects.requireNonNull(expectation, "expectation");
      Objects.requireNonNull(actual, "actual");
      Objects.requireNonNull(note, "note");
    }

    /** The measured value as people read it, e.g. {@code 8.2 ms}; {@code -} when there is none. */
    public String actualText() {
      return actual.isPresent()
          ? Quantities.format(expectation.measure(), actual.getAsDouble())
          : "-";
    }

    /** {@code sync.p99: 8.2 ms <= 10 ms}, for reports. */
    @Override
    public String toString() {
      return (expectation.role() == Expectation.Role.PLAUSIBILITY ? "plausible " : "")
          + expectation.measure()
          + ": "
          + actualText()
          + " "
          + expectation.describeBound()
          + (note.isEmpty() ? "" : " (" + note + ")");
    }
  }

  public CheckResult {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(reason, "reason");
    findings = List.copyOf(findings);
    parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    Objects.requireNonNull(elapsed, "elapsed");
    Objects.requireNonNull(run, "run");
  }

  /** Where it ran: kernel, CPU, memory, tool versions; empty when it did not finish. */
  public Optional<Environment> environment() {
    return run.map(RunResult::environment);
  }
}
