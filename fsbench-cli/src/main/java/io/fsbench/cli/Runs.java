package io.fsbench.cli;

import io.fsbench.FsBench;
import io.fsbench.Session;
import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.JobResult;
import io.fsbench.api.RunResult;
import io.fsbench.api.Target;
import io.fsbench.filebench.FilebenchImageSize;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/** What {@code fsbench run} and {@code fsbench fio} share: the session and the progress lines. */
final class Runs {

  private static final boolean TERMINAL = System.console() != null;

  private Runs() {}

  /** A session on the target the options name; checks them all before anything is made. */
  static Session session(FsBench fsbench, TargetOptions options) {
    Target target = options.target();
    return fsbench.session(options.fileSystemId(), target).tuned(options.tuning()).check();
  }

  /**
   * Without --image-size, a filebench workload's loop image is sized from its planned dataset (four
   * times it, at least 1g), and a line says so; refused when the work dir cannot hold it. Shared by
   * {@code fsbench filebench} and {@code fsbench run --workload filebench:NAME}.
   */
  static void sizeFilebenchImage(
      FsBench fsbench, TargetOptions target, FilebenchSpec workload, PrintWriter err) {
    if (!target.loopImageUnsized()) {
      return;
    }
    long dataset = FilebenchImageSize.plannedDatasetBytes(workload);
    long free = FilebenchImageSize.freeBytes(fsbench.workDir());
    FilebenchImageSize.Choice image = FilebenchImageSize.choose(dataset, free);
    target.imageSize(image.size());
    err.println(
        "fsbench: loop image "
            + image.size()
            + ": "
            + image.reason()
            + (free < 0 ? " (the work dir's free space is unknown)" : "")
            + "; --image-size chooses another");
    err.flush();
  }

  /** "a fresh ext4 volume (512m loop image)", for progress lines. */
  static String where(TargetOptions options) {
    Target target = options.target();
    String tuning = options.tuning().isDefault() ? "" : ", tuned " + options.tuning().label();
    if (target instanceof Target.Loop loop) {
      return "a fresh "
          + options.fileSystem
          + " volume ("
          + loop.size()
          + " loop image"
          + tuning
          + ")";
    }
    if (target instanceof Target.BlockDevice device) {
      return options.fileSystem + " made on " + device.path() + tuning;
    }
    return "a fresh subdirectory of " + ((Target.Directory) target).path();
  }

  /** Prints what runs where, and on a terminal the run's progress as a rewritten percentage. */
  static void started(Session session, PrintWriter err, String what, TargetOptions options) {
    err.println("fsbench: running " + what + " on " + where(options));
    err.flush();
    if (TERMINAL) {
      AtomicInteger shown = new AtomicInteger(-1);
      session.progress(
          fraction -> {
            int percent = (int) Math.floor(fraction * 100);
            if (shown.getAndSet(percent) != percent) {
              synchronized (err) {
                err.print("\r\033[Kfsbench: " + what + " " + percent + "%");
                err.flush();
              }
            }
          });
    }
  }

  static void finished(PrintWriter err, long startNanos) {
    double seconds = Duration.ofNanos(System.nanoTime() - startNanos).toMillis() / 1000.0;
    synchronized (err) {
      err.print(TERMINAL ? "\r\033[K" : "");
      err.println(String.format(Locale.ROOT, "fsbench: done in %.1f s", seconds));
      err.flush();
    }
  }

  /**
   * 0, or 1 when an error ended a job, as fio exits; a job that only skipped I/O errors ({@code
   * continue_on_error}) reports the first as its error, and fails nothing, as under fio. A verify
   * that found bad data fails the run even when {@code continue_on_error=verify} skipped it (fio
   * exits 0 then): the report is complete, but the data was not what was written.
   */
  static int exitCode(RunResult run, PrintWriter err) {
    int code = 0;
    for (JobResult job : run.jobs()) {
      if (job.error() != 0 && (job.errors().ended() || !job.errors().reported())) {
        err.println("fsbench: job " + job.jobname() + " failed with error " + job.error());
        code = 1;
      } else if (job.errors().verifyErrors() > 0) {
        err.println(
            "fsbench: job "
                + job.jobname()
                + ": verify found "
                + job.errors().verifyErrors()
                + " bad block(s), counted and skipped under continue_on_error (see the warnings"
                + " above); failing the run");
        code = 1;
      }
    }
    err.flush();
    return code;
  }
}
