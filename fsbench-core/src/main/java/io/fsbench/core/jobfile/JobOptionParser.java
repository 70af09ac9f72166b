package io.fsbench.core.jobfile;

import io.fsbench.api.BlockSize;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.Size;
import io.fsbench.api.VerifyMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

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

  final JobSpec.Builder builder;
  int kbBase = 1024;
  BlockSize readBs = BlockSize.of(Size.kib(4));
  BlockSize writeBs = BlockSize.of(Size.kib(4));
  BlockSize trimBs = BlockSize.of(Size.kib(4));
  final ErrorOptions errorOptions = new ErrorOptions();
  long[] rate = new long[2];
  long[] rateIops = new long[2];
  final ContentOptions content = new ContentOptions();
  final VerifyOptions verify = new VerifyOptions();
  boolean reads = true;
  boolean stonewall;
  boolean newGroup;
  boolean groupReporting;
  boolean randRepeat = true;
  boolean seedGiven;
  int openFiles;
  String directory = "";
  boolean absoluteFileName;
  boolean sizeGiven;
  io.fsbench.api.FileHandling files = io.fsbench.api.FileHandling.DEFAULT;
  final PacingOptions pacing = new PacingOptions();
  final MeasurementOptions measurements = new MeasurementOptions();
  final LogOptions logs = new LogOptions();
  final SteadyStateOptions steadyState = new SteadyStateOptions();
  final CpuOptions cpus = new CpuOptions();
  final PlacementOptions placement = new PlacementOptions();
  final PriorityOptions priority = new PriorityOptions();
  final SubmissionOptions submission = new SubmissionOptions();
  final FlowOptions flow = new FlowOptions();
  final EngineOptions engineOptions = new EngineOptions();
  IoEngine engine = IoEngine.AUTO;
  final ExitOptions exitOptions = new ExitOptions();
  io.fsbench.api.Offsets offsets = io.fsbench.api.Offsets.NONE;
  io.fsbench.api.OffsetModifier offsetModifier = io.fsbench.api.OffsetModifier.NONE;
  boolean identical;
  int[] percentRandom = {100, 100};
  String zoneMode = "";
  Size[] zone = {Size.ZERO, Size.ZERO, Size.ZERO};

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
      if (option.key().equalsIgnoreCase("kb_base") && option.value() != null) {
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
    return FioOptionTable.names();
  }

  /** Applies one option through its row of {@link FioOptionTable}; any other is refused. */
  private void apply(String key, String value) {
    OptionRow row =
        FioOptionTable.find(key)
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        "option '"
                            + key
                            + "' is not supported by fsbench's engine; remove it, or see 'fsbench"
                            + " fio --help' for the options it implements"));
    if (value == null && !row.flag()) {
      throw new InvalidInputException("option '" + key + "' needs a value: " + key + "=...");
    }
    row.apply(this, key, value);
  }

  void size(String key, String value) {
    if (value.strip().endsWith("%")) {
      throw new InvalidInputException(
          "size (" + value + ") as a percentage is not supported; give an amount, e.g. 1g");
    }
    builder.size(FioValues.size(key, value, kbBase));
    sizeGiven = true;
  }

  void fileSize(String key, String value) {
    if (value.contains("-") || value.contains(":")) {
      throw new InvalidInputException(
          "filesize (" + value + ") as a range is not supported; give one size");
    }
    builder.fileSize(FioValues.size(key, value, kbBase));
  }

  void ioEngine(String value) {
    engine = IoEngine.parse(value);
    builder.ioEngine(engine);
  }

  void randSeed(String key, String value) {
    builder.randSeed(FioValues.count(key, value, kbBase));
    seedGiven = true;
  }

  void directoryOption(String value) {
    if (!absoluteFileName) { // fio puts an absolute filename where it says, not in directory
      directory = directory(value);
    }
  }

  void stonewall(String key, String value) {
    stonewall = FioValues.bool(key, value);
    builder.stonewall(stonewall);
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
    return FioOptionTable.find(key).map(OptionRow::flag).orElse(false);
  }

  static void requireDefault(String key, String value, String expected) {
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
  void fileNameOption(String value) {
    if (value.contains(":")) {
      throw new InvalidInputException(
          "filename (" + value + ") lists several files; fsbench takes one shared file");
    }
    fileName(value.strip());
  }

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

  void rw(String value) {
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

  void blockSizes(String key, String value, boolean split) {
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

  void bsRange(String key, String value) {
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

  long[] perDirectionCounts(String key, String value, long[] current) {
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
  static int[] perDirectionPercent(String key, String value, int[] current) {
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

  static List<Double> percentiles(String value) {
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
