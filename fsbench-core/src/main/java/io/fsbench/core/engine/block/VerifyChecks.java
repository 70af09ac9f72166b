package io.fsbench.core.engine.block;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.api.VerifyMethod;

/**
 * What fsbench's verify can honour, checked before anything is made. Each refusal names the job,
 * the value and what to do; the jobs fio would run differently (or not at all) are refused rather
 * than run some other way.
 */
final class VerifyChecks {

  private VerifyChecks() {}

  static void requireUsable(JobSpec spec) {
    if (spec.verify() == VerifyMethod.NONE) {
      return;
    }
    String job = "job '" + spec.name() + "': ";
    if (spec.writeBlockSize().splits().size() > 1
        || (spec.rw().reads() && spec.readBlockSize().splits().size() > 1)) {
      throw new InvalidInputException(
          job
              + "verify needs one block size, not "
              + spec.readBlockSize()
              + ","
              + spec.writeBlockSize()
              + "; give a single bs or drop verify");
    }
    if (spec.timeBased() && spec.rw().writes() && spec.verifySettings().doVerify()) {
      throw new InvalidInputException(
          job
              + "verify with time_based is not supported (fio repeats write passes and their"
              + " verifies until the runtime ends); drop time_based or set do_verify=0");
    }
    if (spec.ioEngine() == IoEngine.NULL) {
      throw new InvalidInputException(
          job + "verify with ioengine=null would check nothing; drop one of them");
    }
    if (spec.verifySettings().backlog() > 0
        && spec.submitMode() == io.fsbench.api.SubmitMode.OFFLOAD) {
      throw new InvalidInputException(
          job
              + "verify_backlog with io_submit_mode=offload is not supported; give"
              + " io_submit_mode=inline or drop verify_backlog");
    }
    requireRoom(spec, job);
  }

  /**
   * fio's "Blocksize too small", and a verify_offset that would put the header past its interval.
   */
  private static void requireRoom(JobSpec spec, String job) {
    int interval = Verifier.interval(spec);
    int header = BlockStamp.headerLength(spec.verify());
    if (header >= interval) {
      throw new InvalidInputException(
          job
              + "verify="
              + spec.verify().name().toLowerCase(java.util.Locale.ROOT)
              + " needs "
              + header
              + " bytes of header in each verify interval, and the interval is "
              + interval
              + " bytes; give a larger bs or verify_interval");
    }
    long offset = spec.verifySettings().offset().bytes();
    if (offset > 0 && offset < header) {
      // fio's memswp then copies overlapping ranges: bytes past the header are lost, and fio
      // fails its own check of every block (seed 4503 case 83: verify=sha256 verify_offset=64)
      throw new InvalidInputException(
          job
              + "verify_offset ("
              + offset
              + ") lies inside the "
              + header
              + "-byte verify="
              + spec.verify().name().toLowerCase(java.util.Locale.ROOT)
              + " header, which fio swaps with overlapping bytes and then fails its own check; give"
              + " verify_offset=0 or at least "
              + header);
    }
    if (offset > 0 && offset + header > interval) {
      // fio swaps the header past the interval's end and then fails its own check
      throw new InvalidInputException(
          job
              + "verify_offset ("
              + offset
              + ") plus the header ("
              + header
              + " bytes) does not fit in the verify interval ("
              + interval
              + " bytes); give a smaller verify_offset");
    }
  }
}
