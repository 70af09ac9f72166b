package io.fsbench;

import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Workload;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.core.jobfile.FioOption;
import io.fsbench.core.jobfile.JobOptionParser;
import io.fsbench.core.plugin.WorkloadFamilies;
import io.fsbench.spi.WorkloadCapability;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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

  /** The families' presets, and their parameters for {@link #differencesFromPreset}. */
  private static final WorkloadRunners FAMILIES = WorkloadFamilies.standard();

  /** The block presets, core's own; the families name theirs ({@link WorkloadRunner#presets}). */
  private static final Map<String, Function<Map<String, String>, Workload>> BLOCK =
      new LinkedHashMap<>();

  private static final String FILEBENCH_PREFIX = FilebenchSpec.NAME + ":";

  private static final Pattern BLOCK_SIZE_SUFFIX = Pattern.compile("(.+)-(\\d+[kmg])");

  static {
    block("seqwrite", "write", "128k");
    block("seqread", "read", "128k");
    block("randwrite", "randwrite", "4k");
    block("randread", "randread", "4k");
    block("randrw", "randrw", "4k");
    block("seqrw", "rw", "128k");
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
    return named(FILEBENCH_PREFIX + personality, variables);
  }

  /**
   * The parameters that give workload {@code name} a dataset of about {@code bytes}, by the rule of
   * the family that gives the name ({@code filebench:varmail} → {@code nfiles=…}).
   *
   * @throws InvalidInputException for a name no family gives, or one whose dataset does not scale
   */
  static Map<String, String> datasetParameters(String name, long bytes) {
    return FAMILIES.datasetParameters(name, bytes);
  }

  /**
   * What the workload's family can do besides run: phases, an early finish, a shared directory,
   * another client's files, CSV, volumes of its own; as the family declares it.
   *
   * @throws InvalidInputException for a workload no family runs
   */
  public static Set<WorkloadCapability> capabilities(Workload workload) {
    return FAMILIES.capabilities(workload);
  }

  /** Every workload name {@link #named} knows, plus {@code classic}. */
  public static List<String> names() {
    List<String> names = new ArrayList<>(BLOCK.keySet());
    names.addAll(FAMILIES.presets().keySet());
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
    Function<Map<String, String>, Workload> block = BLOCK.get(name);
    if (block != null) {
      return block.apply(parameters);
    }
    Preset preset = FAMILIES.presets().get(name);
    if (preset != null) {
      return preset.make(parameters);
    }
    Matcher sized = BLOCK_SIZE_SUFFIX.matcher(name);
    if (sized.matches() && BLOCK.containsKey(sized.group(1))) {
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
      return BLOCK.get(sized.group(1)).apply(withSize);
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

  private static void block(String name, String rw, String bs) {
    BLOCK.put(
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
