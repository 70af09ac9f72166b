package io.fsbench;

import io.fsbench.api.AgingProfile;
import io.fsbench.api.AgingSpec;
import io.fsbench.api.BonnieSpec;
import io.fsbench.api.DdSpec;
import io.fsbench.api.FileSystemLifecycle;
import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IozoneSpec;
import io.fsbench.api.JobSpec;
import io.fsbench.api.LargeFileSpec;
import io.fsbench.api.NamedWorkload;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.RandomIoSpec;
import io.fsbench.api.TreePhase;
import io.fsbench.api.TreeSpec;
import io.fsbench.api.Workload;
import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.core.jobfile.FioOption;
import io.fsbench.core.jobfile.JobOptionParser;
import io.fsbench.core.workload.Families;
import io.fsbench.core.workload.filebench.FilebenchPersonalities;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Named workloads: the classic filesystem comparison (128k sequential write and read, 4k random
 * write, buffered, 8 s on a 200 MiB file) and presets that parameters adjust by name, as on the
 * command line ({@code --workloads randread --param bs=8k}).
 *
 * <pre>{@code
 * List<Workload> classic = Workloads.classic();
 * Workload deep = Workloads.named("randread", Map.of("iodepth", "32", "direct", "1"));
 * }</pre>
 */
public final class Workloads {

  /** Prints parameters for {@link #differencesFromPreset}; runs nothing. */
  private static final WorkloadRunners FAMILIES = Families.standard();

  private static final Map<String, Function<Map<String, String>, Workload>> NAMED =
      new LinkedHashMap<>();

  /** The block presets, whose name may end in a block size: {@code seqread-1m}. */
  private static final Set<String> BLOCK = new LinkedHashSet<>();

  private static final String FILEBENCH_PREFIX = FilebenchSpec.NAME + ":";

  private static final Pattern BLOCK_SIZE_SUFFIX = Pattern.compile("(.+)-(\\d+[kmg])");

  static {
    block("seqwrite", "write", "128k");
    block("seqread", "read", "128k");
    block("randwrite", "randwrite", "4k");
    block("randread", "randread", "4k");
    block("randrw", "randrw", "4k");
    block("seqrw", "rw", "128k");
    NAMED.put("fsmark", FsMarkSpec::fromParams);
    NAMED.put("postmark", PostMarkSpec::fromParams);
    NAMED.put("tree", params -> TreeSpec.fromParams("tree", params));
    for (TreePhase phase : TreePhase.values()) {
      String name = "tree-" + phase.key();
      NAMED.put(name, params -> TreeSpec.fromParams(name, params));
    }
    NAMED.put("largefile", LargeFileSpec::fromParams);
    for (String phase : List.of("copy", "recopy", "remove")) {
      NAMED.put("largefile-" + phase, params -> largeFile(phase, params));
    }
    NAMED.put("files-1m", Workloads::millionFiles);
    NAMED.put(DdSpec.NAME, DdSpec::fromParams);
    dd("write", "1k", 4L << 20);
    dd("read", "1k", 4L << 20);
    dd("write", "1m", 4L << 10);
    dd("read", "1m", 4L << 10);
    NAMED.put(RandomIoSpec.NAME, RandomIoSpec::fromParams);
    NAMED.put(BonnieSpec.NAME, BonnieSpec::fromParams);
    NAMED.put(IozoneSpec.NAME, IozoneSpec::fromParams);
    NAMED.put(AgingSpec.NAME, AgingSpec::fromParams);
    for (String profile : AgingProfile.names()) {
      NAMED.put(AgingSpec.NAME + "-" + profile, params -> aging(profile, params));
    }
    NAMED.put(
        "fs-lifecycle",
        params -> {
          if (!params.isEmpty()) {
            throw new InvalidInputException(
                "fs-lifecycle takes no parameters, not " + params.keySet());
          }
          return FileSystemLifecycle.DEFAULT;
        });
  }

  private Workloads() {}

  /** The classic comparison: seqwrite-128k, seqread-128k, randwrite-4k. */
  public static List<Workload> classic() {
    return List.of(
        named("seqwrite", Map.of()), named("seqread", Map.of()), named("randwrite", Map.of()));
  }

  /**
   * One of fsbench's own filebench personalities ({@code varmail}, {@code webproxy}, …; see {@code
   * docs/filebench.md}) with its workload-file variables set, e.g. {@code nthreads=4}; {@code
   * dataset=2xram} or {@code dataset=8g} sizes its dataset by the personality's scaling rule when
   * it runs. {@code runtime=10s}, like a comparison's runtime, replaces the file's {@code run 60}.
   *
   * @throws InvalidInputException for an unknown personality or a bad variable name
   */
  public static Workload filebench(String personality, Map<String, String> variables) {
    FilebenchSpec spec = FilebenchSpec.of(FilebenchPersonalities.file(personality));
    for (Map.Entry<String, String> variable : variables.entrySet()) {
      if (variable.getKey().equals("runtime")) {
        spec = spec.runtime(JobOptionParser.time("runtime", variable.getValue()));
      } else {
        spec = spec.set(variable.getKey(), variable.getValue());
      }
    }
    return spec;
  }

  /** Every workload name {@link #named} knows, plus {@code classic}. */
  public static List<String> names() {
    List<String> names = new ArrayList<>(NAMED.keySet());
    for (String personality : FilebenchPersonalities.names()) {
      names.add(FILEBENCH_PREFIX + personality);
    }
    names.add("classic");
    names.add("classic-fs");
    return names;
  }

  /**
   * A workload by name, adjusted by parameters. Block presets take fio options ({@code bs}, {@code
   * size}, {@code runtime}, {@code iodepth}, {@code direct}, …); other workloads take their own.
   *
   * @throws InvalidInputException for an unknown name or parameter, listing the known ones
   */
  public static Workload named(String name, Map<String, String> parameters) {
    if (name.startsWith(FILEBENCH_PREFIX)) {
      return filebench(name.substring(FILEBENCH_PREFIX.length()), parameters);
    }
    Function<Map<String, String>, Workload> factory = NAMED.get(name);
    if (factory != null) {
      return factory.apply(parameters);
    }
    Matcher sized = BLOCK_SIZE_SUFFIX.matcher(name);
    if (sized.matches() && BLOCK.contains(sized.group(1))) {
      // seqread-1m is seqread with bs=1m, so a block size given twice must agree.
      String bs = sized.group(2);
      String given = parameters.get("bs");
      if (given != null && !given.equalsIgnoreCase(bs)) {
        throw new InvalidInputException(
            "workload "
                + name
                + " has bs="
                + bs
                + ", and --param bs="
                + given
                + " another; drop one, or run "
                + sized.group(1)
                + " with --param bs="
                + given);
      }
      Map<String, String> withSize = new LinkedHashMap<>(parameters);
      withSize.put("bs", bs);
      return NAMED.get(sized.group(1)).apply(withSize);
    }
    throw new InvalidInputException(
        "unknown workload '"
            + name
            + "'; fsbench knows "
            + String.join(", ", names())
            + " (a block workload may end in its block size, e.g. seqread-1m)");
  }

  /**
   * The parameters in which a workload differs from the preset its name is, as {@code files=2000
   * (preset: 1000000)}; empty for a workload that is no preset or is the preset unchanged. Reports
   * print these, so that a {@code files-1m} run of 2000 files does not pass for a million.
   */
  public static List<String> differencesFromPreset(Workload workload) {
    Workload preset;
    try {
      preset = named(workload.name(), Map.of());
    } catch (InvalidInputException e) {
      return List.of(); // a workload of the embedder's own, under a name of its own
    }
    Map<String, String> defaults = FAMILIES.parameters(preset);
    Map<String, String> actual = FAMILIES.parameters(workload);
    List<String> differences = new ArrayList<>();
    actual.forEach(
        (key, value) -> {
          String was = defaults.get(key);
          if (!Objects.equals(was, value)) {
            differences.add(key + "=" + value + " (preset: " + (was == null ? "unset" : was) + ")");
          }
        });
    defaults.forEach(
        (key, was) -> {
          if (!actual.containsKey(key)) {
            differences.add(key + " unset (preset: " + was + ")");
          }
        });
    return differences;
  }

  /**
   * The classic whole-filesystem comparison's rows: filesystem creation, mount and unmount; a 4 GiB
   * file copied, copied again and removed; a source tree extracted, listed, searched, tarred,
   * copied, copied again and removed; a million empty files created, copied again and removed; and
   * PostMark. Each workload times its steps in one run, a row each. Volumes need room: an automatic
   * image size grows to fit (ext4 needs about 34 GiB of sparse image for the inodes of two million
   * files).
   */
  public static List<Workload> classicFileSystem() {
    List<Workload> list = new ArrayList<>();
    for (String name : CLASSIC_FILESYSTEM) {
      list.add(named(name, Map.of()));
    }
    return list;
  }

  /** The names {@link #classicFileSystem()} runs, in order. */
  public static final List<String> CLASSIC_FILESYSTEM =
      List.of("fs-lifecycle", "largefile", "tree", "files-1m", "postmark");

  /**
   * {@code files-1m}: a million empty files in directories of about a thousand, created (extracted
   * from a generated archive), copied again over an untimed first copy, and removed. Parameters are
   * the tree workload's, e.g. {@code files=100000}.
   */
  private static Workload millionFiles(Map<String, String> params) {
    Map<String, String> merged =
        withDefaults(
            params,
            Map.of(
                "files", "1000000",
                "median_size", "0",
                "files_per_dir", "1000",
                "phases", "extract,recopy,remove"));
    return new NamedWorkload("files-1m", TreeSpec.fromParams(merged));
  }

  /**
   * {@code dd-<mode>-<bs>}: the classic comparison's dd rows, a 4 GiB file in blocks of {@code bs}.
   * A write ends with {@code conv=fdatasync}, so that it measures the disk, not the page cache; a
   * read starts with the file's cached pages dropped. Parameters are dd's ({@code count}, {@code
   * oflag}, ...); the preset's {@code bs} and mode are fixed by its name.
   */
  private static void dd(String mode, String bs, long count) {
    String name = DdSpec.NAME + "-" + mode + "-" + bs;
    NAMED.put(
        name,
        params -> {
          for (String fixed : List.of("mode", "bs")) {
            if (params.containsKey(fixed)) {
              throw new InvalidInputException(
                  "workload "
                      + name
                      + " fixes "
                      + fixed
                      + "; drop --param "
                      + fixed
                      + "="
                      + params.get(fixed)
                      + ", or run dd with it");
            }
          }
          Map<String, String> defaults = new LinkedHashMap<>();
          defaults.put("mode", mode);
          defaults.put("bs", bs);
          defaults.put("count", Long.toString(count));
          if (mode.equals("write") && !params.containsKey("conv")) {
            defaults.put("conv", "fdatasync");
          }
          return DdSpec.fromParams(withDefaults(params, defaults));
        });
  }

  /** {@code aging-<profile>}: the aging workload with its profile fixed by the name. */
  private static Workload aging(String profile, Map<String, String> params) {
    if (params.containsKey("profile")) {
      throw new InvalidInputException(
          "workload aging-"
              + profile
              + " fixes the profile; drop --param profile="
              + params.get("profile")
              + ", or run aging with it");
    }
    return AgingSpec.fromParams(withDefaults(params, Map.of("profile", profile)));
  }

  private static Workload largeFile(String phase, Map<String, String> params) {
    if (params.containsKey("phases")) {
      throw new InvalidInputException(
          "largefile-"
              + phase
              + " runs the "
              + phase
              + " phase only; drop phases= or use largefile");
    }
    return LargeFileSpec.fromParams(withDefaults(params, Map.of("phases", phase)));
  }

  private static Map<String, String> withDefaults(
      Map<String, String> params, Map<String, String> defaults) {
    Map<String, String> merged = new LinkedHashMap<>(defaults);
    merged.putAll(params);
    return merged;
  }

  /** Registers a named workload; later registrations of a name replace earlier ones. */
  static synchronized void register(String name, Function<Map<String, String>, Workload> factory) {
    NAMED.put(name, factory);
  }

  private static void block(String name, String rw, String bs) {
    BLOCK.add(name);
    NAMED.put(
        name,
        params -> {
          JobSpec spec = blockSpec(name, rw, bs, params, true);
          if (params.containsKey("time_based")
              && !params.containsKey("runtime")
              && !spec.timeBased()) {
            // time_based=0 asks for a run that ends when its size is done: the preset's 8 s is
            // the length of a time-based run, and would cap this one (as fio's runtime does).
            spec = blockSpec(name, rw, bs, params, false);
          }
          String bsName =
              spec.rw().writes() && !spec.rw().reads()
                  ? spec.writeBlockSize().toString()
                  : spec.readBlockSize().toString();
          return params.containsKey("name")
              ? spec
              : spec.toBuilder().name(name + "-" + bsName).build();
        });
  }

  private static JobSpec blockSpec(
      String name, String rw, String bs, Map<String, String> params, boolean presetRuntime) {
    List<FioOption> options = new ArrayList<>();
    options.add(new FioOption("rw", rw, "preset " + name));
    options.add(new FioOption("bs", bs, "preset " + name));
    options.add(new FioOption("size", "200m", "preset " + name));
    options.add(new FioOption("time_based", null, "preset " + name));
    if (presetRuntime) {
      options.add(new FioOption("runtime", "8s", "preset " + name));
    }
    params.forEach((k, v) -> options.add(new FioOption(k, v, "--param " + k)));
    JobOptionParser.Parsed parsed = JobOptionParser.parse(name, options);
    if (!parsed.scheduling().directory().isEmpty()) {
      throw new InvalidInputException(
          "--param directory is not a setting of workload '"
              + name
              + "'; give where it runs with --dir PATH (or --fs ID)");
    }
    return parsed.spec();
  }
}
