package io.fsbench.core.jobfile;

import io.fsbench.api.BlockSize;
import io.fsbench.api.Fallocate;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.Size;
import io.fsbench.api.VerifyMethod;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns fio options ({@code key=value} as in a job file or on fio's command line) into a {@link
 * JobSpec}. Every option fsbench implements is mapped; every other one is refused by name, never
 * ignored. Options that only select fio's default behaviour are accepted when they do.
 */
public final class JobOptionParser {

  /** Options that reporting and scheduling use, outside the spec. */
  public record Scheduling(
      boolean stonewall,
      boolean newGroup,
      boolean groupReporting,
      String directory,
      JobControl control) {}

  private final JobSpec.Builder builder;
  private int kbBase = 1024;
  private BlockSize readBs = BlockSize.of(Size.kib(4));
  private BlockSize writeBs = BlockSize.of(Size.kib(4));
  private BlockSize trimBs = BlockSize.of(Size.kib(4));
  private final ErrorOptions errorOptions = new ErrorOptions();
  private long[] rate = new long[2];
  private long[] rateIops = new long[2];
  private final ContentOptions content = new ContentOptions();
  private final VerifyOptions verify = new VerifyOptions();
  private boolean reads = true;
  private boolean stonewall;
  private boolean newGroup;
  private boolean groupReporting;
  private boolean randRepeat = true;
  private boolean seedGiven;
  private int openFiles;
  private String directory = "";
  private boolean absoluteFileName;
  private boolean sizeGiven;
  private io.fsbench.api.FileHandling files = io.fsbench.api.FileHandling.DEFAULT;
  private final PacingOptions pacing = new PacingOptions();
  private final MeasurementOptions measurements = new MeasurementOptions();
  private final LogOptions logs = new LogOptions();
  private final SteadyStateOptions steadyState = new SteadyStateOptions();
  private final CpuOptions cpus = new CpuOptions();
  private final PlacementOptions placement = new PlacementOptions();
  private final PriorityOptions priority = new PriorityOptions();
  private final SubmissionOptions submission = new SubmissionOptions();
  private final FlowOptions flow = new FlowOptions();
  private final EngineOptions engineOptions = new EngineOptions();
  private IoEngine engine = IoEngine.AUTO;
  private final ExitOptions exitOptions = new ExitOptions();
  private io.fsbench.api.Offsets offsets = io.fsbench.api.Offsets.NONE;
  private io.fsbench.api.OffsetModifier offsetModifier = io.fsbench.api.OffsetModifier.NONE;
  private boolean identical;
  private int[] percentRandom = {100, 100};
  private String zoneMode = "";
  private Size[] zone = {Size.ZERO, Size.ZERO, Size.ZERO};

  private final String jobName;

  private JobOptionParser(String name) {
    builder = JobSpec.builder(ReadWrite.READ, Size.kib(4)).name(name);
    jobName = name;
  }

  /** A parsed job: its spec and how it is scheduled and reported. */
  public record Parsed(JobSpec spec, Scheduling scheduling) {}

  /**
   * Applies the options in order to a job named {@code name}, as fio applies a job's [global]
   * options and then its own.
   */
  public static Parsed parse(String name, List<FioOption> options) {
    JobOptionParser o = new JobOptionParser(name);
    for (FioOption option : options) {
      if (option.key().equalsIgnoreCase("kb_base")) {
        o.kbBase = FioValues.integer("kb_base", option.value());
        if (o.kbBase != 1024 && o.kbBase != 1000) {
          throw new InvalidInputException(
              option.where() + ": kb_base (" + option.value() + ") must be 1024 or 1000");
        }
      }
    }
    for (FioOption option : options) {
      String key = option.key().strip().toLowerCase(Locale.ROOT);
      try {
        o.apply(key, option.value());
      } catch (InvalidInputException ex) {
        String at = option.where();
        throw new InvalidInputException((at.isEmpty() ? "" : at + ": ") + ex.getMessage(), ex);
      }
    }
    return new Parsed(
        o.build(),
        new Scheduling(
            o.stonewall, o.newGroup, o.groupReporting, o.directory, o.exitOptions.build()));
  }

  /** Every option name fsbench accepts, for help and error messages. */
  public static Set<String> supported() {
    Set<String> all = new TreeSet<>(HANDLED);
    all.addAll(PacingOptions.KEYS);
    all.addAll(MeasurementOptions.KEYS);
    all.addAll(LogOptions.KEYS);
    all.addAll(SteadyStateOptions.KEYS);
    all.addAll(CpuOptions.KEYS);
    all.addAll(PlacementOptions.KEYS);
    all.addAll(PriorityOptions.KEYS);
    all.addAll(SubmissionOptions.KEYS);
    all.addAll(FlowOptions.KEYS);
    all.addAll(EngineOptions.KEYS);
    all.addAll(ExitOptions.KEYS);
    all.addAll(ErrorOptions.KEYS);
    all.addAll(ContentOptions.KEYS);
    all.addAll(VerifyOptions.KEYS);
    return all;
  }

  private static final Set<String> HANDLED =
      Set.of(
          "name",
          "description",
          "rw",
          "readwrite",
          "rwmixread",
          "rwmixwrite",
          "bs",
          "blocksize",
          "bssplit",
          "bsrange",
          "blocksize_range",
          "size",
          "filesize",
          "nrfiles",
          "io_size",
          "io_limit",
          "filename",
          "numjobs",
          "iodepth",
          "direct",
          "buffered",
          "ioengine",
          "thread",
          "fsync",
          "fdatasync",
          "end_fsync",
          "fsync_on_close",
          "time_based",
          "runtime",
          "timeout",
          "ramp_time",
          "loops",
          "norandommap",
          "randrepeat",
          "randseed",
          "invalidate",
          "fadvise_hint",
          "directory",
          "fallocate",
          "rate",
          "rate_iops",
          "percentile_list",
          "bwavgtime",
          "iopsavgtime",
          "stonewall",
          "wait_for_previous",
          "new_group",
          "group_reporting",
          "kb_base",
          "disk_util",
          "overwrite",
          "file_service_type",
          "openfiles",
          "random_generator",
          "filename_format",
          "unique_filename",
          "create_fsync",
          "allow_file_create",
          "create_on_open",
          "unlink",
          "threads",
          "offset",
          "fileoffset",
          "offset_increment",
          "offset_align",
          "number_ios",
          "rw_sequencer",
          "percentage_random",
          "zonemode",
          "zonesize",
          "zonerange",
          "zoneskip",
          "create_serialize",
          "fill_device",
          "fill_fs");

  private void apply(String key, String value) {
    if (applyOwnTable(key, value)) {
      return;
    }
    if (!HANDLED.contains(key)) {
      throw new InvalidInputException(
          "option '"
              + key
              + "' is not supported by fsbench's engine; remove it, or see 'fsbench fio --help'"
              + " for the options it implements");
    }
    if (value == null && !isFlag(key)) {
      throw new InvalidInputException("option '" + key + "' needs a value: " + key + "=...");
    }
    switch (key) {
      case "name" -> builder.name(value.strip());
      case "description", "kb_base" -> {}
      case "rw", "readwrite" -> rw(value);
      case "rwmixread" -> builder.rwMixRead(FioValues.integer(key, value));
      case "rwmixwrite" -> builder.rwMixRead(100 - FioValues.integer(key, value));
      case "bs", "blocksize" -> blockSizes(key, value, false);
      case "bssplit" -> blockSizes(key, value, true);
      case "bsrange", "blocksize_range" -> bsRange(key, value);
      case "size" -> {
        if (value.strip().endsWith("%")) {
          throw new InvalidInputException(
              "size (" + value + ") as a percentage is not supported; give an amount, e.g. 1g");
        }
        builder.size(FioValues.size(key, value, kbBase));
        sizeGiven = true;
      }
      case "filesize" -> {
        if (value.contains("-") || value.contains(":")) {
          throw new InvalidInputException(
              "filesize (" + value + ") as a range is not supported; give one size");
        }
        builder.fileSize(FioValues.size(key, value, kbBase));
      }
      case "nrfiles" -> builder.nrFiles(FioValues.integer(key, value));
      case "io_size", "io_limit" -> builder.ioSize(FioValues.size(key, value, kbBase));
      case "filename" -> {
        if (value.contains(":")) {
          throw new InvalidInputException(
              "filename (" + value + ") lists several files; fsbench takes one shared file");
        }
        fileName(value.strip());
      }
      case "numjobs" -> builder.numJobs(FioValues.integer(key, value));
      case "iodepth" -> builder.ioDepth(FioValues.integer(key, value));
      case "direct" -> builder.direct(FioValues.bool(key, value));
      case "buffered" -> builder.direct(!FioValues.bool(key, value));
      case "ioengine" -> {
        engine = IoEngine.parse(value);
        builder.ioEngine(engine);
      }
      case "fsync" -> builder.fsync(FioValues.integer(key, value));
      case "fdatasync" -> builder.fdatasync(FioValues.integer(key, value));
      case "end_fsync" -> builder.endFsync(FioValues.bool(key, value));
      case "fsync_on_close" -> builder.fsyncOnClose(FioValues.bool(key, value));
      case "time_based" -> builder.timeBased(FioValues.bool(key, value));
      case "runtime", "timeout" -> builder.runtime(FioValues.time(key, value, ChronoUnit.SECONDS));
      case "ramp_time" -> builder.rampTime(FioValues.time(key, value, ChronoUnit.SECONDS));
      case "loops" -> builder.loops(FioValues.integer(key, value));
      case "norandommap" -> builder.randomMap(!FioValues.bool(key, value));
      case "randrepeat" -> randRepeat = FioValues.bool(key, value);
      case "randseed" -> {
        builder.randSeed(FioValues.count(key, value, kbBase));
        seedGiven = true;
      }
      case "invalidate" -> builder.invalidate(FioValues.bool(key, value));
      case "fadvise_hint" -> builder.fadviseHint(io.fsbench.api.FadviseHint.parse(value));
      case "directory" -> {
        if (!absoluteFileName) { // fio puts an absolute filename where it says, not in directory
          directory = directory(value);
        }
      }
      case "fallocate" -> builder.fallocate(Fallocate.parse(value));
      case "rate" -> rate = perDirectionCounts(key, value, rate);
      case "rate_iops" -> rateIops = perDirectionCounts(key, value, rateIops);
      case "percentile_list" -> builder.percentiles(percentiles(value));
      case "bwavgtime" -> builder.bwAvgTime(FioValues.time(key, value, ChronoUnit.MILLIS));
      case "iopsavgtime" -> builder.iopsAvgTime(FioValues.time(key, value, ChronoUnit.MILLIS));
      case "stonewall", "wait_for_previous" -> {
        stonewall = FioValues.bool(key, value);
        builder.stonewall(stonewall);
      }
      case "new_group" -> newGroup = FioValues.bool(key, value);
      case "group_reporting" -> groupReporting = FioValues.bool(key, value);
      case "file_service_type" -> requireDefault(key, value, "roundrobin");
      case "random_generator" ->
          builder.randomGenerator(io.fsbench.api.RandomGenerator.parse(value));
      case "openfiles" -> openFiles = FioValues.integer(key, value);
      case "overwrite" -> files = files.overwrite(FioValues.bool(key, value));
      case "filename_format" -> files = files.nameFormat(value.strip());
      case "create_fsync" -> files = files.createFsync(FioValues.bool(key, value));
      case "allow_file_create" -> files = files.allowCreate(FioValues.bool(key, value));
      case "create_on_open" -> files = files.createOnOpen(FioValues.bool(key, value));
      case "unlink" -> files = files.unlink(FioValues.bool(key, value));
      case "create_serialize" -> files = files.createSerialize(FioValues.bool(key, value));
      case "fill_device", "fill_fs" -> files = files.fillDevice(FioValues.bool(key, value));
      case "offset", "fileoffset", "offset_increment", "offset_align" ->
          offsets = OffsetOptions.apply(offsets, key, value, kbBase);
      case "number_ios" -> builder.numberIos(FioValues.count(key, value, kbBase));
      case "rw_sequencer" -> identical = OffsetOptions.identical(value);
      case "percentage_random" -> percentRandom = perDirectionPercent(key, value, percentRandom);
      case "zonemode" -> zoneMode = OffsetOptions.zoneMode(value);
      case "zonesize" -> zone[0] = FioValues.size(key, value, kbBase);
      case "zonerange" -> zone[1] = FioValues.size(key, value, kbBase);
      case "zoneskip" -> zone[2] = FioValues.size(key, value, kbBase);
      // thread: fsbench always runs jobs as threads; disk_util: fsbench reports none;
      // unique_filename: fio prefixes names with the client's address only in client/server mode,
      // so locally it changes nothing; threads: the tiobench profile's thread count, which fio
      // accepts in any job and which has no effect without profile=tiobench
      case "thread", "disk_util", "unique_filename" -> FioValues.bool(key, value);
      case "threads" -> FioValues.integer(key, value);
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  /** Options with a table of their own; whether {@code key} was one of them. */
  private boolean applyOwnTable(String key, String value) {
    boolean placed = PlacementOptions.handles(key);
    boolean flows = FlowOptions.handles(key);
    boolean steady = SteadyStateOptions.handles(key);
    boolean placedCpus = CpuOptions.handles(key);
    if (placed || flows || steady || placedCpus || PriorityOptions.handles(key)) {
      if (value == null) {
        throw new InvalidInputException("option '" + key + "' needs a value: " + key + "=...");
      }
      if (steady) {
        steadyState.apply(key, value);
      } else if (placedCpus) {
        cpus.apply(key, value);
      } else if (placed) {
        placement.apply(key, value, kbBase);
      } else if (flows) {
        flow.apply(key, value);
      } else {
        priority.apply(key, value);
      }
      return true;
    }
    if (SubmissionOptions.handles(key)) {
      if (!SubmissionOptions.FLAGS.contains(key)) {
        requireValue(key, value);
      }
      submission.apply(key, value);
      return true;
    }
    boolean paced = PacingOptions.handles(key);
    boolean logged = LogOptions.handles(key);
    if (ExitOptions.handles(key)) {
      if (!ExitOptions.FLAGS.contains(key)) {
        requireValue(key, value);
      }
      exitOptions.apply(key, value);
      return true;
    }
    if (ErrorOptions.handles(key)) {
      if (!ErrorOptions.FLAGS.contains(key)) {
        requireValue(key, value);
      }
      errorOptions.apply(key, value);
      return true;
    }
    if (EngineOptions.handles(key)) {
      requireValue(key, value);
      engineOptions.apply(key, value);
      return true;
    }
    boolean contents = ContentOptions.handles(key);
    boolean verifies = VerifyOptions.handles(key);
    if (!paced && !logged && !contents && !verifies && !MeasurementOptions.handles(key)) {
      return false;
    }
    if (value == null && !isFlag(key)) {
      throw new InvalidInputException("option '" + key + "' needs a value: " + key + "=...");
    }
    if (contents) {
      content.apply(key, value, kbBase, reads);
    } else if (verifies) {
      verify.apply(key, value, kbBase);
    } else if (paced) {
      pacing.apply(key, value, kbBase);
    } else if (logged) {
      logs.apply(key, value);
    } else {
      measurements.apply(key, value);
    }
    return true;
  }

  private static void requireValue(String key, String value) {
    if (value == null) {
      throw new InvalidInputException("option '" + key + "' needs a value: " + key + "=...");
    }
  }

  /**
   * A time as fio reads it ({@code 8s}, {@code 500ms}, {@code 2m}; seconds without a unit), for
   * options outside a job such as {@code --runtime} of a comparison.
   *
   * @throws io.fsbench.api.InvalidInputException naming the option and value when it is no time or
   *     longer than {@link io.fsbench.api.JobSpec#MAX_TIME}
   */
  public static java.time.Duration time(String option, String value) {
    return FioValues.time(option, value, java.time.temporal.ChronoUnit.SECONDS);
  }

  /** Whether an option may be given bare, without a value ({@code time_based}, {@code direct}). */
  public static boolean isFlag(String key) {
    return Set.of(
                "time_based",
                "norandommap",
                "stonewall",
                "wait_for_previous",
                "new_group",
                "group_reporting",
                "thread",
                "direct",
                "buffered",
                "end_fsync",
                "fsync_on_close",
                "invalidate",
                "zero_buffers",
                "refill_buffers",
                "randrepeat",
                "do_verify",
                "disk_util",
                "overwrite",
                "create_fsync",
                "allow_file_create",
                "create_on_open",
                "unlink",
                "unique_filename",
                "create_serialize",
                "fill_device",
                "fill_fs",
                "scramble_buffers")
            .contains(key)
        || MeasurementOptions.handles(key)
        || LogOptions.FLAGS.contains(key)
        || ExitOptions.FLAGS.contains(key)
        || ErrorOptions.FLAGS.contains(key)
        || ContentOptions.FLAGS.contains(key)
        || VerifyOptions.FLAGS.contains(key)
        || SubmissionOptions.FLAGS.contains(key);
  }

  private static void requireDefault(String key, String value, String expected) {
    String v = value == null ? "1" : value.strip().toLowerCase(Locale.ROOT);
    if (!v.equals(expected)) {
      throw new InvalidInputException(
          key + "=" + value + " is not supported; fsbench implements only " + key + "=" + expected);
    }
  }

  /** fio's {@code directory=}: one directory; fio's list form ({@code a:b}) is refused. */
  /**
   * A {@code filename=} with a path: its directory becomes the job's directory, as a {@code
   * directory=} would (absolute, or relative to the one given before it), and the file keeps its
   * name. fsbench still works in a fresh subdirectory of it, so nothing outside is touched.
   */
  private void fileName(String value) {
    int slash = value.lastIndexOf('/');
    if (slash < 0) {
      builder.fileName(value);
      return;
    }
    if (value.startsWith("/dev/")) {
      throw new InvalidInputException(
          "filename ("
              + value
              + ") names a device, and fsbench runs job files on filesystems: name a file instead"
              + " (or leave filename out) and run with --device "
              + value
              + " --yes-erase-device to make a filesystem on the device");
    }
    String parent = slash == 0 ? "/" : value.substring(0, slash);
    String name = value.substring(slash + 1);
    if (name.isEmpty()) {
      throw new InvalidInputException("filename (" + value + ") ends in '/'; name a file");
    }
    if (!parent.startsWith("/") && !directory.isEmpty()) {
      parent = directory + "/" + parent;
    }
    directory = directory(parent);
    absoluteFileName = value.startsWith("/");
    builder.fileName(name);
  }

  private static String directory(String value) {
    String v = value.strip();
    if (v.isEmpty() || v.contains(":")) {
      throw new InvalidInputException(
          "directory ("
              + value
              + ") must name one directory; fsbench does not spread clones over a list");
    }
    return v;
  }

  private void rw(String value) {
    String v = value.strip();
    int colon = v.indexOf(':');
    String mode = colon < 0 ? v : v.substring(0, colon).strip();
    ReadWrite rw = ReadWrite.parse(mode);
    builder.rw(rw);
    reads = rw.reads(); // what buffer_pattern asks of the job so far, as fio's td_read
    // as fio's str_rw_cb, every rw= sets the modifier anew, none when there is no ':N'
    offsetModifier =
        colon < 0
            ? io.fsbench.api.OffsetModifier.NONE
            : OffsetOptions.modifier(rw, value, v.substring(colon + 1), kbBase);
  }

  private void blockSizes(String key, String value, boolean split) {
    String[] parts = FioValues.perDirection(key, value);
    if (parts[2] != null || value.split(",", -1).length == 2) {
      // as fio's, two values give writes and trims the second ("bs=4k,8k"), unless a trailing
      // comma leaves trims their default ("bs=4k,8k,")
      String trim = parts[2] != null ? parts[2] : parts[1];
      if (trim != null) {
        trimBs =
            split ? BlockSize.parse(trim, kbBase) : BlockSize.of(FioValues.size(key, trim, kbBase));
      }
    }
    if (parts[0] != null) {
      readBs =
          split
              ? BlockSize.parse(parts[0], kbBase)
              : BlockSize.of(FioValues.size(key, parts[0], kbBase));
    }
    if (parts[1] != null) {
      writeBs =
          split
              ? BlockSize.parse(parts[1], kbBase)
              : BlockSize.of(FioValues.size(key, parts[1], kbBase));
    }
  }

  private void bsRange(String key, String value) {
    String[] parts = FioValues.perDirection(key, value);
    if (parts[2] == null && value.split(",", -1).length == 2) {
      parts[2] = parts[1]; // as bs=: the second range is the trims' too
    }
    for (int dir = 0; dir < 3; dir++) {
      if (parts[dir] == null) {
        continue;
      }
      String[] range = parts[dir].split("[-:]");
      Size low = FioValues.size(key, range[0], kbBase);
      Size high = range.length > 1 ? FioValues.size(key, range[1], kbBase) : low;
      if (!low.equals(high)) {
        throw new InvalidInputException(
            key + " (" + value + ") with different bounds is not supported; use bssplit");
      }
      if (dir == 0) {
        readBs = BlockSize.of(low);
      } else if (dir == 1) {
        writeBs = BlockSize.of(low);
      } else {
        trimBs = BlockSize.of(low);
      }
    }
  }

  private long[] perDirectionCounts(String key, String value, long[] current) {
    String[] parts = FioValues.perDirection(key, value);
    long[] out = current.clone();
    for (int dir = 0; dir < 2; dir++) {
      if (parts[dir] != null) {
        out[dir] = FioValues.count(key, parts[dir], kbBase);
      }
    }
    return out;
  }

  /** {@code 50} for both directions, {@code 50,20} for reads and writes; trim is not run. */
  private static int[] perDirectionPercent(String key, String value, int[] current) {
    String[] parts = FioValues.perDirection(key, value);
    int[] out = current.clone();
    for (int dir = 0; dir < 2; dir++) {
      if (parts[dir] != null) {
        out[dir] = FioValues.integer(key, parts[dir]);
        if (out[dir] < 0 || out[dir] > 100) {
          throw new InvalidInputException(
              key + " (" + value + ") must hold percentages from 0 to 100, e.g. 50 or 50,20");
        }
      }
    }
    return out;
  }

  private static List<Double> percentiles(String value) {
    List<Double> list = new ArrayList<>();
    for (String p : value.split(":")) {
      try {
        list.add(Double.parseDouble(p.strip()));
      } catch (NumberFormatException e) {
        throw new InvalidInputException(
            "percentile_list (" + value + ") holds '" + p + "', which is not a number");
      }
    }
    return list;
  }

  private JobSpec build() {
    builder.readBlockSize(readBs).writeBlockSize(writeBs).trimBlockSize(trimBs);
    builder.errors(errorOptions.build());
    builder.rate(new JobSpec.RateLimit(rate[0], rate[1], rateIops[0], rateIops[1]));
    builder.verify(verify.method()).verifySettings(verify.settings());
    builder.buffers(content.build(sizeGiven, verify.method() != VerifyMethod.NONE));
    builder.fileHandling(engineOptions.build(files, engine));
    builder.pacing(pacing.build()).measurements(measurements.build());
    builder.steadyState(steadyState.build()).cpus(cpus.build());
    placement.build(builder);
    builder.priority(priority.build());
    builder.commandPriorities(priority.commandPriorities(jobName, kbBase));
    builder.submitMode(submission.mode()).latencyTarget(submission.latencyTarget());
    builder.flow(flow.build());
    builder.offsets(offsets);
    builder.zones(OffsetOptions.zones(zoneMode, zone));
    builder.offsetModifier(
        offsetModifier.identical(identical).percentRandom(percentRandom[0], percentRandom[1]));
    if (!sizeGiven) {
      // fio's size is then nrfiles * filesize, or, with neither, the sizes of the files the job
      // finds when it is set up (or, with fill_device, what the filesystem holds)
      builder.size(Size.ZERO);
    }
    if (!randRepeat && !seedGiven) {
      builder.randSeed(System.nanoTime());
    }
    JobSpec spec = builder.build();
    spec = spec.toBuilder().logs(logs.build(spec.name())).build(); // named after the final name
    // the file-operation engines hold no file open between their operations, so any openfiles
    // is what fsbench does; fio's openfiles only bounds how many it keeps open at once
    if (openFiles != 0 && openFiles != spec.nrFiles() && !spec.ioEngine().isFileOperation()) {
      throw new InvalidInputException(
          "openfiles ("
              + openFiles
              + ") below nrfiles ("
              + spec.nrFiles()
              + ") is not supported; fsbench keeps every file open");
    }
    return spec;
  }
}
