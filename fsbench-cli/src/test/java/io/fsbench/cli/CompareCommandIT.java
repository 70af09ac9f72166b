package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code fsbench compare} as people run it, in a child JVM on real loop volumes: its four report
 * files agree on every number, and a run interrupted with Ctrl-C leaves nothing attached.
 */
class CompareCommandIT {

  /** Workloads of every kind that run in seconds: block I/O, lifecycle, PostMark, a tree. */
  private static final String WORKLOADS = "seqwrite,randwrite,fs-lifecycle,postmark,tree";

  private FsBenchProcess fsbench;
  private Path out;

  @BeforeAll
  static void readJackson() {
    // The tests run inside io.fsbench.cli, which does not read Jackson; only this test parses
    // JSON, so it adds the read edge for itself.
    CompareCommandIT.class
        .getModule()
        .addReads(ModuleLayer.boot().findModule("com.fasterxml.jackson.databind").orElseThrow());
  }

  @BeforeEach
  void setUp() throws IOException {
    assumeTrue(FsBenchProcess.isRoot(), "needs root: it makes loop devices and mounts");
    fsbench =
        new FsBenchProcess(Files.createTempDirectory(Path.of("/var/tmp"), "fsbench-compare-it-"));
    out = Files.createTempDirectory("fsbench-compare-report-");
  }

  @AfterEach
  void tearDown() throws Exception {
    if (fsbench != null) {
      fsbench.cleanUp();
    }
    FsBenchProcess.deleteRecursively(out);
  }

  @Test
  void reportsAgreeOnEveryNumber() throws Exception {
    assumeTrue(fsbench.available("ext4") && fsbench.available("xfs"), "needs ext4 and xfs");
    Path stdout = fsbench.workDir().resolve("stdout.txt");
    Path stderr = fsbench.workDir().resolve("stderr.txt");
    Process compare =
        fsbench.start(
            stdout,
            stderr,
            "compare",
            "--fs",
            "ext4,xfs",
            "--workloads",
            WORKLOADS,
            "--param",
            "tree:files=400",
            "--runtime",
            "2s",
            "--repeat",
            "1",
            "--out",
            out.toString());
    assertThat(compare.waitFor(10, TimeUnit.MINUTES)).as("finished in 10 minutes").isTrue();
    String err = Files.readString(stderr);
    assertThat(compare.exitValue()).as(err).isZero();
    assertThat(err).contains("runs done");
    assertThat(Files.readString(stdout)).contains("tree · extract.seconds");

    Map<String, Summary> json = fromJson(out.resolve("report.json"));
    assertThat(json).as("summaries in report.json").isNotEmpty();
    assertThat(fromCsv(out.resolve("report.csv"))).as("report.csv").isEqualTo(json);
    List<Shown> markdown = fromMarkdown(out.resolve("report.md"));
    List<Shown> html = fromHtml(out.resolve("report.html"));
    assertThat(html).as("rows in report.html").isEqualTo(markdown);
    assertShownAgree(markdown, json);
    assertThat(markdown.stream().map(m -> m.workload() + " " + m.metric()).distinct())
        .as("the tables' rows are report.json's row_metrics")
        .containsExactlyInAnyOrderElementsOf(rowMetrics(out.resolve("report.json")));
    // Every step of every workload has its rows on both filesystems.
    assertThat(markdown.stream().map(s -> s.workload() + " " + s.metric()).distinct())
        .contains(
            "seqwrite-128k write.bw",
            "randwrite-4k write.bw",
            "fs-lifecycle mkfs.seconds",
            "fs-lifecycle mount.seconds",
            "fs-lifecycle unmount.seconds",
            "postmark transactions_per_sec",
            "tree extract.seconds",
            "tree remove.seconds");
    assertThat(markdown.stream().map(Shown::fileSystem).distinct()).containsExactly("ext4", "xfs");
    assertThat(fsbench.attached()).as("attached after the run").isEmpty();
  }

  @Test
  void aPresetRunsItsTableAndTheReportsSayWhichAndHow() throws Exception {
    assumeTrue(fsbench.available("ext4") && fsbench.available("xfs"), "needs ext4 and xfs");
    FsBenchProcess.Finished run =
        fsbench.run(
            "compare",
            "--fs",
            "ext4,xfs",
            "--preset",
            "tar-rm",
            "--preset-param",
            "scale=0.02",
            "--repeat",
            "1",
            "--no-progress",
            "--out",
            out.toString());

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout())
        .contains("preset tar-rm: a tree extracted from a tar archive and removed")
        .contains("tar-rm files: 80000 → 1600 (scale 0.02)")
        .contains("tar-rm extract", "tar-rm remove")
        .doesNotContain("differs from its preset");
    JsonNode preset = new ObjectMapper().readTree(out.resolve("report.json").toFile());
    assertThat(preset.at("/settings/preset/name").asText()).isEqualTo("tar-rm");
    assertThat(preset.at("/settings/preset/scaling/0").asText()).startsWith("tar-rm files");
    String html = Files.readString(out.resolve("report.html"));
    assertThat(html).contains("<table class=\"heat\">").contains("The tar-rm table");
    // the two cells of each step: xfs's coloured by its ratio to ext4, the baseline's not
    assertThat(html).containsPattern("<td class=\"num\" style=\"background:#[0-9a-f]{6}\">");
    assertThat(fsbench.attached()).isEmpty();
  }

  @Test
  void aTimeBudgetTimesTheClassicTableFirstAndSaysHowItFittedIt() throws Exception {
    assumeTrue(fsbench.available("ext4"), "needs ext4");
    FsBenchProcess.Finished run =
        fsbench.run(
            "compare",
            "--fs",
            "ext4",
            "--preset",
            "classic-table",
            "--preset-param",
            "scale=0.001",
            "--preset-param",
            "budget=10m",
            "--repeat",
            "1",
            "--out",
            out.toString());

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    // each of the 18 rows timed at the low scale, the 12 whose data a budget can shrink at the
    // high one (not varmail's and webproxy's files, which they keep, nor videoserver's, at its
    // least of 1 MiB a video at scale 0.001)
    assertThat(run.stderr())
        .contains("time budget, timing at scale 0.004: [18/18]")
        .contains("time budget, timing at scale 0.016: [12/12]")
        .doesNotContain("[13/12]");
    JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
    List<String> scaling = new ArrayList<>();
    report.at("/settings/preset/scaling").forEach(n -> scaling.add(n.asText()));
    assertThat(scaling)
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("time budget 10m00s: each row timed once per filesystem")
                    .containsPattern("predicted \\d+|the table at its full sizes"));
    assertThat(report.at("/cells").size()).isEqualTo(18);
    // rows 47-51 ran filebench's personalities for 2 s (60 s at scale 0.001, at least 2 s)
    assertThat(scaling).contains("filebench:varmail run: 60 s → 2 s (scale 0.001)");
    List<String> filebench = new ArrayList<>();
    for (JsonNode cell : report.at("/cells")) {
      String workload = cell.get("workload").asText();
      if (workload.startsWith("filebench:")) {
        filebench.add(workload);
        assertThat(cell.get("failure").isNull()).as(cell.toString()).isTrue();
        assertThat(cell.at("/summaries/io_summary.ops/median").asDouble())
            .as(workload + " did I/O")
            .isPositive();
        assertThat(cell.at("/summaries/seconds/median").asDouble())
            .as(workload + " ran its 2 s")
            .isBetween(1.9, 3.0);
      }
    }
    assertThat(filebench)
        .containsExactly(
            "filebench:randomread",
            "filebench:randomwrite",
            "filebench:varmail",
            "filebench:webproxy",
            "filebench:videoserver");
    // the rows' classic labels (the reports' overview shows them where it has two columns or more)
    assertThat(
            report.at("/settings/preset/rows/filebench:randomread io_summary.ops_per_sec").asText())
        .isEqualTo("47");
    assertThat(
            report
                .at("/settings/preset/rows/filebench:videoserver io_summary.bytes_per_sec")
                .asText())
        .isEqualTo("51");
    assertThat(fsbench.attached()).isEmpty();
  }

  @Test
  void ctrlCLeavesNothingAttached() throws Exception {
    String fileSystem = fsbench.available("zfs") ? "zfs" : "ext4";
    assumeTrue(fsbench.available(fileSystem), fileSystem + " is not available here");
    Path stderr = fsbench.workDir().resolve("stderr.txt");
    Process compare =
        fsbench.start(
            fsbench.workDir().resolve("stdout.txt"),
            stderr,
            "compare",
            "--fs",
            fileSystem + ",ext4",
            "--workloads",
            "fs-lifecycle,postmark",
            "--param",
            "postmark:transactions=100000000",
            "--repeat",
            "1",
            "--out",
            out.toString());
    boolean mounted =
        FsBenchProcess.await(
            Duration.ofMinutes(3),
            () -> read(stderr).contains("running postmark") && fsbench.mountedUnderWorkDir());
    assertThat(mounted).as("postmark's volume was mounted; stderr: %s", read(stderr)).isTrue();
    assertThat(compare.isAlive()).as("still running when interrupted").isTrue();

    FsBenchProcess.system("kill", "-INT", Long.toString(compare.pid())); // what Ctrl-C sends

    assertThat(compare.waitFor(3, TimeUnit.MINUTES)).as("exited after SIGINT").isTrue();
    assertThat(fsbench.attached()).as("attached after Ctrl-C").isEmpty();
    assertThat(FsBenchProcess.poolsOf(compare.pid())).as("zpool list after Ctrl-C").isEmpty();
    assertThat(String.join("\n", FsBenchProcess.system("losetup", "-a")))
        .doesNotContain(fsbench.workDir().toString());
    assertThat(read(stderr)).doesNotContain("could not release");
    // The runs made before Ctrl-C are not lost: the report says the comparison was interrupted.
    assertThat(out.resolve("report.json")).exists();
    assertThat(Files.readString(out.resolve("report.json"))).contains("interrupted");
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** A metric of one cell as measured: the key is {@code workload|filesystem|tuning|metric}. */
  record Summary(String unit, int n, double median) {}

  /** A row of a human-readable table: the median as shown, in the table's unit symbol. */
  record Shown(
      String workload,
      String metric,
      String symbol,
      String fileSystem,
      String tuning,
      String median,
      String n) {}

  private static String key(String workload, String fs, String tuning, String metric) {
    return workload + "|" + fs + "|" + tuning + "|" + metric;
  }

  private static Map<String, Summary> fromJson(Path file) throws IOException {
    JsonNode root = new ObjectMapper().readTree(file.toFile());
    Map<String, Summary> map = new LinkedHashMap<>();
    for (JsonNode cell : root.path("cells")) {
      var fields = cell.path("summaries").fields();
      while (fields.hasNext()) {
        var e = fields.next();
        JsonNode s = e.getValue();
        map.put(
            key(
                cell.path("workload").asText(),
                cell.path("filesystem").asText(),
                cell.path("tuning").path("label").asText(),
                e.getKey()),
            new Summary(s.path("unit").asText(), s.path("n").asInt(), s.path("median").asDouble()));
      }
    }
    return map;
  }

  /** {@code workload metric} for every row metric of every cell in report.json. */
  private static List<String> rowMetrics(Path file) throws IOException {
    List<String> rows = new ArrayList<>();
    for (JsonNode cell : new ObjectMapper().readTree(file.toFile()).path("cells")) {
      for (JsonNode metric : cell.path("row_metrics")) {
        String row = cell.path("workload").asText() + " " + metric.asText();
        if (!rows.contains(row)) {
          rows.add(row);
        }
      }
    }
    return rows;
  }

  private static Map<String, Summary> fromCsv(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    List<String> header = List.of(lines.get(0).split(","));
    Map<String, Summary> map = new LinkedHashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1); // no field of these workloads holds a comma
      map.put(
          key(
              f[header.indexOf("workload")],
              f[header.indexOf("filesystem")],
              f[header.indexOf("tuning")],
              f[header.indexOf("metric")]),
          new Summary(
              f[header.indexOf("unit")],
              Integer.parseInt(f[header.indexOf("n")]),
              Double.parseDouble(f[header.indexOf("median")])));
    }
    return map;
  }

  private static final Pattern MD_HEADING =
      Pattern.compile("^### (.+?) — (\\S+) \\(([^,]+),.*\\)$");
  private static final Pattern MD_ROW =
      Pattern.compile("^\\| (.+?) \\| (.+?) \\| (.+?) \\| .+? \\| .+? \\| (\\d+) \\| .*\\|$");

  private static List<Shown> fromMarkdown(Path file) throws IOException {
    List<Shown> rows = new ArrayList<>();
    String[] table = null;
    for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String line = raw.replaceAll("\\\\(.)", "$1"); // the writer escapes _ * # | and the like
      if (line.startsWith("## ")) {
        table = null; // the results end where the next section starts
      }
      Matcher h = MD_HEADING.matcher(line);
      if (h.matches()) {
        table = new String[] {h.group(1), h.group(2), h.group(3)};
        continue;
      }
      Matcher r = MD_ROW.matcher(line);
      if (table != null && r.matches() && !r.group(1).equals("filesystem")) {
        rows.add(
            new Shown(
                table[0], table[1], table[2], r.group(1), r.group(2), r.group(3), r.group(4)));
      }
    }
    return rows;
  }

  private static final Pattern HTML_GROUP =
      Pattern.compile(
          "<tr class=\"group\"><th colspan=\"7\">(.+?) <span class=\"unit\">(\\S+) \\(([^,]+),");
  private static final Pattern HTML_ROW =
      Pattern.compile(
          "<tr><td>(.+?)</td><td>(.+?)</td><td class=\"num\">(.+?)</td>"
              + "<td class=\"num\">.+?</td><td class=\"num\">.+?</td><td class=\"num\">(\\d+)</td>");

  private static List<Shown> fromHtml(Path file) throws IOException {
    String html = Files.readString(file, StandardCharsets.UTF_8);
    int start = html.indexOf("<section id=\"results\">");
    String results = html.substring(start, html.indexOf("</section>", start));
    List<Shown> rows = new ArrayList<>();
    String[] table = null;
    for (String line : results.split("\n")) {
      String text = unescapeHtml(line);
      Matcher h = HTML_GROUP.matcher(text);
      if (h.find()) {
        table = new String[] {h.group(1), h.group(2), h.group(3)};
        continue;
      }
      Matcher r = HTML_ROW.matcher(text);
      if (table != null && r.find()) {
        rows.add(
            new Shown(
                table[0], table[1], table[2], r.group(1), r.group(2), r.group(3), r.group(4)));
      }
    }
    return rows;
  }

  private static String unescapeHtml(String s) {
    return s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
  }

  /**
   * Each shown median is the JSON's, scaled to the table's unit and rounded to at least three
   * significant digits (whole numbers from 100 up), so it is within 0.5% of it.
   */
  private static void assertShownAgree(List<Shown> shown, Map<String, Summary> json) {
    assertThat(shown).as("rows shown").isNotEmpty();
    for (Shown s : shown) {
      Summary summary = json.get(key(s.workload(), s.fileSystem(), s.tuning(), s.metric()));
      assertThat(summary).as("report.json has %s", s).isNotNull();
      assertThat(s.n()).as("runs of %s", s).isEqualTo(Integer.toString(summary.n()));
      double expected = summary.median() / divisor(s.symbol(), summary.unit());
      assertThat(Double.parseDouble(s.median()))
          .as("median of %s against report.json's %s", s, summary.median())
          .isCloseTo(expected, within(Math.abs(expected) * 0.005 + 1e-12));
    }
  }

  /** What the writers divide raw values by to show them in {@code symbol}. */
  private static double divisor(String symbol, String unit) {
    if (symbol.equals("MiB/s")) {
      return 1 << 20;
    }
    if (unit.equals("nanoseconds")) {
      return switch (symbol) {
        case "s" -> 1e9;
        case "ms" -> 1e6;
        case "µs" -> 1e3;
        default -> 1;
      };
    }
    if (unit.equals("bytes")) {
      List<String> symbols = List.of("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB");
      return Math.pow(1024, Math.max(0, symbols.indexOf(symbol)));
    }
    return 1;
  }
}
