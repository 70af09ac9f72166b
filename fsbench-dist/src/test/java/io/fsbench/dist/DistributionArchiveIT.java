package io.fsbench.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The distribution as an installer uses it: the archive that {@code package} built, unpacked by tar
 * into a fresh directory, run through {@code bin/fsbench} with a PATH that has the system's tools
 * but no java and no mvn, and no JAVA_HOME: only the runtime inside the archive can start it. Needs
 * neither root nor a filesystem tool (plugins are listed as unavailable without them).
 */
class DistributionArchiveIT {

  private static final Path TARGET = Path.of(System.getProperty("fsbench.dist.dir", "target"));
  private static final String VERSION = System.getProperty("fsbench.dist.version", "");

  private static Path scratch;
  private static Path home;
  private static Path noJdkPath;

  @BeforeAll
  static void unpackTheArchive() throws Exception {
    scratch = Files.createTempDirectory("fsbench-dist-it-");
    Path archive = onlyFile("fsbench-" + VERSION + "-linux-", ".tar.gz");
    Path unpacked = Files.createDirectories(scratch.resolve("fsbench-unpacked"));
    Finished tar =
        run(List.of("tar", "-xzf", archive.toString(), "-C", unpacked.toString()), System.getenv());
    assertThat(tar.exitCode()).as("tar -xzf %s: %s", archive, tar.stderr()).isZero();
    String top = archive.getFileName().toString().replace(".tar.gz", "");
    home = unpacked.resolve(top);
    noJdkPath = Files.createDirectories(scratch.resolve("fsbench-path"));
    linkSystemToolsExceptJavaAndMaven(noJdkPath);
  }

  @AfterAll
  static void deleteScratch() throws IOException {
    if (scratch != null) {
      deleteRecursively(scratch);
    }
  }

  @Test
  void theTestsPathHasNeitherJavaNorMaven() throws Exception {
    for (String tool : List.of("java", "javac", "jlink", "mvn")) {
      Finished which = inNoJdkEnvironment(List.of("sh", "-c", "command -v " + tool));
      assertThat(which.exitCode()).as("%s found at %s", tool, which.stdout()).isNotZero();
    }
  }

  @Test
  void archiveHoldsTheLauncherTheRuntimeAndTheJars() {
    assertThat(home.resolve("bin/fsbench")).isExecutable();
    assertThat(home.resolve("runtime/bin/java")).isExecutable();
    assertThat(home.resolve("runtime/lib/modules")).isRegularFile();
    assertThat(home.resolve("lib").toFile().list())
        .anyMatch(jar -> jar.startsWith("fsbench-core-"))
        .anyMatch(jar -> jar.startsWith("fsbench-cli-"))
        .anyMatch(jar -> jar.startsWith("fsbench-ext4-"));
  }

  @Test
  void listsEveryPluginWithTheArchivesOwnRuntime() throws Exception {
    Finished plugins = fsbench("plugins");

    assertThat(plugins.exitCode()).as(plugins.stderr()).isZero();
    assertThat(plugins.stdout().lines().map(l -> l.split("\\s+")[0]))
        .contains("ID", "btrfs", "ext4", "xfs", "zfs");
  }

  @Test
  void runsAShortJobInADirectoryThroughTheJniShim() throws Exception {
    Path dir = Files.createDirectories(scratch.resolve("fsbench-run-dir"));

    Finished run =
        fsbench(
            "run",
            "--dir",
            dir.toString(),
            "--rw=randwrite",
            "--bs=4k",
            "--size=8m",
            "--runtime=1s",
            "--output-format=json");

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout())
        .contains("\"jobname\" : \"randwrite-4k\"")
        // the shim is a resource of fsbench-core's jar; "jna" here would mean it did not load
        .contains("\"tool.fsbench-native-io\" : \"jni\"");
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).as("what the run left in its directory").isEmpty();
    }
  }

  @Test
  void qualifiesADirectoryWithFsbenchCheckAndPassesItsExitCodeOn() throws Exception {
    Path dir = Files.createDirectories(scratch.resolve("fsbench-check-dir"));

    Finished pass =
        fsbench(
            "check",
            "--dir",
            dir.toString(),
            "--expect",
            "randwrite-4k.iops>=1",
            "--param",
            "randwrite-4k.size=8m",
            "--param",
            "randwrite-4k.runtime=1s",
            "--within",
            "60s",
            "--output-format",
            "junit-xml");
    Finished fail =
        fsbench(
            "check",
            "--dir",
            dir.toString(),
            "--expect",
            "randwrite-4k.iops>=1000000000",
            "--param",
            "randwrite-4k.size=8m",
            "--param",
            "randwrite-4k.runtime=1s",
            "--within",
            "60s");

    assertThat(pass.exitCode()).as(pass.stderr()).isZero();
    assertThat(pass.stdout()).contains("<testsuite", "<testcase", "randwrite-4k");
    assertThat(fail.exitCode()).as(fail.stderr()).isEqualTo(4);
  }

  @Test
  void printsTheVersionItWasBuiltAs() throws Exception {
    Finished version = fsbench("--version");

    assertThat(version.exitCode()).isZero();
    assertThat(version.stdout().trim()).isEqualTo("fsbench " + VERSION);
  }

  @Test
  void runsThroughASymlinkOnThePathAndPassesTheExitCodeOn() throws Exception {
    Files.createSymbolicLink(noJdkPath.resolve("fsbench"), home.resolve("bin/fsbench"));

    // sh finds fsbench on the PATH given to it (a ProcessBuilder looks in this JVM's own PATH)
    Finished bad =
        inNoJdkEnvironment(
            List.of("sh", "-c", "exec fsbench run --dir \"$1\" --bs=nonsense", "sh", "/tmp"));

    assertThat(bad.exitCode()).as("bad input").isEqualTo(2);
    assertThat(bad.stderr()).startsWith("fsbench: ").doesNotContain("Exception");
  }

  @Test
  void debPackageRunsFromTheTreeItInstalls() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Boolean.parseBoolean(System.getProperty("fsbench.dist.deb", "false")),
        "the .deb was not built (-Ddist.deb=false)");
    Path deb = onlyFile("fsbench_", ".deb");
    Path root = Files.createDirectories(scratch.resolve("fsbench-deb-root"));
    Finished extract =
        run(List.of("dpkg-deb", "-x", deb.toString(), root.toString()), System.getenv());
    assertThat(extract.exitCode()).as(extract.stderr()).isZero();

    Finished plugins =
        inNoJdkEnvironment(List.of(root.resolve("opt/fsbench/bin/fsbench").toString(), "plugins"));

    assertThat(plugins.exitCode()).as(plugins.stderr()).isZero();
    assertThat(plugins.stdout()).contains("ext4", "xfs");
  }

  private static Finished fsbench(String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(home.resolve("bin/fsbench").toString());
    command.addAll(List.of(args));
    return inNoJdkEnvironment(command);
  }

  /** As an installer's shell would run it: PATH without java or mvn, no JAVA_HOME. */
  private static Finished inNoJdkEnvironment(List<String> command) throws Exception {
    return run(
        command,
        Map.of(
            "PATH", noJdkPath.toString(),
            "HOME", scratch.toString(),
            "LANG", "C.UTF-8",
            "FSBENCH_WORK_DIR", scratch.resolve("fsbench-work").toString()));
  }

  /** What a finished process printed and returned. */
  record Finished(int exitCode, String stdout, String stderr) {}

  private static Finished run(List<String> command, Map<String, String> environment)
      throws Exception {
    Path out = Files.createTempFile(scratch, "fsbench-out-", ".txt");
    Path err = Files.createTempFile(scratch, "fsbench-err-", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    builder.environment().clear();
    builder.environment().putAll(environment);
    Process process = builder.start();
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError(String.join(" ", command) + " did not end in 5 minutes");
    }
    return new Finished(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** The one file in target whose name starts and ends so; a build makes exactly one. */
  private static Path onlyFile(String prefix, String suffix) throws IOException {
    try (Stream<Path> files = Files.list(TARGET)) {
      List<Path> found =
          files
              .filter(f -> f.getFileName().toString().startsWith(prefix))
              .filter(f -> f.getFileName().toString().endsWith(suffix))
              .toList();
      assertThat(found)
          .as("%s*%s in %s (run mvn package first)", prefix, suffix, TARGET)
          .hasSize(1);
      return found.get(0);
    }
  }

  /**
   * A directory of symlinks to the system's commands, leaving out every one that resolves into a
   * JDK or Maven: /usr/bin/java is a link into the JDK, so the system's own PATH will not do.
   */
  private static void linkSystemToolsExceptJavaAndMaven(Path dir) throws IOException {
    for (String system :
        List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin")) {
      if (!Files.isDirectory(Path.of(system))) {
        continue;
      }
      try (Stream<Path> tools = Files.list(Path.of(system))) {
        for (Path tool : tools.toList()) {
          Path link = dir.resolve(tool.getFileName().toString());
          if (!Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)
              && Files.exists(tool)
              && !javaOrMaven(tool.toRealPath())) {
            Files.createSymbolicLink(link, tool);
          }
        }
      }
    }
  }

  private static boolean javaOrMaven(Path real) {
    String path = real.toString();
    return path.contains("/jvm/") || path.contains("/maven") || path.contains("/java");
  }

  private static void deleteRecursively(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
