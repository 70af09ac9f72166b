package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.core.engine.Footprint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * fsbench's own filebench personalities: workload files written for fsbench with the parameters of
 * filebench 1.5's shipped ones, and the rule that sizes each one's dataset (see {@code
 * docs/filebench.md}, "Personalities").
 *
 * <pre>{@code
 * Path varmail = FilebenchPersonalities.file("varmail");
 * Map<String, String> vars = FilebenchPersonalities.scaled("varmail", 8L << 30); // nfiles=524288
 * }</pre>
 */
public final class FilebenchPersonalities {

  /**
   * The variable that asks for scaling: a size ({@code 8g}) or a multiple of RAM ({@code 2xram}).
   */
  public static final String DATASET = "dataset";

  /** The share of the free space a scaled dataset may take at most. */
  static final double FREE_SPACE_SHARE = 0.5;

  private static final long MIB = 1L << 20;

  /** The mean of networkfs's file-size table, in bytes: sum of share x mid-range, 26.71 KiB. */
  private static final double NETWORKFS_MEAN_FILE = 26.71 * 1024;

  /** How each personality's dataset follows a target size: the variable it sets, and divisor. */
  private record Rule(String variable, double perUnit, long minimum) {}

  private static final Map<String, Optional<Rule>> RULES = new LinkedHashMap<>();

  static {
    rule("varmail", new Rule("nfiles", 16384, 1));
    rule("webserver", new Rule("nfiles", 16384, 1));
    rule("webproxy", new Rule("nfiles", 16384, 1));
    rule("fileserver", new Rule("nfiles", 131072, 1));
    // at the start, the 32 active videos and half of the 194 passive ones exist: 129 files
    rule("videoserver", new Rule("filesize", 32 + 194 / 2.0, MIB));
    // the 10 table files hold the dataset; the 10 MiB redo log comes on top
    rule("oltp", new Rule("filesize", 10, MIB));
    rule("randomread", new Rule("filesize", 1, MIB));
    rule("randomwrite", new Rule("filesize", 1, MIB));
    rule("randomrw", new Rule("filesize", 1, MIB));
    rule("singlestreamread", new Rule("filesize", 1, MIB));
    rule("singlestreamreaddirect", new Rule("filesize", 1, MIB));
    rule("singlestreamwrite", null);
    rule("singlestreamwritedirect", null);
    rule("fivestreamread", new Rule("filesize", 5, MIB));
    rule("fivestreamwrite", new Rule("filesize", 5, MIB));
    rule("createfiles", new Rule("nfiles", 16384, 1));
    rule("copyfiles", new Rule("nfiles", 16384, 1));
    rule("makedirs", null);
    rule("listdirs", null);
    rule("removedirs", null);
    // two filesets of nfiles files of 16 KiB, both preallocated
    rule("mongo", new Rule("nfiles", 2 * 16384, 1));
    // totalfiles (nfiles x eventrate) files; 27351 bytes is the mean of the file-size table's
    // rows (share x the middle of each range), so eventrate, the pace, keeps its meaning
    rule("networkfs", new Rule("totalfiles", NETWORKFS_MEAN_FILE, 1));
  }

  private FilebenchPersonalities() {}

  private static void rule(String name, Rule rule) {
    RULES.put(name, Optional.ofNullable(rule));
  }

  /** The personalities' names, e.g. {@code varmail}. */
  public static List<String> names() {
    return List.copyOf(RULES.keySet());
  }

  /**
   * The personality's workload file, {@code NAME.f}; inside fsbench's jar when it runs from one.
   *
   * @throws InvalidInputException for an unknown name, listing the known ones
   */
  public static Path file(String name) {
    known(name);
    URL url = FilebenchPersonalities.class.getResource("personalities/" + name + ".f");
    if (url == null) {
      throw new IllegalStateException(
          "personality " + name + ".f is missing from fsbench-filebench");
    }
    try {
      URI uri = url.toURI();
      if ("jar".equals(uri.getScheme())) {
        try {
          FileSystems.newFileSystem(uri, Map.of());
        } catch (FileSystemAlreadyExistsException e) {
          // opened by an earlier call
        }
      }
      return Path.of(uri);
    } catch (URISyntaxException | IOException e) {
      throw new IllegalStateException("cannot open personality " + name + ".f: " + e, e);
    }
  }

  /** The personality whose file {@code file} is, if it is one of fsbench's. */
  public static Optional<String> nameOf(Path file) {
    String base = file.getFileName() == null ? "" : file.getFileName().toString();
    if (!base.endsWith(".f")) {
      return Optional.empty();
    }
    String name = base.substring(0, base.length() - 2);
    return RULES.containsKey(name) && file(name).equals(file)
        ? Optional.of(name)
        : Optional.empty();
  }

  /**
   * The variables that give personality {@code name} a dataset of about {@code bytes}: files × mean
   * size, or the file size, rounded up (see the docs for each rule).
   *
   * @throws InvalidInputException for a personality whose dataset does not scale with a size
   */
  public static Map<String, String> scaled(String name, long bytes) {
    known(name);
    if (bytes <= 0) {
      throw new InvalidInputException("dataset (" + bytes + " bytes) must be positive");
    }
    Rule rule =
        RULES
            .get(name)
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        name
                            + " has no dataset to scale ("
                            + (name.startsWith("singlestreamwrite")
                                ? "its file grows for the whole run: set the runtime"
                                : "it is metadata only: set nfiles or ndirs")
                            + "); drop dataset="));
    long units = (long) Math.ceil(bytes / rule.perUnit());
    if (rule.minimum() > 1) {
      units = Math.max(1, (units + rule.minimum() - 1) / rule.minimum()) * rule.minimum();
    }
    return Map.of(rule.variable(), Long.toString(Math.max(1, units)));
  }

  /**
   * What the dataset takes on a volume, bytes and files, that {@code variables} give personality
   * {@code name}: from {@code dataset=SIZE} (twice it, as a run takes at most half the free space)
   * or from the variable its rule sets ({@code nfiles} × mean size, or the file size × files);
   * empty when neither is given or the personality has no rule ({@code dataset=NxRAM} is sized when
   * it runs).
   */
  public static Optional<Footprint> footprint(String name, Map<String, String> variables) {
    Optional<Rule> rule = RULES.getOrDefault(name, Optional.empty());
    if (rule.isEmpty()) {
      return Optional.empty();
    }
    Rule r = rule.get();
    long bytes;
    double room = 1;
    String dataset = variables.get(DATASET);
    String value = variables.get(r.variable());
    if (value != null) {
      long units =
          FilebenchRun.overrideValue(r.variable(), value) instanceof WmlScript.Value.Number n
              ? n.value()
              : -1;
      if (units <= 0) {
        return Optional.empty(); // refused, with the reason, when the run reads the variable
      }
      bytes = (long) Math.ceil(units * r.perUnit());
    } else if (dataset != null && !dataset.trim().toLowerCase(Locale.ROOT).endsWith("xram")) {
      bytes = target(dataset, 0, 0);
      room = 1 / FREE_SPACE_SHARE; // a run caps dataset= at half the free space it finds
    } else {
      return Optional.empty();
    }
    long files =
        r.variable().equals("nfiles") ? (long) Math.ceil(bytes / r.perUnit()) : (long) r.perUnit();
    // a block a file more for the last, partly filled block of each
    return Optional.of(
        new Footprint((long) Math.ceil((bytes + files * Footprint.BLOCK) * room), files));
  }

  /**
   * The dataset a {@code dataset=} value asks for: a size ({@code 8g}) or {@code NxRAM}, capped at
   * {@link #FREE_SPACE_SHARE} of {@code freeBytes}.
   */
  public static long target(String value, long ramBytes, long freeBytes) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    long wanted;
    if (v.endsWith("xram")) {
      double factor = parseFactor(v.substring(0, v.length() - 4), value);
      if (ramBytes <= 0) {
        throw new InvalidInputException(
            "dataset="
                + value
                + " needs the machine's RAM, which /proc/meminfo does not give;"
                + " give a size instead, e.g. dataset=8g");
      }
      wanted = (long) Math.ceil(factor * ramBytes);
    } else {
      wanted =
          FilebenchRun.overrideValue(DATASET, v) instanceof WmlScript.Value.Number n
              ? n.value()
              : -1;
      if (wanted <= 0) {
        throw new InvalidInputException(
            "dataset (" + value + ") must be a size such as 8g or a multiple of RAM such as 2xram");
      }
    }
    long cap = (long) (freeBytes * FREE_SPACE_SHARE);
    return freeBytes > 0 ? Math.min(wanted, cap) : wanted;
  }

  private static double parseFactor(String text, String value) {
    try {
      double factor = Double.parseDouble(text);
      if (factor > 0) {
        return factor;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new InvalidInputException(
        "dataset (" + value + ") must be a size such as 8g or a multiple of RAM such as 2xram");
  }

  /** The machine's RAM in bytes from /proc/meminfo; 0 when it cannot be read. */
  static long hostRamBytes() {
    try {
      return memTotal(Files.readAllLines(Path.of("/proc/meminfo")));
    } catch (IOException | UncheckedIOException e) {
      return 0; // no RAM size: dataset=NxRAM is then refused
    }
  }

  /** MemTotal in bytes from /proc/meminfo's lines ({@code MemTotal: 16318152 kB}); 0 without it. */
  static long memTotal(List<String> meminfo) {
    for (String line : meminfo) {
      if (line.startsWith("MemTotal:")) {
        String digits = line.replaceAll("[^0-9]", "");
        try {
          return digits.isEmpty() ? 0 : Long.parseLong(digits) << 10;
        } catch (NumberFormatException e) {
          return 0;
        }
      }
    }
    return 0;
  }

  private static void known(String name) {
    if (!RULES.containsKey(name)) {
      throw new InvalidInputException(
          "unknown filebench personality '"
              + name
              + "'; fsbench has "
              + String.join(", ", RULES.keySet()));
    }
  }
}
