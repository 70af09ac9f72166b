package io.fsbench.api;

import java.util.Objects;

/**
 * How a job's files are named, laid out, created and removed: fio's {@code filename_format}, {@code
 * overwrite}, {@code create_fsync}, {@code allow_file_create}, {@code create_on_open} and {@code
 * unlink}. Defaults are fio's.
 *
 * <pre>{@code
 * // a write job that first writes its file in full, then overwrites it, and removes it after
 * JobSpec job = JobSpec.randWrite(Size.kib(4)).size(Size.mib(64))
 *     .fileHandling(FileHandling.DEFAULT.overwrite(true).unlink(true))
 *     .build();
 * }</pre>
 *
 * @param nameFormat how each file is named, with fio's {@code $jobname}, {@code $jobnum} (the
 *     clone) and {@code $filenum}; empty for fio's default {@code $jobname.$jobnum.$filenum}
 * @param overwrite a writing job lays its files out in full first (as a reading job does), so that
 *     its writes overwrite data instead of filling new space
 * @param createFsync fsync a file after laying it out
 * @param allowCreate the job may create files; without, a missing file fails the job
 * @param createOnOpen files are not laid out before the job but created when it opens them
 * @param unlink the job's files are removed when the job ends
 * @param statType the call {@link IoEngine#FILESTAT} times (fio's {@code stat_type})
 */
public record FileHandling(
    String nameFormat,
    boolean overwrite,
    boolean createFsync,
    boolean allowCreate,
    boolean createOnOpen,
    boolean unlink,
    StatType statType) {

  /** fio's defaults. */
  public static final FileHandling DEFAULT =
      new FileHandling("", false, true, true, false, false, StatType.STAT);

  private static final String DEFAULT_FORMAT = "$jobname.$jobnum.$filenum";

  public FileHandling {
    Objects.requireNonNull(nameFormat, "nameFormat");
    Objects.requireNonNull(statType, "statType");
    if (nameFormat.contains("/")) {
      throw new InvalidInputException(
          "filename_format ("
              + nameFormat
              + ") must name files, not paths; fsbench keeps a job's files in its own directory");
    }
    if (nameFormat.toLowerCase(java.util.Locale.ROOT).contains("$clientuid")) {
      throw new InvalidInputException(
          "filename_format ("
              + nameFormat
              + ") uses $clientuid, which only fio's client/server mode sets; remove it");
    }
  }

  /** File handling with fio's default {@code stat_type} ({@link StatType#STAT}). */
  public FileHandling(
      String nameFormat,
      boolean overwrite,
      boolean createFsync,
      boolean allowCreate,
      boolean createOnOpen,
      boolean unlink) {
    this(nameFormat, overwrite, createFsync, allowCreate, createOnOpen, unlink, StatType.STAT);
  }

  /** The same, naming files by {@code format}. */
  public FileHandling nameFormat(String format) {
    return new FileHandling(
        format, overwrite, createFsync, allowCreate, createOnOpen, unlink, statType);
  }

  /** The same, with {@code overwrite} as given. */
  public FileHandling overwrite(boolean on) {
    return new FileHandling(
        nameFormat, on, createFsync, allowCreate, createOnOpen, unlink, statType);
  }

  /** The same, with {@code create_fsync} as given. */
  public FileHandling createFsync(boolean on) {
    return new FileHandling(nameFormat, overwrite, on, allowCreate, createOnOpen, unlink, statType);
  }

  /** The same, with {@code allow_file_create} as given. */
  public FileHandling allowCreate(boolean on) {
    return new FileHandling(nameFormat, overwrite, createFsync, on, createOnOpen, unlink, statType);
  }

  /** The same, with {@code create_on_open} as given. */
  public FileHandling createOnOpen(boolean on) {
    return new FileHandling(nameFormat, overwrite, createFsync, allowCreate, on, unlink, statType);
  }

  /** The same, with {@code unlink} as given. */
  public FileHandling unlink(boolean on) {
    return new FileHandling(
        nameFormat, overwrite, createFsync, allowCreate, createOnOpen, on, statType);
  }

  /** The same, with fio's {@code stat_type} as given. */
  public FileHandling statType(StatType type) {
    return new FileHandling(
        nameFormat, overwrite, createFsync, allowCreate, createOnOpen, unlink, type);
  }

  /** The name of file {@code file} of clone {@code clone} of job {@code job}, as fio names it. */
  public String fileName(String job, int clone, int file) {
    String format = nameFormat.isEmpty() ? DEFAULT_FORMAT : nameFormat;
    // fio matches the keywords without regard to case (strcasestr)
    return replace(
        replace(replace(format, "$jobname", job), "$jobnum", "" + clone), "$filenum", "" + file);
  }

  private static String replace(String text, String keyword, String value) {
    return java.util.regex.Pattern.compile(
            java.util.regex.Pattern.quote(keyword), java.util.regex.Pattern.CASE_INSENSITIVE)
        .matcher(text)
        .replaceAll(java.util.regex.Matcher.quoteReplacement(value));
  }
}
