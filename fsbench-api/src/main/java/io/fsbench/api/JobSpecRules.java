package io.fsbench.api;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The rules of a {@link JobSpec} that span its groups (or name the job in their messages), run by
 * its compact constructor after each group has checked its own values, in the order they ran before
 * the groups, so that a job breaking two of them is refused for the same one; plus the range checks
 * the groups share.
 */
final class JobSpecRules {

  private JobSpecRules() {}

  /** Checks the groups of the job named {@code name} against each other. */
  static void check(
      String name,
      JobPattern p,
      JobLayout l,
      JobSubmission s,
      JobSyncs y,
      JobTiming t,
      JobContent c,
      JobReporting r) {
    if (t.steadyState().enabled() && !t.rampTime().isZero()) {
      // fio zeroes a job's byte counters at the end of ramp_time but not the steady-state
      // check's last reading, so its next sample is an unsigned wrap-around, not a rate
      throw new InvalidInputException(
          "job '"
              + name
              + "' gives steadystate with ramp_time, whose end fio's steady-state samples do not"
              + " survive; give ss_ramp instead of ramp_time");
    }
    requireTrimFits(name, p.rw(), c.verify(), r.logs(), p.distribution(), p.blockAlign());
    requireTrimWriteFits(name, p.rw(), p.offsetModifier(), p.numberIos(), t.loops());
    p.blockAlign()
        .check(
            name, p.rw(), p.randomMap(), p.distribution(), p.readBlockSize(), p.writeBlockSize());
    requireZonesFit(name, p, l);
    // with the LFSR fio keeps no map, so nothing marks the blocks of sequential I/Os
    requireHonourable(
        name,
        p.rw(),
        p.randomMap() && p.randomGenerator() != RandomGenerator.LFSR,
        s.direct(),
        p.offsetModifier());
    if (p.randomGenerator() == RandomGenerator.LFSR
        && p.distribution().kind() != Distribution.Kind.UNIFORM) {
      // fio draws zipf, pareto and normal offsets from their own models and never asks the LFSR
      throw new InvalidInputException(
          "job '"
              + name
              + "': random_generator=lfsr has no effect with random_distribution="
              + p.distribution()
              + " (fio ignores it there); drop one of them");
    }
    requireContent(name, c.buffers(), c.verify(), c.verifySettings(), l.nrFiles());
    if (p.numberIos() > 0 && t.timeBased()) {
      // fio's time_based loop never checks number_ios: the cap would be accepted and do nothing
      throw new InvalidInputException(
          "job '"
              + name
              + "' gives number_ios ("
              + p.numberIos()
              + ") with time_based, which fio ignores; give one or the other");
    }
    requirePlainFileNames(name, l.fileName());
    JobEngineRules.requireFillable(
        name, p.rw(), s.ioEngine(), l.size(), l.fileSize(), l.fileHandling());
    // the file-operation engines read nothing: their opens are what create_on_open times; a
    // mix reads what its writes made (a read past the end is a short one of 0 bytes, as in fio)
    if (l.fileHandling().createOnOpen()
        && p.rw().reads()
        && !p.rw().writes()
        && !s.ioEngine().isFileOperation()) {
      throw new InvalidInputException(
          "job '"
              + name
              + "' reads with create_on_open=1: its files would be created empty when opened and"
              + " its reads would find no data; leave create_on_open=0 so that they are laid out");
    }
    if (t.timeBased() && t.runtime().isZero()) {
      throw new InvalidInputException(
          "job '" + name + "' is time_based but has no runtime; give one, e.g. runtime=8s");
    }
    JobEngineRules.requirePacingFits(name, t.rate(), t.pacing());
    boolean syncs = y.fsync() > 0 || y.fdatasync() > 0;
    JobEngineRules.requireSubmissionFits(
        name,
        s,
        c.verify() != VerifyMethod.NONE,
        syncs,
        !t.pacing().thinkTime().isZero(),
        s.flow().isSet(),
        s.priority().isSet());
    // checked here rather than in JobSubmission so that it comes after the submission checks
    if (s.ioDepth() > 1
        && s.ioEngine().isSynchronousOnly()
        && s.submitMode() != SubmitMode.OFFLOAD) {
      throw new InvalidInputException(
          "iodepth ("
              + s.ioDepth()
              + ") has no effect with a synchronous ioengine; use ioengine=io_uring or libaio"
              + " (or auto) to keep that many I/Os in flight, or iodepth=1");
    }
    JobEngineRules.requireFileEngineFits(name, s.ioEngine(), p.rw(), c.verify(), syncs);
    if (s.ioEngine().isFileOperation() && r.logs().any()) {
      // fio logs each file operation's clat and none of the fake I/Os; fsbench logs I/Os
      throw new InvalidInputException(
          "job '"
              + name
              + "': write_bw_log, write_iops_log and write_lat_log are not supported with"
              + " ioengine="
              + s.ioEngine().name().toLowerCase(Locale.ROOT)
              + "; drop the logs");
    }
    if (s.direct()) {
      requireDirectAligned(name, p);
    }
  }

  private static void requireZonesFit(String name, JobPattern p, JobLayout l) {
    if (p.zones().isNone()) {
      return;
    }
    if (p.distribution().kind() != Distribution.Kind.UNIFORM) {
      // fio draws the skewed offsets over the whole region from each zone's moving start, so
      // most land past the file's end and end the job after a random few
      throw new InvalidInputException(
          "job '"
              + name
              + "': zonemode=strided with random_distribution="
              + p.distribution()
              + " is not supported: fio draws those offsets over the whole file from each zone's"
              + " start and ends the job early at random; drop one of them");
    }
    if (l.nrFiles() > 1 || l.fileName().contains(":")) {
      // fio turns strided zones off for a job with more than one file open, without a word
      throw new InvalidInputException(
          "job '"
              + name
              + "': zonemode=strided works on one file, and this job has several (fio would"
              + " quietly run it without zones); give nrfiles=1 or drop the zones");
    }
  }

  private static void requirePlainFileNames(String name, String fileName) {
    if (fileName.isEmpty()) {
      return;
    }
    for (String file : fileName.split(":", -1)) {
      if (file.isBlank() || file.contains("/") || file.equals(".") || file.equals("..")) {
        throw new InvalidInputException(
            "filename ("
                + fileName
                + ") of job '"
                + name
                + "' must be plain file names separated by ':'; fsbench keeps a job's files in"
                + " its own directory");
      }
    }
  }

  private static void requireDirectAligned(String name, JobPattern p) {
    Offsets offsets = p.offsets();
    for (Size at : List.of(offsets.start(), offsets.increment(), offsets.align())) {
      if (at.bytes() % 512 != 0) {
        throw new InvalidInputException(
            "offset ("
                + at
                + ") of job '"
                + name
                + "' must be a multiple of 512 with direct=1; O_DIRECT needs aligned I/O");
      }
    }
    for (BlockSize bs : List.of(p.readBlockSize(), p.writeBlockSize())) {
      for (BlockSize.Split split : bs.splits()) {
        if (split.size().bytes() % 512 != 0) {
          throw new InvalidInputException(
              "block size ("
                  + split.size()
                  + ") must be a multiple of 512 with direct=1; O_DIRECT needs aligned I/O");
        }
      }
    }
  }

  /** fio's checks of verify and dedupe options against each other and the job's files. */
  private static void requireContent(
      String name, BufferContent buffers, VerifyMethod verify, VerifySettings v, int nrFiles) {
    if (verify == VerifyMethod.PATTERN && v.pattern().isNone()) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': verify=pattern needs a verify_pattern to check; give one, e.g."
              + " verify_pattern=0xaa");
    }
    Dedupe d = buffers.dedupe();
    if (d.mode() == Dedupe.Mode.WORKING_SET && !d.isNone() && nrFiles != 1) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': dedupe_mode=working_set works on one file per job (as in fio),"
              + " and this job has nrfiles="
              + nrFiles
              + "; give nrfiles=1 or dedupe_mode=repeat");
    }
  }

  /** Refuses the offset modifiers fsbench cannot do as fio does, naming the reason. */
  private static void requireHonourable(
      String name, ReadWrite rw, boolean marksBlocks, boolean direct, OffsetModifier modifier) {
    if (modifier.sequentialAdd() != 0 && rw.isRandom()) {
      throw new InvalidInputException(
          "job '" + name + "': a byte offset modifier needs a sequential rw, not " + rw.fioName());
    }
    if (modifier.randomEvery() > 1 && !rw.isRandom()) {
      throw new InvalidInputException(
          "job '" + name + "': a random offset modifier needs a random rw, not " + rw.fioName());
    }
    if (modifier.mixesSequential() && !rw.isRandom()) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': percentage_random has no effect with rw="
              + rw.fioName()
              + " (fio applies it to random patterns only); drop it or use a random rw");
    }
    if (modifier.mixesSequential() && marksBlocks) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': percentage_random below 100 needs norandommap or random_generator=lfsr in"
              + " fsbench (its random map cannot mark the blocks the sequential I/Os take)");
    }
    if (modifier.randomEvery() > 1 && !modifier.identical() && marksBlocks) {
      // fio's random map marks the blocks the sequential I/Os in between take, and a random pick
      // skips them; fsbench's map is a permutation that cannot, so its I/O would differ
      throw new InvalidInputException(
          "job '"
              + name
              + "': rw="
              + rw.fioName()
              + ":"
              + modifier.randomEvery()
              + " with rw_sequencer=sequential needs norandommap in fsbench (its random map"
              + " cannot mark the blocks the sequential I/Os take); add norandommap=1, use"
              + " random_generator=lfsr or rw_sequencer=identical");
    }
    if (direct && modifier.sequentialAdd() % 512 != 0) {
      throw new InvalidInputException(
          "the offset modifier ("
              + modifier.sequentialAdd()
              + ") of job '"
              + name
              + "' must be a multiple of 512 with direct=1; O_DIRECT needs aligned I/O");
    }
  }

  /**
   * What fsbench does not run with trims: verify (a trim job writes nothing to check), the log
   * files (fsbench logs reads and writes), zoned distributions and {@code blockalign} (placed per
   * read and write direction only).
   */
  private static void requireTrimFits(
      String name,
      ReadWrite rw,
      VerifyMethod verify,
      LogFiles logs,
      Distribution distribution,
      BlockAlign blockAlign) {
    if (!rw.trims()) {
      return;
    }
    String refused =
        verify != VerifyMethod.NONE
            ? "verify"
            : logs.any()
                ? "the log files (write_*_log)"
                : distribution.isZoned()
                    ? "random_distribution=" + distribution.kind().name().toLowerCase(Locale.ROOT)
                    : !blockAlign.isDefault() ? "blockalign" : null;
    if (refused != null) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': rw="
              + rw.fioName()
              + " with "
              + refused
              + " is not supported by fsbench's engine; drop it, or trim without it");
    }
  }

  /**
   * What fsbench does not run with {@code trimwrite} and {@code randtrimwrite}: an offset modifier
   * or {@code percentage_random}, whose sequence fio's alternation of trims and writes does not
   * define, and {@code number_ios} over several loops, which fio 3.33's do_io doubles again at each
   * pass.
   */
  private static void requireTrimWriteFits(
      String name, ReadWrite rw, OffsetModifier modifier, long numberIos, int loops) {
    if (!rw.trimsThenWrites()) {
      return;
    }
    String refused =
        !modifier.equals(OffsetModifier.NONE)
            ? "an offset modifier or percentage_random"
            : numberIos > 0 && loops > 1
                ? "number_ios and loops=" + loops + " (fio 3.33 doubles number_ios at each loop)"
                : null;
    if (refused != null) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': rw="
              + rw.fioName()
              + " with "
              + refused
              + " is not supported by fsbench's engine; drop it");
    }
  }

  static void requireName(String name) {
    // fio's section names may hold spaces (its falloc example's "punch hole-fuzzer"): inner
    // single spaces are taken, as a file named after the job holds them as well
    if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9_.+-]+( [A-Za-z0-9_.+-]+)*")) {
      throw new InvalidInputException(
          "job name ("
              + name
              + ") must be non-empty and hold only letters, digits, _ . + - and single spaces"
              + " between them");
    }
  }

  static void range(String option, int value, int min, int max) {
    if (value < min || value > max) {
      throw new InvalidInputException(
          option + " (" + value + ") must be between " + min + " and " + max);
    }
  }

  static void nonNegative(String option, Duration value) {
    if (value == null || value.isNegative()) {
      throw new InvalidInputException(option + " (" + value + ") must not be negative");
    }
    JobSpec.atMostMaxTime(option, value);
  }

  static void positive(String option, Duration value) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new InvalidInputException(option + " (" + value + ") must be positive");
    }
    JobSpec.atMostMaxTime(option, value);
  }
}
