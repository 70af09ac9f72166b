package io.fsbench.core.engine.block;

import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import java.util.List;

/**
 * How much one pass of a job moves and whether fio runs it at all, as fio's {@code do_io}, {@code
 * keep_running} and {@code thread_main} decide: the bytes of a pass, the budget of a queueing
 * engine's pass, and the verify passes. {@link IoGenerator} plans its passes by these rules.
 */
final class PassRules {

  private PassRules() {}

  /**
   * The bytes of one pass: {@code io_size} when given, else what the files' regions hold, at most
   * {@code size}, as fio's setup_files lowers {@code size} to the regions' total.
   */
  static long limit(JobSpec spec, List<IoFile> files) {
    if (!spec.ioSize().isZero()) {
      return spec.ioSize().bytes();
    }
    long regions = files.stream().mapToLong(IoFile::regionLength).sum();
    return spec.size().isZero() ? regions : Math.min(spec.size().bytes(), regions);
  }

  /**
   * Whether fio's engine for the spec queues its I/Os ({@code FIO_Q_QUEUED}) rather than completing
   * each in the call: only then does fio's {@code do_io} count the bytes a pass has issued, and end
   * the pass when they reach its budget (see {@link #passBudget}). fio's libaio and io_uring trim
   * in the call (do_io_u_trim), as psync does, so a trim job's pass has no budget there: seed 2033
   * case 192 ({@code ioengine=libaio norandommap loops=2}) trims the bytes of both loops in one
   * pass.
   */
  static boolean queues(JobSpec spec) {
    if (spec.rw().trims() && spec.ioEngine() != IoEngine.NULL) {
      return false;
    }
    return spec.ioEngine().isAsync()
        || (spec.ioDepth() > 1
            && (spec.ioEngine() == IoEngine.AUTO || spec.ioEngine() == IoEngine.NULL));
  }

  /**
   * The bytes one pass of a queueing engine may issue: fio's {@code total_bytes} in {@code do_io},
   * the job's size (as setup_files lowered it to the regions), or io_size if larger for sequential
   * writes and for random writes without a random map. A synchronous engine's pass has no such
   * budget: fio counts only short I/Os there, so its pass runs until the files are done or the
   * bytes of all loops are.
   */
  static long passBudget(JobSpec spec, List<IoFile> files) {
    long regions = files.stream().mapToLong(IoFile::regionLength).sum();
    long size = spec.size().isZero() ? regions : Math.min(spec.size().bytes(), regions);
    boolean widens = spec.rw().writes() && (!spec.rw().isRandom() || !spec.randomMap());
    return widens ? Math.max(size, spec.ioSize().bytes()) : size;
  }

  /** Whether fio's thread_main runs its verify phase after each pass of the job. */
  static boolean verifiesAfterPass(JobSpec spec) {
    return spec.verify() != io.fsbench.api.VerifyMethod.NONE && spec.verifySettings().doVerify();
  }

  /**
   * Whether the job reads and only reads, with {@code verify} set: fio 3.33 reads its files once,
   * whatever {@code loops} or {@code io_size} ask (observed with {@code do_verify} 0 and 1, every
   * block good or bad, sequential and random: {@code rw=read bs=4k size=64k verify=crc32c loops=3}
   * reads 16 blocks, 48 without verify; seed 2041 cases 20, 277 and 289). Not yet explained from
   * fio's source; docs/measurement.md.
   */
  static boolean readsOnlyWithVerify(JobSpec spec) {
    return spec.rw().reads()
        && !spec.rw().writes()
        && !spec.rw().trims()
        && !spec.timeBased()
        && spec.verify() != io.fsbench.api.VerifyMethod.NONE;
  }
}
