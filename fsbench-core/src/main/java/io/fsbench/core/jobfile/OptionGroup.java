package io.fsbench.core.jobfile;

/** The sections of {@code docs/fio-options.md} and of the help: what an option is about. */
public enum OptionGroup {
  JOB("Job, I/O pattern and engine"),
  FILES("Sizes, files and directories"),
  OFFSETS("Offsets, zones and random offsets"),
  RUN("Run length and syncs"),
  CONTENT("Buffer contents"),
  RATES("Rates and pacing"),
  VERIFY("Verify"),
  MEASUREMENT("Latency, percentiles and averages"),
  LOGS("Log files"),
  STEADY_STATE("Steady state"),
  CPUS("CPUs and NUMA"),
  PRIORITY("I/O priorities"),
  SUBMISSION("Submission and latency target"),
  FLOW("Flow between jobs"),
  SCHEDULING("Scheduling, reporting and exit"),
  ERRORS("Errors");

  private final String title;

  OptionGroup(String title) {
    this.title = title;
  }

  /** The section's heading, e.g. {@code Log files}. */
  public String title() {
    return title;
  }
}
