package io.fsbench.api;

import java.util.Objects;

/**
 * How fio's {@code verify} runs, besides its method ({@link JobSpec#verify()}).
 *
 * <pre>{@code
 * JobSpec job = JobSpec.seqWrite(Size.kib(64)).size(Size.mib(64))
 *     .verify(VerifyMethod.META)
 *     .verifySettings(VerifySettings.DEFAULT.pattern(DataPattern.parse("0xaa555aa5"))
 *         .interval(Size.bytes(512)))
 *     .build();
 * }</pre>
 *
 * @param pattern {@code verify_pattern}: what the data holds (after the header, if any), checked on
 *     read; {@link DataPattern#NONE} for random data
 * @param interval {@code verify_interval}: a header every this many bytes of a block; zero for one
 *     per block
 * @param offset {@code verify_offset}: the header is swapped with the bytes this far into each
 *     interval
 * @param doVerify {@code do_verify}: read back and check what a writing job wrote, after each of
 *     its passes
 * @param fatal {@code verify_fatal}: stop at the first bad interval of a block, instead of checking
 *     (and reporting) all of them
 * @param backlog {@code verify_backlog}: verify written blocks while writing, every this many
 *     writes; 0 for only after the pass
 * @param backlogBatch {@code verify_backlog_batch}: how many blocks each of those verifies; 0 for
 *     {@code backlog}
 * @param dump {@code verify_dump}: write a bad block as read, and as it should be, to files in the
 *     working directory
 */
public record VerifySettings(
    DataPattern pattern,
    Size interval,
    Size offset,
    boolean doVerify,
    boolean fatal,
    long backlog,
    long backlogBatch,
    boolean dump) {

  /** fio's defaults. */
  public static final VerifySettings DEFAULT =
      new VerifySettings(DataPattern.NONE, Size.ZERO, Size.ZERO, true, false, 0, 0, false);

  public VerifySettings {
    Objects.requireNonNull(pattern, "pattern");
    Objects.requireNonNull(interval, "interval");
    Objects.requireNonNull(offset, "offset");
    if (backlog < 0 || backlogBatch < 0) {
      throw new InvalidInputException(
          "verify_backlog ("
              + backlog
              + ") and verify_backlog_batch ("
              + backlogBatch
              + ") must not be negative");
    }
  }

  public VerifySettings pattern(DataPattern p) {
    return new VerifySettings(p, interval, offset, doVerify, fatal, backlog, backlogBatch, dump);
  }

  public VerifySettings interval(Size s) {
    return new VerifySettings(pattern, s, offset, doVerify, fatal, backlog, backlogBatch, dump);
  }

  public VerifySettings offset(Size s) {
    return new VerifySettings(pattern, interval, s, doVerify, fatal, backlog, backlogBatch, dump);
  }

  public VerifySettings doVerify(boolean b) {
    return new VerifySettings(pattern, interval, offset, b, fatal, backlog, backlogBatch, dump);
  }

  public VerifySettings fatal(boolean b) {
    return new VerifySettings(pattern, interval, offset, doVerify, b, backlog, backlogBatch, dump);
  }

  public VerifySettings backlog(long n) {
    return new VerifySettings(pattern, interval, offset, doVerify, fatal, n, backlogBatch, dump);
  }

  public VerifySettings backlogBatch(long n) {
    return new VerifySettings(pattern, interval, offset, doVerify, fatal, backlog, n, dump);
  }

  public VerifySettings dump(boolean b) {
    return new VerifySettings(pattern, interval, offset, doVerify, fatal, backlog, backlogBatch, b);
  }
}
