package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.FsBench;
import io.fsbench.Measure;
import io.fsbench.Qualification;
import io.fsbench.Verdict;
import io.fsbench.Workloads;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code fsbench check} end to end: short checks in a directory under /var/tmp (no root) for exit
 * codes 0, 4 and 5, JUnit XML read back with the JDK's parser, and a budget shorter than the check;
 * and a qualification cancelled on a real ext4 loop volume (root), which must leave no mount and no
 * loop device behind.
 */
class CheckCommandIT {

  /** A random 4k write of 1 MiB for 1 s: a check of a second or two. */
  private static final List<String> SHORT =
      List.of("--param", "randwrite-4k.size=1m", "--param", "randwrite-4k.runtime=1s");

  private FsBenchProcess fsbench;

  @AfterEach
  void tearDown() throws Exception {
    if (fsbench != null) {
      fsbench.cleanUp();
    }
  }

  private Path directory() throws Exception {
    fsbench =
        new FsBenchProcess(Files.createTempDirectory(Path.of("/var/tmp"), "fsbench-check-it-"));
    return Files.createDirectory(fsbench.workDir().resolve("fsbench-target"));
  }

  private FsBenchProcess.Finished check(Path dir, List<String> args) throws Exception {
    List<String> all = new java.util.ArrayList<>(List.of("check", "--dir", dir.toString()));
    all.addAll(SHORT);
    all.addAll(args);
    return fsbench.run(all.toArray(String[]::new));
  }

  @Test
  void exitsZeroWhenEveryExpectationIsMet() throws Exception {
    FsBenchProcess.Finished run = check(directory(), List.of("--expect", "randwrite-4k.iops>=1"));

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).startsWith("PASS         randwrite-4k\n").contains("verdict: PASS");
    assertThat(run.stderr()).contains("fsbench: check randwrite-4k: PASS");
  }

  @Test
  void exitsFourWhenARequirementIsMissedSayingActualAndExpected() throws Exception {
    FsBenchProcess.Finished run =
        check(directory(), List.of("--expect", "randwrite-4k.iops>=1e12"));

    assertThat(run.exitCode()).as(run.stderr()).isEqualTo(4);
    assertThat(run.stdout())
        .containsPattern(
            "FAIL +randwrite-4k: iops was [0-9.]+ IOPS, expected >= 1000000000000 IOPS")
        .contains("verdict: FAIL");
  }

  @Test
  void exitsFiveWhenTheResultIsImplausible() throws Exception {
    FsBenchProcess.Finished run =
        check(
            directory(),
            List.of("--expect", "randwrite-4k.iops>=1", "--plausible", "randwrite-4k.iops=1..2"));

    assertThat(run.exitCode()).as(run.stderr()).isEqualTo(5);
    assertThat(run.stdout())
        .contains("INCONCLUSIVE randwrite-4k: implausible result, not believed: iops ")
        .contains("outside the plausible band 1 IOPS..2 IOPS");
  }

  @Test
  void writesJUnitXmlWithATestCasePerCheck() throws Exception {
    Path dir = directory();
    Path plan =
        Files.writeString(
            fsbench.workDir().resolve("fsbench-plan.json"),
            """
            {"checks": [
              {"name": "randread-4k", "params": {"size": "1m", "runtime": "1s"},
               "expect": ["iops>=1e12"]},
              {"name": "seqwrite-128k", "params": {"size": "1m", "runtime": "1s"},
               "expect": ["bw>=1k"], "plausible": ["bw=1b..2b"]}
            ]}
            """);
    FsBenchProcess.Finished run =
        check(
            dir,
            List.of(
                "--expect",
                "randwrite-4k.iops>=1",
                "--plan",
                plan.toString(),
                "--output-format",
                "junit-xml"));

    assertThat(run.exitCode()).as(run.stderr()).isEqualTo(4);
    Document xml =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(run.stdout().getBytes(StandardCharsets.UTF_8)));
    Element suites = xml.getDocumentElement();
    assertThat(suites.getTagName()).isEqualTo("testsuites");
    Element suite = (Element) suites.getElementsByTagName("testsuite").item(0);
    assertThat(suite.getAttribute("name")).isEqualTo("fsbench check");
    assertThat(suite.getAttribute("tests")).isEqualTo("3");
    assertThat(suite.getAttribute("failures")).isEqualTo("1");
    assertThat(suite.getAttribute("errors")).isEqualTo("0");
    assertThat(suite.getAttribute("skipped")).isEqualTo("1");
    assertThat(suite.getAttribute("time")).matches("[0-9]+\\.[0-9]{3}");
    NodeList cases = suite.getElementsByTagName("testcase");
    assertThat(cases.getLength()).isEqualTo(3);
    for (int i = 0; i < cases.getLength(); i++) {
      Element c = (Element) cases.item(i);
      assertThat(c.getAttribute("name")).isNotEmpty();
      assertThat(c.getAttribute("classname")).isEqualTo("fsbench.check");
      assertThat(c.getAttribute("time")).matches("[0-9]+\\.[0-9]{3}");
    }
    // the plan's checks first, in its order, then those of --expect
    Element failed = (Element) cases.item(0);
    Element inconclusive = (Element) cases.item(1);
    Element passed = (Element) cases.item(2);
    assertThat(failed.getAttribute("name")).isEqualTo("randread-4k");
    assertThat(failed.getElementsByTagName("failure").getLength()).isOne();
    assertThat(((Element) failed.getElementsByTagName("failure").item(0)).getAttribute("message"))
        .startsWith("iops was ");
    assertThat(inconclusive.getAttribute("name")).isEqualTo("seqwrite-128k");
    assertThat(
            ((Element) inconclusive.getElementsByTagName("skipped").item(0))
                .getAttribute("message"))
        .startsWith("inconclusive: implausible result");
    assertThat(passed.getAttribute("name")).isEqualTo("randwrite-4k");
    assertThat(passed.getElementsByTagName("failure").getLength()).isZero();
    assertThat(passed.getElementsByTagName("skipped").getLength()).isZero();
  }

  @Test
  void honoursItsBudgetWhenACheckWouldRunLonger() throws Exception {
    Path dir = directory();
    long start = System.nanoTime();
    FsBenchProcess.Finished run =
        fsbench.run(
            "check",
            "--dir",
            dir.toString(),
            "--expect",
            "randwrite-4k.iops>=1",
            "--param",
            "randwrite-4k.size=1m",
            "--param",
            "randwrite-4k.runtime=60s",
            "--within",
            "4s",
            "--output-format",
            "json");
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(run.exitCode()).as(run.stdout() + run.stderr()).isZero();
    assertThat(run.stdout())
        .contains("\"budget_seconds\" : 4.0")
        .containsPattern("randwrite-4k: runtime 60 s shortened to [0-9.]+ s to fit the budget");
    double elapsed =
        Double.parseDouble(
            run.stdout().replaceAll("(?s).*\"elapsed_seconds\" : ([0-9.]+),.*", "$1"));
    assertThat(elapsed).as("the qualification's own time").isLessThanOrEqualTo(4 + 5);
    // and the whole process, JVM start included, nowhere near the check's 60 s
    assertThat(took).isLessThan(Duration.ofSeconds(30));
  }

  @Test
  void cancelDuringACheckLeavesNoLoopDeviceOrMountAttached() throws Exception {
    fsbench = FsBenchProcess.onExt4("fsbench-check-cancel-it-");
    FsBench instance = FsBench.builder().workDir(fsbench.workDir()).build();
    CountDownLatch writing = new CountDownLatch(1);
    var session =
        instance
            .session("ext4", Target.loop(Size.mib(256)))
            .status(
                Duration.ofMillis(50),
                soFar -> {
                  if (soFar.jobs().stream().anyMatch(j -> j.write().ioBytes() > 0)) {
                    writing.countDown();
                  }
                });
    Qualification.Handle handle =
        Qualification.on(session)
            .check(
                "randwrite-4k",
                Workloads.named("randwrite-4k", Map.of("size", "16m", "runtime", "60s")),
                Measure.iops().atLeast(1))
            .start();
    writing.await();
    assertThat(fsbench.mountedUnderWorkDir()).isTrue();

    long cancelled = System.nanoTime();
    handle.cancel();
    Verdict verdict = handle.await();

    assertThat(Duration.ofNanos(System.nanoTime() - cancelled)).isLessThan(Duration.ofSeconds(10));
    assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.INCONCLUSIVE);
    assertThat(verdict.checks().get(0).reason()).isEqualTo("cancelled while it ran");
    assertThat(fsbench.attached()).as("mounts and loop devices left").isEmpty();
    assertThat(Files.readString(Path.of("/proc/self/mounts")))
        .doesNotContain(fsbench.workDir().toString());
    assertThat(FsBenchProcess.system("losetup", "-a"))
        .noneMatch(line -> line.contains(fsbench.workDir().toString()));
  }
}
