package io.fsbench.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link PostMarkSpec} run measured: PostMark's report fields with their original meaning,
 * timed in nanoseconds instead of PostMark's whole seconds and never rounded to integers.
 *
 * <p>As in PostMark, rates use different denominators: transactions, reads, appends and the files
 * created or deleted "mixed with transactions" are divided by the transaction time; all files
 * created or deleted, and the data read and written, by the total time; "creation alone" by the
 * time before the transactions and "deletion alone" by the time after them. Megabytes are MiB (2^20
 * bytes), as in PostMark since 1.5. Byte counts are exact; PostMark sums them in a float, which
 * rounds above 16 MiB.
 *
 * <p>A run asked to finish early ({@code Session.finish()}, a cluster's stonewall) stops the phase
 * under way after the file or transaction it is at and runs no later phase; that phase is {@link
 * #phaseCutShort()}, its time and counts are what it did up to the finish, the later phases' times
 * are zero and their counts add nothing, and the total time ends with the cut phase. The files left
 * then are removed untimed and uncounted: that cleanup is not PostMark's deletion phase.
 *
 * @param spec the spec that ran
 * @param totalTime from the first create to the last delete (PostMark's "seconds total")
 * @param creationTime creating the initial pool, before the transactions
 * @param transactionTime running the transactions
 * @param deletionTime deleting what was left after the transactions
 * @param transactions transactions run (the spec's count; fewer only when a finish cut the run
 *     short, or if PostMark ran out of files, which is reported as an error instead)
 * @param filesCreated every file created, pool and transactions
 * @param filesCreatedAlone files created before the transactions (PostMark's "creation alone")
 * @param filesRead whole-file reads
 * @param filesAppended appends
 * @param filesDeleted every file deleted
 * @param filesDeletedAlone files deleted after the transactions ("deletion alone")
 * @param bytesRead bytes read
 * @param bytesWritten bytes written by creates and appends
 * @param phaseCutShort the phase a finish cut short; empty when the run went to its end
 */
public record PostMarkResult(
    PostMarkSpec spec,
    Duration totalTime,
    Duration creationTime,
    Duration transactionTime,
    Duration deletionTime,
    long transactions,
    long filesCreated,
    long filesCreatedAlone,
    long filesRead,
    long filesAppended,
    long filesDeleted,
    long filesDeletedAlone,
    long bytesRead,
    long bytesWritten,
    Optional<PostMarkPhase> phaseCutShort)
    implements WorkloadResult {

  private static final double MIB = 1024.0 * 1024.0;

  public PostMarkResult {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(totalTime, "totalTime");
    Objects.requireNonNull(creationTime, "creationTime");
    Objects.requireNonNull(transactionTime, "transactionTime");
    Objects.requireNonNull(deletionTime, "deletionTime");
    Objects.requireNonNull(phaseCutShort, "phaseCutShort");
  }

  /** A run that went to its end. */
  public PostMarkResult(
      PostMarkSpec spec,
      Duration totalTime,
      Duration creationTime,
      Duration transactionTime,
      Duration deletionTime,
      long transactions,
      long filesCreated,
      long filesCreatedAlone,
      long filesRead,
      long filesAppended,
      long filesDeleted,
      long filesDeletedAlone,
      long bytesRead,
      long bytesWritten) {
    this(
        spec,
        totalTime,
        creationTime,
        transactionTime,
        deletionTime,
        transactions,
        filesCreated,
        filesCreatedAlone,
        filesRead,
        filesAppended,
        filesDeleted,
        filesDeletedAlone,
        bytesRead,
        bytesWritten,
        Optional.empty());
  }

  /** Whether a finish ({@code Session.finish()}, a cluster's stonewall) cut a phase short. */
  public boolean cutShort() {
    return phaseCutShort.isPresent();
  }

  @Override
  public String workload() {
    return spec.name();
  }

  public double totalSeconds() {
    return seconds(totalTime);
  }

  public double transactionSeconds() {
    return seconds(transactionTime);
  }

  public double transactionsPerSec() {
    return transactions / transactionSeconds();
  }

  public double createdPerSec() {
    return filesCreated / totalSeconds();
  }

  public double createdAlonePerSec() {
    return filesCreatedAlone / seconds(creationTime);
  }

  public double createdMixedPerSec() {
    return (filesCreated - filesCreatedAlone) / transactionSeconds();
  }

  public double readPerSec() {
    return filesRead / transactionSeconds();
  }

  public double appendedPerSec() {
    return filesAppended / transactionSeconds();
  }

  public double deletedPerSec() {
    return filesDeleted / totalSeconds();
  }

  public double deletedAlonePerSec() {
    return filesDeletedAlone / seconds(deletionTime);
  }

  public double deletedMixedPerSec() {
    return (filesDeleted - filesDeletedAlone) / transactionSeconds();
  }

  /** PostMark's "megabytes read per second": MiB over the total time. */
  public double readMibPerSec() {
    return bytesRead / MIB / totalSeconds();
  }

  /** PostMark's "megabytes written per second": MiB over the total time. */
  public double writtenMibPerSec() {
    return bytesWritten / MIB / totalSeconds();
  }

  /** PostMark's figures, and {@code PHASE.cut_short} = 1 for the phase a finish cut short. */
  @Override
  public List<Metric> metrics() {
    List<Metric> metrics = new ArrayList<>(figures());
    phaseCutShort.ifPresent(p -> metrics.add(Metric.of(p.key() + ".cut_short", 1, Unit.COUNT)));
    return List.copyOf(metrics);
  }

  private List<Metric> figures() {
    return List.of(
        Metric.of("transactions_per_sec", transactionsPerSec(), Unit.TRANSACTIONS_PER_SEC),
        Metric.of("seconds", totalSeconds(), Unit.SECONDS),
        Metric.of("transactions.seconds", transactionSeconds(), Unit.SECONDS),
        Metric.of("transactions", transactions, Unit.COUNT),
        Metric.of("created.files_per_sec", createdPerSec(), Unit.FILES_PER_SEC),
        Metric.of("created_alone.files_per_sec", createdAlonePerSec(), Unit.FILES_PER_SEC),
        Metric.of("created_mixed.files_per_sec", createdMixedPerSec(), Unit.FILES_PER_SEC),
        Metric.of("read.files_per_sec", readPerSec(), Unit.FILES_PER_SEC),
        Metric.of("appended.files_per_sec", appendedPerSec(), Unit.FILES_PER_SEC),
        Metric.of("deleted.files_per_sec", deletedPerSec(), Unit.FILES_PER_SEC),
        Metric.of("deleted_alone.files_per_sec", deletedAlonePerSec(), Unit.FILES_PER_SEC),
        Metric.of("deleted_mixed.files_per_sec", deletedMixedPerSec(), Unit.FILES_PER_SEC),
        Metric.of("read.bytes_per_sec", bytesRead / totalSeconds(), Unit.BYTES_PER_SEC),
        Metric.of("written.bytes_per_sec", bytesWritten / totalSeconds(), Unit.BYTES_PER_SEC),
        Metric.of("created.files", filesCreated, Unit.COUNT),
        Metric.of("read.files", filesRead, Unit.COUNT),
        Metric.of("appended.files", filesAppended, Unit.COUNT),
        Metric.of("deleted.files", filesDeleted, Unit.COUNT),
        Metric.of("read.bytes", bytesRead, Unit.BYTES),
        Metric.of("written.bytes", bytesWritten, Unit.BYTES));
  }

  @Override
  public Metric headline() {
    return Metric.of("transactions_per_sec", transactionsPerSec(), Unit.TRANSACTIONS_PER_SEC);
  }

  /** PostMark's verbose report, with fractional seconds and rates. */
  public String report() {
    StringBuilder s = new StringBuilder();
    s.append("Time:\n");
    s.append(line("\t%.3f seconds total", totalSeconds()));
    s.append(
        line(
            "\t%.3f seconds of transactions (%.1f per second)",
            transactionSeconds(), transactionsPerSec()));
    s.append("\nFiles:\n");
    s.append(line("\t%d created (%.1f per second)", filesCreated, createdPerSec()));
    s.append(
        line(
            "\t\tCreation alone: %d files (%.1f per second)",
            filesCreatedAlone, createdAlonePerSec()));
    s.append(
        line(
            "\t\tMixed with transactions: %d files (%.1f per second)",
            filesCreated - filesCreatedAlone, createdMixedPerSec()));
    s.append(line("\t%d read (%.1f per second)", filesRead, readPerSec()));
    s.append(line("\t%d appended (%.1f per second)", filesAppended, appendedPerSec()));
    s.append(line("\t%d deleted (%.1f per second)", filesDeleted, deletedPerSec()));
    s.append(
        line(
            "\t\tDeletion alone: %d files (%.1f per second)",
            filesDeletedAlone, deletedAlonePerSec()));
    s.append(
        line(
            "\t\tMixed with transactions: %d files (%.1f per second)",
            filesDeleted - filesDeletedAlone, deletedMixedPerSec()));
    s.append("\nData:\n");
    s.append(
        line(
            "\t%.2f megabytes read (%.2f megabytes per second)", bytesRead / MIB, readMibPerSec()));
    s.append(
        line(
            "\t%.2f megabytes written (%.2f megabytes per second)",
            bytesWritten / MIB, writtenMibPerSec()));
    phaseCutShort.ifPresent(
        p ->
            s.append(
                line(
                    "\nCut short: a finish ended the %s phase; no later phase ran, and the files"
                        + " left were removed untimed",
                    p.key())));
    return s.toString();
  }

  private static String line(String format, Object... args) {
    return String.format(Locale.ROOT, format, args) + "\n";
  }

  private static double seconds(Duration d) {
    // A phase can take less than a nanosecond's tick on a coarse clock; never divide by zero.
    return Math.max(d.toNanos(), 1) / 1e9;
  }
}
