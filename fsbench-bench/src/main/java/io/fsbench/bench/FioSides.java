package io.fsbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The two sides of a {@link FioDiff} case: a job file run by fio (as a process, optionally under
 * strace) and by {@code fsbench fio} (in process, or in a JVM of its own under strace), each read
 * back as its JSON report or as why it gave none.
 */
final class FioSides {

  private final ObjectMapper json = new ObjectMapper();

  static final String LFSR_FAILED = "fio failed and went on: ";

  /** Whether fio can be run here, or why not. */
  static String fioMissing() {
    try {
      Process p = new ProcessBuilder("fio", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0 ? null : "fio --version failed";
    } catch (IOException e) {
      return "fio is not installed (apt-get install fio, or scripts/setup)";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  record Ran(JsonNode json, String error) {}

  private Boolean fioBefore341;

  boolean fioBefore341() throws IOException, InterruptedException {
    if (fioBefore341 == null) {
      Process p = new ProcessBuilder("fio", "--version").redirectErrorStream(true).start();
      String version = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      p.waitFor();
      fioBefore341 = FioAgreement.olderThan(version, 3, 41);
    }
    return fioBefore341;
  }

  Ran runFio(Path jobFile, Path dir, Path trace) throws IOException, InterruptedException {
    Path out = dir.resolveSibling("fio.json");
    List<String> command =
        List.of(
            "fio",
            "--output-format=json",
            "--directory=" + dir.toAbsolutePath(),
            jobFile.toAbsolutePath().toString());
    Process p =
        new ProcessBuilder(trace == null ? command : FioSyscalls.traced(command, trace))
            // fio writes a verify job's state files (local-*-verify.state) where it runs
            .directory(dir.toAbsolutePath().getParent().toFile())
            .redirectOutput(out.toFile())
            .redirectError(dir.resolveSibling("fio.err").toFile())
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      // fio forks a process per job: they would outlive their killed parent
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly().waitFor();
      return new Ran(null, "fio did not finish in 120 s");
    }
    String text = Files.readString(out, StandardCharsets.UTF_8);
    String err = Files.readString(dir.resolveSibling("fio.err"), StandardCharsets.UTF_8);
    int brace = text.indexOf('{'); // fio may print warnings before its JSON
    if (err.contains("failed initializing LFSR")) {
      // fio 3.33 cannot set up its LFSR for some seeds and runs that clone with no I/O; it exits
      // 0 unless another job ended with an error (seed 2047 case 311: a filedelete clone beside)
      return new Ran(null, LFSR_FAILED + err.strip());
    }
    if (p.exitValue() != 0 && brace >= 0) {
      // fio exits with the number of jobs an I/O error ended (fsbench with 1), and reports every
      // job: compared as a result
      JsonNode failed = jobErrorReport(text.substring(brace));
      if (failed != null) {
        return new Ran(failed, null);
      }
    }
    if (p.exitValue() != 0 || brace < 0) {
      return new Ran(null, "fio exited " + p.exitValue() + ": " + (err + text).strip());
    }
    return new Ran(json.readTree(text.substring(brace)), null);
  }

  Ran runFsBench(Path jobFile, Path dir) throws IOException {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new String[] {
              "fio", jobFile.toString(), "--dir", dir.toString(), "--output-format", "json"
            },
            new PrintWriter(out, true),
            new PrintWriter(err, true));
    if (code == 1 && jobErrorReport(out.toString()) != null) {
      return new Ran(json.readTree(out.toString()), null); // a job ended by an error, as fio's
    }
    if (code != 0) {
      return new Ran(null, "fsbench exited " + code + ": " + err.toString().strip());
    }
    return new Ran(json.readTree(out.toString()), null);
  }

  /**
   * The report of a run that exited 1 because an I/O error ended a job (a job's {@code error} is
   * set), or null when the output is no such report.
   */
  private JsonNode jobErrorReport(String text) {
    try {
      JsonNode report = json.readTree(text);
      for (JsonNode job : report.path("jobs")) {
        if (job.path("error").asInt() != 0) {
          return report;
        }
      }
      return null;
    } catch (IOException e) {
      return null;
    }
  }

  /** fsbench in a JVM of its own, as the launcher runs it, under strace. */
  Ran runFsBenchTraced(Path jobFile, Path dir, Path trace)
      throws IOException, InterruptedException {
    String modulePath = System.getProperty("jdk.module.path");
    if (modulePath == null || modulePath.isBlank()) {
      modulePath = "target/fsbench-bench.jar:target/lib"; // a test run in the module's directory
    }
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
            "--module-path",
            modulePath,
            "-m",
            "io.fsbench.cli/io.fsbench.cli.Main",
            "fio",
            jobFile.toString(),
            "--dir",
            dir.toString(),
            "--output-format",
            "json");
    Path out = dir.resolveSibling("fsbench.json");
    Path err = dir.resolveSibling("fsbench.err");
    Process p =
        new ProcessBuilder(FioSyscalls.traced(command, trace))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      return new Ran(null, "fsbench did not finish in 120 s");
    }
    if (p.exitValue() == 1 && jobErrorReport(Files.readString(out)) != null) {
      return new Ran(json.readTree(Files.readString(out)), null); // a job ended by an error
    }
    if (p.exitValue() != 0) {
      return new Ran(
          null, "fsbench exited " + p.exitValue() + ": " + Files.readString(err).strip());
    }
    return new Ran(json.readTree(Files.readString(out)), null);
  }
}
