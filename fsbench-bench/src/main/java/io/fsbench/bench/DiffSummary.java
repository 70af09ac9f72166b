package io.fsbench.bench;

import java.util.List;

/**
 * Every case of one seed that a differential harness ({@link BonnieDiff}, {@link DdDiff}) ran with
 * the C tool and with fsbench, and what disagreed: what the harness prints last and exits on.
 *
 * @param seed the seed the cases were drawn from
 * @param tool the C tool, as the summary names it ({@code bonnie++}, {@code GNU dd})
 * @param results every case's result, in the order they ran
 */
record DiffSummary<S>(long seed, String tool, List<DiffSummary.Case<S>> results) {

  /** One case and what disagreed, empty when both sides agree. */
  record Case<S>(S spec, List<String> problems) {

    /** The harness's log line for the case: agree or DISAGREE, its command, its problems. */
    String logLine(List<String> command) {
      return (problems.isEmpty() ? "agree     " : "DISAGREE  ")
          + String.join(" ", command)
          + (problems.isEmpty() ? "" : "\n  " + String.join("\n  ", problems));
    }
  }

  DiffSummary {
    results = List.copyOf(results);
  }

  List<Case<S>> problems() {
    return results.stream().filter(r -> !r.problems().isEmpty()).toList();
  }

  @Override
  public String toString() {
    return "seed "
        + seed
        + ", "
        + results.size()
        + " cases: "
        + (results.size() - problems().size())
        + " agree with "
        + tool
        + ", "
        + problems().size()
        + " disagree";
  }
}
