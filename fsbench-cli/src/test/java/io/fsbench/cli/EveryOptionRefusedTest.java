package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every option of {@code run}, {@code fio}, {@code compare} and {@code volume}, given a bad value
 * (or, for a flag, given where it would do nothing), is refused with exit 2 before the shell runs a
 * single command and before anything is made; and no message shows a Java exception or a stack
 * trace. The table below must name a case for every option the commands declare: a new option
 * without one fails {@link #everyOptionOfEveryCommandHasACase}.
 */
class EveryOptionRefusedTest {

  @TempDir Path temp;

  private Path file;
  private Path dir;
  private Path jobFile;
  private Path filebenchFile;
  private Path secret;

  /** One bad use of an option: the command line and what the refusal must name. */
  private record Case(String command, String option, List<String> args, List<String> named) {}

  /** Options that take no value and conflict with nothing, so they have no bad use. */
  private static final Set<String> NO_BAD_USE = Set.of("--help", "--version", "--no-progress");

  private static final List<String> COMMANDS =
      List.of("run", "fio", "compare", "volume", "check", "agent");

  /**
   * Commands that only read the machine's state, which a refusal may use to say what is there: the
   * list of plugins in "unknown filesystem" names zfs's availability, which asks for pools.
   */
  private static final Set<String> READ_ONLY_PROBES = Set.of("zpool list -H -o name");

  @BeforeEach
  void setUp() throws IOException {
    file = Files.writeString(temp.resolve("a-file"), "x");
    dir = Files.createDirectory(temp.resolve("a-dir"));
    jobFile = Files.writeString(temp.resolve("job.fio"), "[j]\nrw=write\nbs=4k\nsize=1m\n");
    filebenchFile = Files.writeString(temp.resolve("tiny.f"), "run 1\n");
    secret = Files.writeString(temp.resolve("fsbench-secret"), "0123456789abcdef0123456789abcdef");
    Files.setPosixFilePermissions(
        secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
  }

  private List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    String job = jobFile.toString();
    for (String command : List.of("run", "fio", "volume", "check")) {
      // What a run needs besides the option under test.
      List<String> base =
          switch (command) {
            case "run" -> List.of("run", "--rw=write", "--bs=4k", "--size=1m");
            case "fio" -> List.of("fio", job);
            case "check" -> List.of("check", "--expect", "randwrite-4k.iops>=1");
            default -> List.of("volume");
          };
      add(cases, command, "--fs", base, List.of("--fs", "xfz"), "'xfz'");
      add(cases, command, "--dir", base, List.of("--dir", "/nonexistent"), "/nonexistent");
      add(
          cases,
          command,
          "--device",
          base,
          List.of("--fs", "ext4", "--device", file.toString(), "--yes-erase-device"),
          file.toString(),
          "not a block device");
      add(
          cases,
          command,
          "--yes-erase-device",
          base,
          List.of("--fs", "ext4", "--yes-erase-device"),
          "--yes-erase-device",
          "--device");
      add(
          cases,
          command,
          "--force",
          base,
          List.of("--fs", "ext4", "--force"),
          "--force",
          "--device");
      add(
          cases,
          command,
          "--image-size",
          base,
          List.of("--fs", "ext4", "--image-size", "12q"),
          "--image-size",
          "12q");
      add(cases, command, "--tune", base, List.of("--fs", "ext4", "--tune", "data=bogus"), "bogus");
    }
    for (String command : List.of("run", "fio")) {
      List<String> base =
          command.equals("run")
              ? List.of("run", "--fs", "ext4", "--rw=write", "--bs=4k", "--size=1m")
              : List.of("fio", job, "--fs", "ext4");
      add(cases, command, "--output-format", base, List.of("--output-format", "xml"), "xml");
      add(cases, command, "--output", base, List.of("--output", dir.toString()), dir.toString());
      add(
          cases,
          command,
          "--status-interval",
          base,
          List.of("--status-interval", "0"),
          "--status-interval (0)");
      add(
          cases,
          command,
          "--status-format",
          base,
          List.of("--status-interval", "1s", "--status-format", "xml"),
          "--status-format (xml)");
    }
    add(
        cases,
        "fio",
        "JOBFILE",
        List.of("fio"),
        List.of("/nonexistent.fio", "--fs", "ext4"),
        "/nonexistent.fio");
    List<String> named = List.of("run", "--fs", "ext4");
    add(cases, "run", "--workload", named, List.of("--workload", "postmrk"), "'postmrk'");
    add(
        cases,
        "run",
        "--param",
        named,
        List.of("--workload", "postmark", "--param", "numbr=5"),
        "numbr");
    add(
        cases,
        "run",
        "--drop-caches",
        named,
        List.of("--workload", "postmark", "--drop-caches"),
        "--drop-caches");

    List<String> compare =
        List.of("compare", "--no-progress", "--out", temp.resolve("r").toString());
    List<String> ext4 = new ArrayList<>(compare);
    ext4.addAll(List.of("--fs", "ext4"));
    add(cases, "compare", "--fs", compare, List.of("--fs", "xfz"), "'xfz'");
    add(cases, "compare", "--workloads", ext4, List.of("--workloads", "seqreed"), "'seqreed'");
    add(cases, "compare", "--param", ext4, List.of("--param", "nonsense:bs=4k"), "'nonsense'");
    add(cases, "compare", "--runtime", ext4, List.of("--runtime", "0"), "--runtime (0)");
    add(cases, "compare", "--repeat", ext4, List.of("--repeat", "0"), "repetitions (0)");
    add(cases, "compare", "--until-ci", ext4, List.of("--until-ci", "200"), "--until-ci (200.0)");
    add(cases, "compare", "--baseline", ext4, List.of("--baseline", "xfs"), "baseline (xfs)");
    add(cases, "compare", "--tune", ext4, List.of("--tune", "ext4:cow=off"), "cow=off");
    add(cases, "compare", "--also-defaults", ext4, List.of("--also-defaults"), "--also-defaults");
    add(cases, "compare", "--cache", ext4, List.of("--cache", "tepid"), "--cache (tepid)");
    add(
        cases,
        "compare",
        "--preset",
        ext4,
        List.of("--preset", "classic-tabel"),
        "preset (classic-tabel) is not one of classic-io, classic-table, tar-rm");
    add(
        cases,
        "compare",
        "--preset-param",
        ext4,
        List.of("--preset", "tar-rm", "--preset-param", "scale=2"),
        "scale (2) must be a fraction above 0 and at most 1");
    add(
        cases,
        "compare",
        "--preset-tunings",
        ext4,
        List.of("--preset-tunings"),
        "--preset-tunings has no effect without --preset");
    add(
        cases,
        "compare",
        "--cpus-allowed",
        ext4,
        List.of("--cpus-allowed", "0-x"),
        "CPU list (0-x)");
    add(
        cases,
        "compare",
        "--fresh-volume",
        ext4,
        List.of("--fresh-volume", "always"),
        "--fresh-volume (always)");
    add(
        cases,
        "compare",
        "--image-size",
        ext4,
        List.of("--image-size", "12q"),
        "--image-size",
        "12q");
    add(cases, "compare", "--dir", compare, List.of("--dir", "/proc"), "/proc");
    add(
        cases,
        "compare",
        "--device",
        ext4,
        List.of("--device", file.toString(), "--yes-erase-device"),
        file.toString());
    add(
        cases,
        "compare",
        "--yes-erase-device",
        ext4,
        List.of("--yes-erase-device"),
        "--yes-erase-device",
        "--device");
    add(cases, "compare", "--force", ext4, List.of("--force"), "--force", "--device");
    add(
        cases,
        "compare",
        "--aged",
        ext4,
        List.of("--aged", "desktop:fullness=150%"),
        "fullness (150.0%)",
        "between 5% and 98%");
    add(
        cases,
        "compare",
        "--out",
        List.of("compare", "--fs", "ext4"),
        List.of("--out", file.toString()),
        "--out (" + file + ")");
    List<String> check = List.of("check", "--fs", "ext4");
    String pass = "randwrite-4k.iops>=1";
    add(
        cases,
        "check",
        "--expect",
        check,
        List.of("--expect", "randwrite-4k.latency<=1ms"),
        "'latency'",
        "sync.p99");
    add(
        cases,
        "check",
        "--expect",
        check,
        List.of("--expect", "fdatasync.p99<=10"),
        "(10)",
        "10ms");
    add(
        cases,
        "check",
        "--expect",
        check,
        List.of("--expect", "randwrite-4k.iops=>1"),
        "'=>'",
        ">=");
    add(cases, "check", "--check", check, List.of("--check", "fdatasinc"), "'fdatasinc'");
    add(
        cases,
        "check",
        "--plausible",
        check,
        List.of("--expect", pass, "--plausible", "randwrite-4k.iops=5"),
        "randwrite-4k.iops=5",
        "LOW..HIGH");
    add(
        cases,
        "check",
        "--param",
        check,
        List.of("--expect", pass, "--param", "randwrite-4k.nonsense=1"),
        "nonsense");
    add(
        cases,
        "check",
        "--within",
        check,
        List.of("--expect", pass, "--within", "0"),
        "--within (0)");
    add(cases, "check", "--plan", check, List.of("--plan", file.toString()), "--plan " + file);
    add(
        cases,
        "check",
        "--output-format",
        check,
        List.of("--expect", pass, "--output-format", "xml"),
        "--output-format (xml)",
        "junit-xml");
    clusterCases(cases);
    return cases;
  }

  /** --cluster and its companions on {@code command} (run or fio). */
  private void companionCases(List<Case> cases, String command, List<String> run, String s) {
    List<String> onCluster = new ArrayList<>(run);
    onCluster.addAll(List.of("--cluster", "t", "--secret", s));
    add(
        cases,
        command,
        "--cluster",
        run,
        List.of("--cluster", "bad name", "--secret", s),
        "cluster name (bad name)");
    add(cases, command, "--clients", onCluster, List.of("--clients", "0"), "clients (0)");
    add(
        cases,
        command,
        "--per-client-dir",
        run,
        List.of("--per-client-dir"),
        "--per-client-dir applies to a cluster run");
    add(
        cases,
        command,
        "--shared-dir",
        onCluster,
        List.of("--shared-dir"),
        "cannot share one directory between clients");
    add(
        cases,
        command,
        "--secret",
        run,
        List.of("--cluster", "t", "--secret", file.toString()),
        "secret file (" + file + ")");
    add(cases, command, "--peers", onCluster, List.of("--peers", "nonsense"), "peer (nonsense)");
    add(cases, command, "--dns", onCluster, List.of("--dns", "bad name"), "DNS name (bad name)");
    add(
        cases,
        command,
        "--bind",
        run,
        List.of("--bind", "127.0.0.1"),
        "--bind applies to a cluster run");
    add(cases, command, "--port", onCluster, List.of("--port", "70000"), "port (70000)");
    add(cases, command, "--members-within", onCluster, List.of("--members-within", "soon"), "soon");
    add(
        cases,
        command,
        "--stonewall",
        run,
        List.of("--stonewall"),
        "--stonewall applies to a cluster run");
    add(
        cases,
        command,
        "--no-phase-barrier",
        onCluster,
        List.of("--no-phase-barrier"),
        "has no such phases");
    add(
        cases,
        command,
        "--neighbour-stride",
        onCluster,
        List.of("--neighbour-stride", "0"),
        "neighbour stride (0)");
  }

  /** run and fio --cluster and their companions, compare and filebench refusing it, the agent. */
  private void clusterCases(List<Case> cases) {
    String d = dir.toString();
    String s = secret.toString();
    for (String command : List.of("run", "fio")) {
      List<String> run =
          command.equals("run")
              ? List.of("run", "--rw=write", "--bs=4k", "--size=1m", "--dir", d)
              : List.of("fio", jobFile.toString(), "--dir", d);
      companionCases(cases, command, run, s);
    }
    add(
        cases,
        "run",
        "--stonewall",
        List.of("run", "--workload", "bonnie", "--dir", d, "--cluster", "t", "--secret", s),
        List.of("--stonewall"),
        "--stonewall ends each client's run early",
        "workload bonnie");
    List<String> compare =
        List.of("compare", "--no-progress", "--out", temp.resolve("r").toString(), "--dir", d);
    companionCases(cases, "compare", compare, s);
    compareOnClusterCases(cases, s);
    add(
        cases,
        "filebench",
        "--cluster",
        List.of("filebench", jobFile.toString(), "--dir", d, "--cluster", "t", "--secret", s),
        List.of("--allow-system"),
        "--allow-system is not available in a --cluster run");
    add(
        cases,
        "filebench",
        "--shared-dir",
        List.of("filebench", filebenchFile.toString(), "--dir", d, "--cluster", "t", "--secret", s),
        List.of("--shared-dir"),
        "filebench workload file tiny.f cannot share one directory");
    List<String> agent = List.of("agent", "--allow-dir", d);
    List<String> agentIn = List.of("agent", "--cluster", "t", "--secret", s, "--allow-dir", d);
    add(
        cases,
        "agent",
        "--cluster",
        agent,
        List.of("--cluster", "bad name", "--secret", s),
        "cluster name (bad name)");
    add(
        cases,
        "agent",
        "--bind",
        agentIn,
        List.of("--bind", "no-such-host.invalid"),
        "no-such-host.invalid");
    add(cases, "agent", "--port", agentIn, List.of("--port", "0"), "port (0)");
    add(cases, "agent", "--peers", agentIn, List.of("--peers", "h:x"), "peer (h:x)");
    add(
        cases,
        "agent",
        "--dns",
        agentIn,
        List.of("--dns", "agents.test@10.0.0.2:99999"),
        "DNS server (10.0.0.2:99999)");
    add(
        cases,
        "agent",
        "--secret",
        agent,
        List.of("--cluster", "t", "--secret", file.toString()),
        "secret file (" + file + ")");
    add(
        cases,
        "agent",
        "--allow-dir",
        List.of("agent", "--cluster", "t", "--secret", s),
        List.of("--allow-dir", "/nonexistent"),
        "/nonexistent");
    add(
        cases,
        "agent",
        "--allow-device",
        agentIn,
        List.of("--allow-device", file.toString()),
        "--allow-device " + file);
  }

  /**
   * What a comparison on a cluster refuses: every option that makes, tunes or treats volumes on
   * this machine, by name, and a comparison without a directory.
   */
  private void compareOnClusterCases(List<Case> cases, String s) {
    List<String> onCluster =
        List.of(
            "compare",
            "--no-progress",
            "--out",
            temp.resolve("r").toString(),
            "--cluster",
            "t",
            "--secret",
            s);
    List<String> inDir = new ArrayList<>(onCluster);
    inDir.addAll(List.of("--dir", dir.toString()));
    String refused = "does not apply to a --cluster comparison";
    add(cases, "compare", "--dir", onCluster, List.of(), "give --dir PATH as the agents see it");
    add(cases, "compare", "--dir", inDir, List.of("--dir", dir.toString()), "given twice");
    add(cases, "compare", "--dir", inDir, List.of("--dir", "=x"), "--dir (=x) must be PATH");
    add(cases, "compare", "--fs", inDir, List.of("--fs", "ext4"), "--fs " + refused);
    add(cases, "compare", "--device", inDir, List.of("--device", file.toString()), "--device");
    add(cases, "compare", "--image-size", inDir, List.of("--image-size", "1g"), "--image-size");
    add(
        cases,
        "compare",
        "--tune",
        inDir,
        List.of("--tune", "ext4:atime=off"),
        "--tune " + refused);
    add(
        cases,
        "compare",
        "--fresh-volume",
        inDir,
        List.of("--fresh-volume", "cell"),
        "--fresh-volume");
    add(cases, "compare", "--aged", inDir, List.of("--aged", "desktop"), "--aged " + refused);
    add(
        cases,
        "compare",
        "--preset",
        inDir,
        List.of("--preset", "classic-io"),
        "--preset " + refused);
    add(
        cases,
        "compare",
        "--cpus-allowed",
        inDir,
        List.of("--cpus-allowed", "0"),
        "--cpus-allowed");
    add(
        cases,
        "compare",
        "--cache",
        inDir,
        List.of("--cache", "cold"),
        "cannot drop their page cache");
    add(
        cases,
        "compare",
        "--baseline",
        onCluster,
        List.of("--dir", "a=" + dir, "--dir", "b=/mnt/b", "--baseline", "c"),
        "baseline (c)");
    add(
        cases,
        "compare",
        "--dir",
        List.of("compare", "--no-progress", "--out", temp.resolve("r").toString()),
        List.of("--dir", dir.toString(), "--dir", "/mnt/b"),
        "--dir is given 2 times",
        "--cluster");
    add(
        cases,
        "compare",
        "--stonewall",
        inDir,
        List.of("--workloads", "bonnie", "--stonewall"),
        "workload bonnie runs to its end");
  }

  private static void add(
      List<Case> cases,
      String command,
      String option,
      List<String> base,
      List<String> args,
      String... named) {
    List<String> all = new ArrayList<>(base);
    all.addAll(args);
    cases.add(new Case(command, option, all, List.of(named)));
  }

  @TestFactory
  Stream<DynamicTest> aBadValueOfEachOptionIsRefusedBeforeAnyCommandRuns() {
    return cases().stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    String.join(" ", c.args()), () -> assertRefusedBeforeAnythingRuns(c)));
  }

  private void assertRefusedBeforeAnythingRuns(Case c) throws IOException {
    RecordingCli cli = new RecordingCli(temp.resolve(c.command() + c.option()));
    int exit = cli.run(c.args().toArray(String[]::new));
    assertThat(exit).as(cli.err()).isEqualTo(2);
    assertThat(cli.err()).as("the refusal names the value").contains(c.named());
    assertThat(cli.err())
        .as("no Java exception or stack trace reaches the user")
        .doesNotContainPattern("[a-z]\\.[A-Z][A-Za-z]*(Exception|Error)\\b")
        .doesNotContain("Exception:")
        .doesNotContain("\tat ");
    assertThat(cli.commands())
        .as("commands the shell ran")
        .allSatisfy(command -> assertThat(READ_ONLY_PROBES).contains(command));
    assertThat(made(cli.workDir())).as("made in the work dir").isEmpty();
    assertThat(temp.resolve("r")).as("the report directory").doesNotExist();
    assertThat(Files.readString(file)).isEqualTo("x");
  }

  /** Files and non-empty directories under the work dir, other than the registry. */
  private static List<Path> made(Path workDir) throws IOException {
    if (!Files.exists(workDir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(workDir)) {
      return walk.filter(p -> !p.equals(workDir))
          .filter(p -> !workDir.relativize(p).startsWith("registry"))
          .filter(p -> !Files.isDirectory(p))
          .toList();
    }
  }

  @Test
  void everyOptionOfEveryCommandHasACase() {
    CommandLine cli =
        Main.commandLine(
            new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), () -> null);
    Map<String, Set<String>> covered = new LinkedHashMap<>();
    for (Case c : cases()) {
      covered.computeIfAbsent(c.command(), k -> new TreeSet<>()).add(c.option());
    }
    for (String command : COMMANDS) {
      Set<String> missing = new TreeSet<>();
      for (OptionSpec option : cli.getSubcommands().get(command).getCommandSpec().options()) {
        String name = option.longestName();
        if (!NO_BAD_USE.contains(name) && !covered.getOrDefault(command, Set.of()).contains(name)) {
          missing.add(name);
        }
      }
      assertThat(missing).as("options of " + command + " without a bad-value case").isEmpty();
    }
  }
}
