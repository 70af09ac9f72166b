package io.fsbench.api;

import java.util.List;
import java.util.Objects;

/**
 * Which I/O errors a job counts and carries on after, as fio 3.33's {@code continue_on_error},
 * {@code ignore_error} and {@code error_dump} decide it ({@code td_non_fatal_error}).
 *
 * <p>An error is of one type: verify when it is EILSEQ, read when a read failed, write otherwise
 * (writes and trims). The job carries on after it only when {@code continue_on_error} covers its
 * type <em>and</em> the errno is on that type's list ({@code ignore_error}; EIO and EILSEQ when no
 * list was given). An error the job does not carry on after ends the job with it as the job's
 * {@code error}; it is counted in {@code total_err} when {@code continue_on_error} covers its type.
 *
 * <pre>{@code
 * ErrorHandling h = ErrorHandling.NONE.continueOn(ErrorHandling.WRITE)
 *     .ignore(ErrorHandling.WRITE, List.of(28)); // fio's continue_on_error=write ignore_error=,ENOSPC
 * }</pre>
 *
 * @param continueOn the types the job continues on, a mask of {@link #READ}, {@link #WRITE} and
 *     {@link #VERIFY}
 * @param readErrors the errnos a read may fail with and be skipped; empty for fio's default (EIO,
 *     EILSEQ), as fio keeps its default for a list given empty
 * @param writeErrors as {@code readErrors}, for writes and trims
 * @param verifyErrors as {@code readErrors}, for verify failures (EILSEQ)
 * @param errorDump fio's {@code error_dump}: whether a skipped error is logged too
 */
public record ErrorHandling(
    int continueOn,
    List<Integer> readErrors,
    List<Integer> writeErrors,
    List<Integer> verifyErrors,
    boolean errorDump) {

  /** The read type, fio's {@code ERROR_TYPE_READ}. */
  public static final int READ = 1;

  /** The write type (writes and trims), fio's {@code ERROR_TYPE_WRITE}. */
  public static final int WRITE = 2;

  /** The verify type (EILSEQ), fio's {@code ERROR_TYPE_VERIFY}. */
  public static final int VERIFY = 4;

  /** Every type, fio's {@code continue_on_error=all}. */
  public static final int ALL = READ | WRITE | VERIFY;

  /** fio's default: every error ends the job. */
  public static final ErrorHandling NONE =
      new ErrorHandling(0, List.of(), List.of(), List.of(), false);

  private static final List<Integer> DEFAULT_ERRORS = List.of(5, 84); // EIO, EILSEQ

  public ErrorHandling {
    if ((continueOn & ~ALL) != 0) {
      throw new InvalidInputException(
          "continue_on_error mask ("
              + continueOn
              + ") holds types other than read (1), write (2) and verify (4)");
    }
    readErrors = copy(readErrors);
    writeErrors = copy(writeErrors);
    verifyErrors = copy(verifyErrors);
  }

  private static List<Integer> copy(List<Integer> errors) {
    for (Integer e : errors) {
      if (Objects.requireNonNull(e, "errno") <= 0) {
        throw new InvalidInputException("an errno to ignore (" + e + ") must be positive");
      }
    }
    return List.copyOf(errors);
  }

  /** With {@code continue_on_error} set to {@code types}, replacing what it was. */
  public ErrorHandling continueOn(int types) {
    return new ErrorHandling(types, readErrors, writeErrors, verifyErrors, errorDump);
  }

  /**
   * With {@code errors} the list of {@code type} (one of {@link #READ}, {@link #WRITE}, {@link
   * #VERIFY}); as fio's {@code ignore_error}, a list that is not empty also turns {@code
   * continue_on_error} on for its type.
   */
  public ErrorHandling ignore(int type, List<Integer> errors) {
    int on = errors.isEmpty() ? continueOn : continueOn | type;
    return switch (type) {
      case READ -> new ErrorHandling(on, errors, writeErrors, verifyErrors, errorDump);
      case WRITE -> new ErrorHandling(on, readErrors, errors, verifyErrors, errorDump);
      case VERIFY -> new ErrorHandling(on, readErrors, writeErrors, errors, errorDump);
      default -> throw new IllegalArgumentException("type (" + type + ") is not 1, 2 or 4");
    };
  }

  /** With fio's {@code error_dump}. */
  public ErrorHandling errorDump(boolean dump) {
    return new ErrorHandling(continueOn, readErrors, writeErrors, verifyErrors, dump);
  }

  /** Whether {@code continue_on_error} is set at all: fio then reports total_err, first_error. */
  public boolean reportsCounts() {
    return continueOn != 0;
  }

  /** The type of an error, as fio's {@code td_error_type}: verify for EILSEQ, then by direction. */
  public static int type(boolean read, int errno) {
    if (errno == 84) {
      return VERIFY;
    }
    return read ? READ : WRITE;
  }

  /** Whether {@code continue_on_error} covers errors of {@code type}. */
  public boolean covers(int type) {
    return (continueOn & type) != 0;
  }

  /** fio's {@code td_non_fatal_error}: whether the job counts this error and carries on. */
  public boolean skips(int type, int errno) {
    if (!covers(type)) {
      return false;
    }
    List<Integer> list =
        switch (type) {
          case READ -> readErrors;
          case WRITE -> writeErrors;
          default -> verifyErrors;
        };
    return (list.isEmpty() ? DEFAULT_ERRORS : list).contains(errno);
  }
}
