package io.fsbench;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a {@link Qualification} found: one outcome for the whole, and each check's with the values
 * behind it.
 *
 * <pre>{@code
 * Verdict verdict = qualification.run();
 * if (verdict.outcome() != Verdict.Outcome.PASS) {
 *   verdict.checks().forEach(c -> System.err.println(c.name() + ": " + c.outcome() + " " + c.reason()));
 * }
 * }</pre>
 *
 * @param outcome FAIL when a check failed; else INCONCLUSIVE when one was; else PASS
 * @param checks each check's result, in the order they were given
 * @param budget the time the qualification was given
 * @param elapsed the time it took, from start to the last resource released
 */
public record Verdict(
    Outcome outcome, List<CheckResult> checks, Duration budget, Duration elapsed) {

  /** The outcome of a check or of a whole qualification. */
  public enum Outcome {
    /** Every requirement was met by a plausible result. */
    PASS,
    /** A requirement was missed by a plausible result. */
    FAIL,
    /**
     * Nothing can be said: the result was implausible, could not be measured, or the check was
     * cancelled, stopped at the deadline or not run for want of time.
     */
    INCONCLUSIVE
  }

  public Verdict {
    Objects.requireNonNull(outcome, "outcome");
    checks = List.copyOf(checks);
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(elapsed, "elapsed");
  }

  /** The overall outcome of these checks: FAIL over INCONCLUSIVE over PASS. */
  static Outcome of(List<CheckResult> checks) {
    if (checks.stream().anyMatch(c -> c.outcome() == Outcome.FAIL)) {
      return Outcome.FAIL;
    }
    if (checks.isEmpty() || checks.stream().anyMatch(c -> c.outcome() == Outcome.INCONCLUSIVE)) {
      return Outcome.INCONCLUSIVE;
    }
    return Outcome.PASS;
  }

  /** Whether every check passed. */
  public boolean passed() {
    return outcome == Outcome.PASS;
  }
}
