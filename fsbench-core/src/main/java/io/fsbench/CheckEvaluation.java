package io.fsbench;

import io.fsbench.api.JobResult;
import io.fsbench.api.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Judges one check's run: a value that could not be measured, or lies outside its plausibility
 * band, makes it INCONCLUSIVE (a result not to be believed neither passes nor fails); otherwise a
 * missed requirement makes it FAIL.
 */
final class CheckEvaluation {

  /** A check's outcome, its reason, and each expectation with its value. */
  record Judged(Verdict.Outcome outcome, String reason, List<CheckResult.Finding> findings) {}

  private CheckEvaluation() {}

  static Judged judge(Check check, RunResult run) {
    List<CheckResult.Finding> findings = new ArrayList<>();
    String inconclusive = "";
    String failed = "";
    for (JobResult job : run.jobs()) {
      if (job.error() != 0 && inconclusive.isEmpty()) {
        inconclusive = "job " + job.jobname() + " ended with I/O error " + job.error();
      }
    }
    for (Expectation expectation : check.expectations()) {
      MeasureReader.Reading reading = MeasureReader.read(expectation.measure(), run);
      if (!reading.present()) {
        findings.add(
            new CheckResult.Finding(expectation, OptionalDouble.empty(), false, reading.missing()));
        if (inconclusive.isEmpty()) {
          inconclusive = expectation.measure() + " could not be measured: " + reading.missing();
        }
        continue;
      }
      boolean met = expectation.test(reading.value());
      CheckResult.Finding finding =
          new CheckResult.Finding(expectation, OptionalDouble.of(reading.value()), met, "");
      findings.add(finding);
      if (met) {
        continue;
      }
      if (expectation.role() == Expectation.Role.PLAUSIBILITY) {
        if (inconclusive.isEmpty()) {
          inconclusive =
              "implausible result, not believed: "
                  + expectation.measure()
                  + " "
                  + finding.actualText()
                  + " is outside the plausible band "
                  + expectation.describeBound().substring(3);
        }
      } else if (failed.isEmpty()) {
        failed =
            expectation.measure()
                + " was "
                + finding.actualText()
                + ", expected "
                + expectation.describeBound();
      }
    }
    if (!inconclusive.isEmpty()) {
      return new Judged(Verdict.Outcome.INCONCLUSIVE, inconclusive, findings);
    }
    if (!failed.isEmpty()) {
      return new Judged(Verdict.Outcome.FAIL, failed, findings);
    }
    return new Judged(Verdict.Outcome.PASS, "", findings);
  }
}
