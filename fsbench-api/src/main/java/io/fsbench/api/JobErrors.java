package io.fsbench.api;

/**
 * The I/O errors a job counted, as fio's {@code total_err} and {@code first_error} (fio reports
 * them, and fsbench with it, only for a job that sets {@code continue_on_error}), and whether an
 * error ended the job.
 *
 * <pre>{@code
 * if (job.errors().reported()) {
 *   long skipped = job.errors().total(); // errors counted, e.g. ENOSPC ignored by ignore_error
 * }
 * boolean failed = job.errors().ended(); // fio then exits 1
 * boolean badData = job.errors().verifyErrors() > 0; // skipped under continue_on_error=verify
 * }</pre>
 *
 * @param reported whether the job set {@code continue_on_error}, so that fio reports the counts
 *     (for a group, whether its last member set it)
 * @param total the errors counted: those skipped, and the one that ended the job when {@code
 *     continue_on_error} covered its type
 * @param first the errno of the first error counted, 0 when none was (for a group, its last
 *     member's, as fio's group sums copy it)
 * @param ended whether an error ended the job (its {@code error} is then that errno); a job whose
 *     errors were all skipped reports the first as its {@code error} but did not fail
 * @param verifyErrors how many of the counted errors were bad data a verify found (EILSEQ) and
 *     skipped under {@code continue_on_error=verify}; fio has no key for them
 */
public record JobErrors(boolean reported, long total, int first, boolean ended, long verifyErrors) {

  /** No error counted, and none reported (no {@code continue_on_error}). */
  public static final JobErrors NONE = new JobErrors(false, 0, 0, false);

  public JobErrors {
    if (total < 0 || first < 0 || verifyErrors < 0 || verifyErrors > total) {
      throw new IllegalArgumentException(
          "total_err ("
              + total
              + "), first_error ("
              + first
              + ") and verifyErrors ("
              + verifyErrors
              + ") must not be negative, and verifyErrors not above total_err");
    }
  }

  /** Counts without verify errors. */
  public JobErrors(boolean reported, long total, int first, boolean ended) {
    this(reported, total, first, ended, 0);
  }

  /**
   * These counts and those of the group's next member, as fio's group sums them: totals added, the
   * next member's first error (even 0) and whether it reports them (fio's group copies its last
   * member's {@code continue_on_error}), ended when either ended.
   */
  public JobErrors plus(JobErrors next) {
    return new JobErrors(
        next.reported,
        total + next.total,
        next.first,
        ended || next.ended,
        verifyErrors + next.verifyErrors);
  }
}
