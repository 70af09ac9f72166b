package io.fsbench.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The {@code fsbench} command in a JVM of its own, as the launcher runs it (the packaged jar and
 * its libraries on the module path), with its own work dir: for integration tests that need the
 * real stdout, stderr and exit code, or a process to kill.
 */
final class FsBenchProcess {

  /** What a finished run printed and returned. */
  record Finished(int exitCode, String stdout, String stderr) {}

  private static List<String> plugins;

  private final Path workDir;
  private final java.util.Map<String, String> environment = new java.util.HashMap<>();

  FsBenchProcess(Path workDir) {
    this.workDir = workDir;
  }

  /** Puts {@code dir} first on the PATH of the processes started from now on. */
  FsBenchProcess pathFirst(Path dir) {
    environment.put("PATH", dir + ":" + System.getenv("PATH"));
    return this;
  }

  Path workDir() {
    return workDir;
  }

  /** Starts {@code fsbench args...}; stdin is empty. */
  Process start(String... args) throws IOException {
    return builder(args).start();
  }

  /** As {@link #start}, with stdout and stderr written to files, to read while it runs. */
  Process start(Path stdout, Path stderr, String... args) throws IOException {
    return builder(args).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
  }

  private ProcessBuilder builder(String... args) {
    Path target = Path.of("target");
    List<String> command = new ArrayList<>();
    // A JVM started where SIGINT is ignored (a background job of a shell without job control)
    // keeps ignoring it; Ctrl-C must reach the child as it reaches a user's fsbench.
    command.addAll(List.of("env", "--default-signal=INT"));
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("--module-path");
    command.add(target.resolve("fsbench-cli.jar") + ":" + target.resolve("lib"));
    command.add("-m");
    command.add("io.fsbench.cli/io.fsbench.cli.Main");
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("FSBENCH_WORK_DIR", workDir.toString());
    builder.environment().putAll(environment);
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    return builder;
  }

  /** Runs {@code fsbench args...} to its end, within five minutes. */
  Finished run(String... args) throws Exception {
    Process process = start(args);
    CompletableFuture<String> stderr =
        CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
    String stdout = read(process.getInputStream());
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("fsbench " + String.join(" ", args) + " did not end in 5 minutes");
    }
    return new Finished(process.exitValue(), stdout, stderr.get());
  }

  /** Whether {@code fsbench plugins} lists the filesystem as available; asked once per JVM. */
  boolean available(String fileSystem) throws Exception {
    synchronized (FsBenchProcess.class) {
      if (plugins == null) {
        plugins = run("plugins").stdout().lines().toList();
      }
      return plugins.stream().anyMatch(l -> l.matches(fileSystem + "\\s+available.*"));
    }
  }

  /** Whether something is mounted under this work dir now. */
  boolean mountedUnderWorkDir() {
    try {
      return Files.readString(Path.of("/proc/self/mounts")).contains(workDir.toString());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Mounts, loop devices and ZFS datasets that belong to this work dir. */
  List<String> attached() throws Exception {
    List<String> found = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of("/proc/self/mounts"))) {
      if (line.contains(workDir.toString())) {
        found.add(line);
      }
    }
    for (String line : system("losetup", "--list", "--noheadings", "--output", "NAME,BACK-FILE")) {
      if (line.contains(workDir.toString())) {
        found.add(line);
      }
    }
    // A ZFS dataset's mountpoint property names the mount point under the work dir.
    for (String line : system("sh", "-c", "zfs list -H -o name,mountpoint 2>/dev/null; true")) {
      if (line.contains(workDir.toString())) {
        found.add("zfs dataset " + line);
      }
    }
    return found;
  }

  /** ZFS pools a process made: fsbench names them {@code fsbench-<pid>-<n>}. */
  static List<String> poolsOf(long pid) throws Exception {
    return system("sh", "-c", "zpool list -H -o name 2>/dev/null; true").stream()
        .filter(name -> name.startsWith("fsbench-" + pid + "-"))
        .toList();
  }

  /** Releases anything a failed test left ({@code fsbench cleanup}) and deletes the work dir. */
  void cleanUp() throws Exception {
    if (!attached().isEmpty()) {
      start("cleanup").waitFor(5, TimeUnit.MINUTES);
    }
    deleteRecursively(workDir);
  }

  /**
   * A process with a fresh work dir under /var/tmp named from {@code prefix}, for a test on ext4
   * loop volumes; the test is skipped, with the reason, without root or ext4.
   */
  static FsBenchProcess onExt4(String prefix) throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        isRoot(), "needs root: it makes loop devices and mounts");
    FsBenchProcess process =
        new FsBenchProcess(Files.createTempDirectory(Path.of("/var/tmp"), prefix));
    if (!process.available("ext4")) {
      process.cleanUp();
      org.junit.jupiter.api.Assumptions.abort("ext4 is not available here");
    }
    return process;
  }

  /** A directory for reports inside the work dir, so that {@link #cleanUp} removes it too. */
  Path reportDirectory() throws IOException {
    return Files.createDirectories(workDir.resolve("fsbench-report"));
  }

  static void deleteRecursively(Path dir) throws IOException {
    if (dir != null && Files.exists(dir)) {
      try (Stream<Path> walk = Files.walk(dir)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /**
   * Waits until the condition holds, checking every 100 ms, at most {@code timeout}.
   *
   * @return whether it held in time
   */
  static boolean await(java.time.Duration timeout, java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(100); // the interval of a bounded poll, not a guess at how long work takes
    }
    return true;
  }

  static boolean isRoot() {
    try {
      return Files.readAllLines(Path.of("/proc/self/status")).stream()
          .filter(l -> l.startsWith("Uid:"))
          .anyMatch(l -> l.split("\\s+")[2].equals("0"));
    } catch (IOException e) {
      return false;
    }
  }

  /** Runs a system command and returns its output lines (stderr included). */
  static List<String> system(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<String> lines = read(p.getInputStream()).lines().toList();
    p.waitFor(1, TimeUnit.MINUTES);
    return lines;
  }

  private static String read(java.io.InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
