package io.fsbench.api;

import java.util.Locale;

/**
 * The rules of a {@link JobSpec} about what its engine can run: filling the device, the
 * file-operation engines, offloaded submission and command priorities, and rates; part of {@link
 * JobSpecRules#check}, apart only to keep each file short.
 */
final class JobEngineRules {

  private JobEngineRules() {}

  /**
   * fio's {@code fill_device} writes until ENOSPC; where a job could never get there, or would do
   * something else first, it is refused rather than run.
   */
  static void requireFillable(
      String name,
      ReadWrite rw,
      IoEngine ioEngine,
      Size size,
      Size fileSize,
      FileHandling fileHandling) {
    if (!fileHandling.fillDevice()) {
      return;
    }
    String job = "job '" + name + "' has fill_device=1 (write until the filesystem is full)";
    if (!rw.writes() || rw.reads()) {
      throw new InvalidInputException(
          job
              + " but rw="
              + rw.fioName()
              + (rw.writes() ? " also reads" : " does not write")
              + "; fill_device needs a job that only writes, e.g. rw=write");
    }
    if (ioEngine == IoEngine.NULL || ioEngine == IoEngine.FTRUNCATE || ioEngine.isFileOperation()) {
      throw new InvalidInputException(
          job
              + " but ioengine="
              + ioEngine.name().toLowerCase(Locale.ROOT)
              + " allocates no data blocks and never fills anything; use a data engine such as"
              + " psync, or drop fill_device");
    }
    if (size.isZero() && fileSize.isZero() && rw.isRandom()) {
      throw new InvalidInputException(
          job
              + " and no size, so rw="
              + rw.fioName()
              + " would draw offsets across an unbounded file (fio writes past the largest file"
              + " the filesystem allows and fails with EFBIG); give a size, or use rw=write");
    }
  }

  /**
   * fio's ftruncate fails every read with EINVAL, and its fake-I/O engines write nothing a verify
   * could read back: refused up front rather than run into an error.
   */
  static void requireFileEngineFits(
      String name, IoEngine engine, ReadWrite rw, VerifyMethod verify, boolean syncs) {
    boolean fileEngine =
        engine.isFileOperation() || engine == IoEngine.FTRUNCATE || engine == IoEngine.FALLOC;
    if (fileEngine && syncs) {
      // fio queues the sync to the engine: ftruncate and falloc fail it with EINVAL, the
      // file-operation engines count syncs of files they never opened
      throw new InvalidInputException(
          "job '"
              + name
              + "': fsync and fdatasync have no file to sync with ioengine="
              + engine.name().toLowerCase(Locale.ROOT)
              + " (fio fails or fakes them); drop fsync/fdatasync");
    }
    if (engine == IoEngine.FTRUNCATE && rw.reads()) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': ioengine=ftruncate truncates on writes only, and fio fails each of its reads"
              + " with EINVAL; give rw=write or rw=randwrite");
    }
    if (verify != VerifyMethod.NONE && fileEngine) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': verify needs written data, and ioengine="
              + engine.name().toLowerCase(Locale.ROOT)
              + " writes none; drop verify");
    }
  }

  /**
   * What fio's {@code io_submit_mode=offload}, {@code latency_target} and {@code cmdprio*} need.
   * fio knows the {@code cmdprio*} options only in its libaio and io_uring engines ("Bad option"
   * elsewhere), and refuses io_uring with offload; what fsbench does not offload is named.
   */
  static void requireSubmissionFits(
      String name,
      JobSubmission spec,
      boolean verifies,
      boolean syncs,
      boolean thinks,
      boolean flows,
      boolean prioritized) {
    String job = "job '" + name + "'";
    if (spec.commandPriorities().isSet()
        && spec.ioEngine() != IoEngine.LIBAIO
        && spec.ioEngine() != IoEngine.IO_URING) {
      throw new InvalidInputException(
          job
              + " gives cmdprio_percentage or cmdprio_bssplit with ioengine="
              + spec.ioEngine().name().toLowerCase(Locale.ROOT)
              + ", which has no per-I/O priority (fio: 'Bad option <cmdprio_...>', the option"
              + " belongs to its libaio and io_uring engines); give ioengine=libaio or io_uring,"
              + " or use prio/prioclass for the whole job");
    }
    if (spec.submitMode() != SubmitMode.OFFLOAD) {
      return;
    }
    if (spec.ioEngine() == IoEngine.IO_URING) {
      throw new InvalidInputException(
          job
              + ": io_uring can't be used with offloaded submit (fio refuses it too); use"
              + " ioengine=libaio or psync with io_submit_mode=offload, or io_submit_mode=inline");
    }
    String unsupported = null;
    if (spec.ioEngine() != IoEngine.AUTO
        && spec.ioEngine() != IoEngine.PSYNC
        && spec.ioEngine() != IoEngine.LIBAIO) {
      unsupported = "ioengine=" + spec.ioEngine().name().toLowerCase(Locale.ROOT);
    } else if (verifies) {
      unsupported = "verify";
    } else if (syncs) {
      unsupported = "fsync/fdatasync";
    } else if (thinks) {
      unsupported = "thinktime";
    } else if (flows) {
      unsupported = "flow";
    } else if (spec.latencyTarget().isSet()) {
      // fio 3.33 runs that pair as no one would want: 4 I/Os in all, observed
      unsupported = "latency_target";
    } else if (spec.commandPriorities().isSet()) {
      unsupported = "cmdprio";
    } else if (prioritized) {
      unsupported = "prio/prioclass";
    }
    if (unsupported != null) {
      throw new InvalidInputException(
          job
              + ": io_submit_mode=offload with "
              + unsupported
              + " is not supported by fsbench's engine; drop one of them (offload runs rated"
              + " reads and writes on libaio or psync)");
    }
  }

  /** What fio's {@code fixup_options} refuses about rates, and what fsbench cannot honour. */
  static void requirePacingFits(String name, JobSpec.RateLimit rate, Pacing pacing) {
    if (pacing.poisson() && !rate.isLimited()) {
      throw new InvalidInputException(
          "job '"
              + name
              + "' has rate_process=poisson but no rate or rate_iops; the process spaces I/Os of a"
              + " limited rate, so give one or drop rate_process");
    }
    JobSpec.RateLimit min = pacing.minRate();
    long[][] pairs = {
      {rate.readBytesPerSec(), min.readBytesPerSec()},
      {rate.writeBytesPerSec(), min.writeBytesPerSec()},
      {rate.readIops(), min.readIops()},
      {rate.writeIops(), min.writeIops()}
    };
    for (long[] pair : pairs) {
      if (pair[0] > 0 && pair[1] > pair[0]) {
        throw new InvalidInputException(
            "job '"
                + name
                + "': minimum rate ("
                + pair[1]
                + ") exceeds rate ("
                + pair[0]
                + "); give a rate_min / rate_iops_min at most the rate");
      }
    }
  }
}
