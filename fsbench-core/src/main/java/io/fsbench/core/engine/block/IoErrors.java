package io.fsbench.core.engine.block;

import io.fsbench.api.ErrorHandling;
import io.fsbench.api.JobErrors;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.stats.Direction;
import java.io.IOException;
import java.nio.file.FileSystemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a clone does with an I/O that failed, as fio 3.33 decides it: an error {@code
 * continue_on_error} covers and {@code ignore_error} lists is counted and skipped ({@code
 * td_non_fatal_error}); with {@code fill_device}, ENOSPC or EDQUOT ends the job without an error;
 * any other ends the job with it as the job's {@code error}, counted when {@code continue_on_error}
 * covers its type ({@code break_on_this_error}). One per clone, used by its thread only.
 */
final class IoErrors {

  private static final Logger LOG = LoggerFactory.getLogger(IoErrors.class);
  private static final int EDQUOT = 122;
  private static final int EILSEQ = 84;

  private final String job;
  private final ErrorHandling handling;
  private final boolean fillDevice;
  private long total;
  private long verifyErrors;
  private int first;
  private int fatal;
  private boolean filled;

  IoErrors(String job, ErrorHandling handling, boolean fillDevice) {
    this.job = job;
    this.handling = handling;
    this.fillDevice = fillDevice;
  }

  /**
   * One failed I/O; whether the clone carries on. fio logs the error unless it is skipped without
   * {@code error_dump}.
   */
  boolean failed(Direction direction, NativeIoException e, String file, long offset, int length) {
    int errno = e.errno();
    int type = ErrorHandling.type(direction == Direction.READ, errno);
    boolean skipped = handling.skips(type, errno);
    if (!skipped || handling.errorDump()) {
      LOG.warn(
          "job '{}': I/O error on file {}: {}: {} offset={}, buflen={}",
          job,
          file,
          e.getMessage(),
          direction.fioName(),
          offset,
          length);
    }
    if (skipped) {
      count(errno);
      return true;
    }
    if (handling.covers(type) && !(fillDevice && full(errno))) {
      count(errno);
    }
    if (fillDevice && full(errno)) {
      filled = true; // fio's fill_device: the device is full, which ends the job, not an error
    } else {
      fatal = errno;
    }
    return false;
  }

  /**
   * A file the engine could not open (fio's {@code td_io_open_file} failing): the job ends with
   * that errno as its error, which no error control skips or counts, as fio's {@code td_verror}.
   */
  void openFailed(String call, String file, IOException e) {
    int errno = FileCalls.errno(e);
    LOG.warn(
        "job '{}': {}({}) failed: {}; the job ends with error {}",
        job,
        call,
        file,
        e instanceof FileSystemException f && f.getReason() != null
            ? f.getReason()
            : e.getMessage(),
        errno);
    if (fatal == 0) {
      fatal = errno == 0 ? NativeIoException.EIO : errno;
    }
  }

  /**
   * A verify read that found bad data (fio's {@code verify_io_u} returning EILSEQ), described by
   * {@code what}; whether the job carries on. The bad block is always logged, as fio logs it: a
   * skipped verify error is still bad data.
   */
  boolean verifyFailed(String what) {
    boolean skipped = handling.skips(ErrorHandling.VERIFY, EILSEQ);
    if (skipped) {
      LOG.warn("job '{}': verify failed (counted, continue_on_error=verify): {}", job, what);
      count(EILSEQ);
      verifyErrors++;
    }
    return skipped;
  }

  private static boolean full(int errno) {
    return errno == NativeIoException.ENOSPC || errno == EDQUOT;
  }

  private void count(int errno) {
    if (total++ == 0) {
      first = errno;
    }
  }

  /** Whether the job ended because its device (or filesystem) was full, under fill_device. */
  boolean filled() {
    return filled;
  }

  /**
   * The job's {@code error} as fio's JSON reports it: the errno that ended it, else (with {@code
   * continue_on_error}) the first error it skipped, as fio's {@code __show_run_stats} does.
   */
  int reported() {
    if (fatal != 0) {
      return fatal;
    }
    return handling.reportsCounts() ? first : 0;
  }

  /** The errno that ended the job, 0 when none did. */
  int fatal() {
    return fatal;
  }

  JobErrors counts() {
    return new JobErrors(handling.reportsCounts(), total, first, fatal != 0, verifyErrors);
  }
}
