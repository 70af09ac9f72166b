package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every iozone test's system calls on its file, from {@code strace -f -y} of {@code fsbench run
 * --fs ext4 --workload iozone} on a fresh loop volume: one call per record of the record's size, at
 * the offsets IOzone's test visits — ascending for write and read (after read's one priming read at
 * 0), every record once in one shuffled order for both random columns, from the last record down
 * for the backwards read (twice, as IOzone 3.414 does), record 0 over and over for the record
 * rewrite, IOzone's stride with its wrap — and, for the stdio tests, write(2) and read(2) of the
 * record's size on the file's position, as glibc sends them with IOzone's setvbuf.
 */
class IozoneSyscallIT {

  private static final int RECORD = 4096;
  private static final int RECORDS = 64;
  private static final Pattern OPEN = Pattern.compile("^\\d+ +openat\\(.*fsbench-iozone\\.tmp\"");
  private static final Pattern POSITIONAL =
      Pattern.compile(
          "^\\d+ +(pread64|pwrite64)\\(\\d+<[^>]*fsbench-iozone\\.tmp>,.*, (\\d+), (\\d+)\\) += (\\d+)");
  private static final Pattern STREAM =
      Pattern.compile(
          "^\\d+ +(read|write)\\(\\d+<[^>]*fsbench-iozone\\.tmp>,.*, (\\d+)\\) += (\\d+)");

  private Path workDir;

  /** One call on the file: its name, size and offset (-1 for read and write). */
  record Call(String name, long size, long offset) {}

  @BeforeEach
  void setUp() throws Exception {
    assumeTrue(
        Files.readAllLines(Path.of("/proc/self/status")).stream()
            .anyMatch(l -> l.startsWith("Uid:") && l.split("\\s+")[2].equals("0")),
        "needs root: it makes a loop device and mounts it");
    String strace = FioSyscalls.straceMissing();
    assumeTrue(strace == null, strace);
    workDir = Files.createTempDirectory(Path.of("/var/tmp"), "fsbench-iozsys-");
  }

  @AfterEach
  void tearDown() throws Exception {
    if (workDir != null) {
      fsbench("cleanup").waitFor(2, TimeUnit.MINUTES);
      CTools.run(List.of("rm", "-rf", "--one-file-system", workDir.toString()), Path.of("/"));
    }
  }

  private Process fsbench(String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("--module-path");
    command.add(Path.of("target", "fsbench-bench.jar") + ":" + Path.of("target", "lib"));
    command.add("-m");
    command.add("io.fsbench.cli/io.fsbench.cli.Main");
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("FSBENCH_WORK_DIR", workDir.toString());
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.redirectOutput(workDir.resolve("out.txt").toFile());
    builder.redirectError(workDir.resolve("err.txt").toFile());
    return builder.start();
  }

  @Test
  void eachTestMakesOneCallPerRecordAtIozonesOffsets() throws Exception {
    Path trace = workDir.resolve("trace.txt");
    List<String> command =
        new ArrayList<>(
            List.of(
                "strace",
                "-f",
                "-y",
                "-qq",
                "-o",
                trace.toString(),
                "-e",
                "trace=openat,read,write,pread64,pwrite64"));
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "--module-path",
            Path.of("target", "fsbench-bench.jar") + ":" + Path.of("target", "lib"),
            "-m",
            "io.fsbench.cli/io.fsbench.cli.Main",
            "run",
            "--fs",
            "ext4",
            "--workload",
            "iozone",
            "--param",
            "size=256k",
            "--param",
            "record=4k",
            "--param",
            "tests=0,1,2,3,4,5,6,7,9,10"));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("FSBENCH_WORK_DIR", workDir.toString());
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.redirectErrorStream(true);
    builder.redirectOutput(workDir.resolve("run.txt").toFile());
    Process p = builder.start();
    assertThat(p.waitFor(4, TimeUnit.MINUTES)).isTrue();
    assertThat(p.exitValue()).as(Files.readString(workDir.resolve("run.txt"))).isZero();

    List<List<Call>> passes = passes(Files.readAllLines(trace));

    // test 0 opens twice (creat, then the file for writing); the other passes once each.
    assertThat(passes.get(0)).isEmpty();
    List<List<Call>> p1 = passes.subList(1, passes.size());
    assertThat(p1).hasSize(2 + 2 + 2 + 2 + 1 + 1 + 2 + 2 + 2 + 2);
    long[] ascending = new long[RECORDS];
    for (int i = 0; i < RECORDS; i++) {
      ascending[i] = (long) i * RECORD;
    }
    assertPass("write", p1.get(0), "pwrite64", ascending);
    assertPass("rewrite", p1.get(1), "pwrite64", ascending);
    assertPass("read", p1.get(2), "pread64", prepend(0, ascending));
    assertPass("reread", p1.get(3), "pread64", prepend(0, ascending));
    long[] random = offsets(p1.get(4));
    assertThat(new TreeSet<>(boxed(random))).as("every record once").hasSize(RECORDS);
    assertThat(random).as("shuffled").isNotEqualTo(ascending);
    assertPass("random-read", p1.get(4), "pread64", random);
    assertPass("random-write", p1.get(5), "pwrite64", random);
    long[] backwards = new long[RECORDS];
    for (int i = 0; i < RECORDS; i++) {
      backwards[i] = (long) (RECORDS - 1 - i) * RECORD;
    }
    assertPass("bkwd-read", p1.get(6), "pread64", backwards);
    assertPass("bkwd-read, IOzone's second pass", p1.get(7), "pread64", backwards);
    assertPass("record-rewrite", p1.get(8), "pwrite64", new long[RECORDS]);
    long[] stride = offsets(p1.get(9));
    assertThat(java.util.Arrays.copyOf(stride, 6))
        .as("stride 17: 0, 17, 34, 51, then one record further in")
        .containsExactly(0, 17L * RECORD, 34L * RECORD, 51L * RECORD, RECORD, 18L * RECORD);
    assertPass("stride-read", p1.get(9), "pread64", stride);
    for (int i = 10; i < 12; i++) {
      assertStream("fwrite", p1.get(i), "write");
    }
    for (int i = 12; i < 14; i++) {
      assertStream("fread", p1.get(i), "read");
    }
    assertPass("pwrite", p1.get(14), "pwrite64", ascending);
    assertPass("re-pwrite", p1.get(15), "pwrite64", ascending);
    assertPass("pread", p1.get(16), "pread64", ascending);
    assertPass("re-pread", p1.get(17), "pread64", ascending);
  }

  private static void assertPass(String what, List<Call> pass, String call, long[] offsets) {
    assertThat(pass).as(what + ": calls").hasSize(offsets.length);
    assertThat(pass).as(what).allSatisfy(c -> assertThat(c.name()).isEqualTo(call));
    assertThat(pass).as(what).allSatisfy(c -> assertThat(c.size()).isEqualTo(RECORD));
    assertThat(offsets(pass)).as(what + ": offsets").containsExactly(offsets);
  }

  private static void assertStream(String what, List<Call> pass, String call) {
    assertThat(pass).as(what + ": one call per record").hasSize(RECORDS);
    assertThat(pass)
        .as(what + ": " + call + "(2) of the buffer's size")
        .allSatisfy(
            c -> {
              assertThat(c.name()).isEqualTo(call);
              assertThat(c.size()).isEqualTo(RECORD);
            });
  }

  private static long[] offsets(List<Call> pass) {
    return pass.stream().mapToLong(Call::offset).toArray();
  }

  private static long[] prepend(long first, long[] rest) {
    long[] all = new long[rest.length + 1];
    all[0] = first;
    System.arraycopy(rest, 0, all, 1, rest.length);
    return all;
  }

  private static List<Long> boxed(long[] values) {
    return java.util.Arrays.stream(values).boxed().toList();
  }

  /**
   * The calls on the file, a list per open. A call another thread's call interrupts is split by
   * strace into {@code ...<unfinished ...>} and {@code <... pread64 resumed>...}; the two halves
   * are joined first (a read's data is printed in the second half, a write's in the first).
   */
  static List<List<Call>> passes(List<String> lines) {
    List<List<Call>> passes = new ArrayList<>();
    for (String line : joined(lines)) {
      if (OPEN.matcher(line).find()) {
        passes.add(new ArrayList<>());
        continue;
      }
      Matcher p = POSITIONAL.matcher(line);
      Matcher s = STREAM.matcher(line);
      if (p.find()) {
        passes
            .get(passes.size() - 1)
            .add(new Call(p.group(1), Long.parseLong(p.group(2)), Long.parseLong(p.group(3))));
      } else if (s.find()) {
        passes.get(passes.size() - 1).add(new Call(s.group(1), Long.parseLong(s.group(2)), -1));
      }
    }
    return passes;
  }

  private static List<String> joined(List<String> lines) {
    Map<String, String> pending = new HashMap<>();
    List<String> out = new ArrayList<>();
    for (String line : lines) {
      String pid = line.split(" ", 2)[0];
      if (line.endsWith("<unfinished ...>")) {
        pending.put(pid, line.substring(0, line.length() - "<unfinished ...>".length()).strip());
      } else if (line.contains(" resumed>") && pending.containsKey(pid)) {
        out.add(pending.remove(pid) + line.substring(line.indexOf(" resumed>") + 9));
      } else {
        out.add(line);
      }
    }
    return out;
  }
}
