package io.fsbench.api;

import java.util.Objects;

/**
 * How a job's files are named, laid out, created and removed: fio's {@code filename_format}, {@code
 * overwrite}, {@code create_fsync}, {@code allow_file_create}, {@code create_on_open}, {@code
 * unlink}, {@code create_serialize} and {@code fill_device}. Defaults are fio's.
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
 * @param createSerialize the job's files are set up before any job runs (fio's default); without,
 *     when the job starts, so that a job without a size finds the files an earlier stonewalled job
 *     wrote at the size that job left them
 * @param fillDevice the job writes until its filesystem is full: ENOSPC ends it without an error,
 *     and without a size it has no other bound (fio's {@code fill_device}, alias {@code fill_fs})
 */
public record FileHandling(
    String nameFormat,
    boolean overwrite,
    boolean createFsync,
    boolean allowCreate,
    boolean createOnOpen,
    boolean unlink,
    StatType statType,
    boolean createSerialize,
    boolean fillDevice) {

  /** fio's defaults. */
  public static final FileHandling DEFAULT =
      new FileHandling("", false, true, true, false, false, StatType.STAT, true, false);

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

  /**
   * File handling with fio's default {@code create_serialize} (on) and {@code fill_device} (off).
   */
  public FileHandling(
      String nameFormat,
      boolean overwrite,
      boolean createFsync,
      boolean allowCreate,
      boolean createOnOpen,
      boolean unlink,
      StatType statType) {
    this(
        nameFormat,
        overwrite,
        createFsync,
        allowCreate,
        createOnOpen,
        unlink,
        statType,
        true,
        false);
  }

  /** The same, naming files by {@code format}. */
  public FileHandling nameFormat(String format) {
    return new FileHandling(
        format,
        overwrite,
        createFsync,
        allowCreate,
        createOnOpen,
        unlink,
        statType,
        createSerialize,
        fillDevice);
  }

  /** The same, with {@code overwrite} as given. */
  public FileHandling overwrite(boolean on) {
    return new FileHandling(
        nameFormat,
        on,
        createFsync,
        allowCreate,
        createOnOpen,
        unlink,
        statType,
        createSerialize,
        fillDevice);
  }

  /** The same, with {@code create_fsync} as given. */
  public FileHandling createFsync(boolean on) {
    return new FileHandling(
        nameFormat,
        overwrite,
        on,
        allowCreate,
        createOnOpen,
        unlink,
        statType,
        createSerialize,
        fillDevice);
  }

  /** The same, with {@code allow_file_create} as given. */
  public FileHandling allowCreate(boolean on) {
    return new FileHandling(
        nameFormat,
        overwrite,
        createFsync,
        on,
        createOnOpen,
        unlink,
        statType,
        createSerialize,
        fillDevice);
  }

  /** The same, with {@code create_on_open} as given. */
  public FileHandling createOnOpen(boolean on) {
    return new FileHandling(
        nameFormat,
        overwrite,
        createFsync,
        allowCreate,
        on,
        unlink,
        statType,
        createSerialize,
        fillDevice);
  }

  /** The same, with {@code unlink} as given. */
  public FileHandling unlink(boolean on) {
    return new FileHandling(
        nameFormat,
        overwrite,
        createFsync,
        allowCreate,
        createOnOpen,
        on,
        statType,
        createSerialize,
        fillDevice);
  }

  /** The same, with fio's {@code stat_type} as given. */
  public FileHandling statType(StatType type) {
    return new FileHandling(
        nameFormat,
        overwrite,
        createFsync,
        allowCreate,
        createOnOpen,
        unlink,
        type,
        createSerialize,
        fillDevice);
  }

  /** The same, with fio's {@code create_serialize} as given. */
  public FileHandling createSerialize(boolean on) {
    return new FileHandling(
        nameFormat,
        overwrite,
        createFsync,
        allowCreate,
        createOnOpen,
        unlink,
        statType,
        on,
        fillDevice);
  }

  /**
   * The same, with fio's {@code fill_device} as given.
   *
   * <pre>{@code
   * // write 64 KiB blocks until the filesystem is full; ENOSPC ends the job without an error
   * JobSpec fill = JobSpec.seqWrite(Size.kib(64)).size(Size.ZERO)
   *     .fileHandling(FileHandling.DEFAULT.fillDevice(true))
   *     .build();
   * }</pre>
   */
  public FileHandling fillDevice(boolean on) {
    return new FileHandling(
        nameFormat,
        overwrite,
        createFsync,
        allowCreate,
        createOnOpen,
        unlink,
        statType,
        createSerialize,
        on);
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
