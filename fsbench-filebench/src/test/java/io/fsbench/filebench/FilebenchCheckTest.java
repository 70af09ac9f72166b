package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The check a workload file gets before anything is made (at prepare on a cluster's agents and
 * controller, before the volume locally): every rule the run would refuse before creating files is
 * refused here, by file and line, and nothing is made.
 */
class FilebenchCheckTest {

  /** A mail sorter of its own: a pool of small files made, grown, read back and dropped. */
  static final String COURIER =
      """
      set $files=50
      define fileset name=inbox,path=/tmp,size=8k,entries=$files,dirwidth=20,prealloc=50
      define process name=courier,instances=1
      {
        thread name=sorter,memsize=64k,instances=2
        {
          flowop createfile name=make,filesetname=inbox,fd=1
          flowop appendfilerand name=grow,iosize=4k,fd=1
          flowop closefile name=shut,fd=1
          flowop openfile name=reopen,filesetname=inbox,fd=1
          flowop readwholefile name=slurp,fd=1,iosize=32k
          flowop closefile name=shut2,fd=1
          flowop deletefile name=drop,filesetname=inbox
        }
      }
      run 5
      """;

  @TempDir Path temp;

  static Stream<Arguments> rules() {
    return Stream.of(
        // line, what the file says instead, what the refusal says
        rule(2, "dirwidth=20,", "", "define fileset needs dirwidth=...: add it to this line"),
        rule(2, "dirwidth=20", "dirwidth=1", "dirwidth (1) must be at least 2"),
        rule(2, "size=8k", "size=$nosuch", "$nosuch, which is never set: set it before"),
        rule(
            7,
            "make,filesetname=inbox",
            "make,filesetname=outbox",
            "filesetname (outbox) names no fileset of this workload; define it"),
        rule(7, "flowop createfile", "flowop makefile", "makefile: is not a flowop filebench"),
        rule(
            13,
            "flowop deletefile name=drop,filesetname=inbox",
            "flowop sempost name=post,target=nosuch,value=1",
            "target (nosuch) names no semblock flowop of the workload; name one, or add flowop"
                + " semblock name=nosuch"),
        rule(5, "memsize=64k", "memsize=3g", "memsize (3221225472) must be between 0 and 2 GiB"),
        rule(
            1,
            "set $files=50",
            "set $files=50\nsystem \"true\"",
            "system \"true\" (it runs a shell command; allow it explicitly"),
        rule(
            17,
            "run 5",
            "create files\ndefine fileset name=late,path=/tmp,size=1k,entries=2,dirwidth=2\nrun 5",
            "defined after the filesets were created (line 16)"),
        rule(
            1,
            "set $files=50",
            "set $files=50\nenable multi master=\"a\",client=\"b\"",
            "enable multi"));
  }

  private static Arguments rule(int line, String from, String to, String says) {
    String text = COURIER.replace(from, to);
    // the line a refusal names: the changed one, one further down when a line was put before it
    int named = to.startsWith(from + "\n") ? line + 1 : line;
    return Arguments.of(named, text, says);
  }

  @ParameterizedTest(name = "line {0}: {2}")
  @MethodSource("rules")
  void eachRuleTheRunWouldRefuseIsRefusedAtCheckTimeNamingTheFileAndLine(
      int line, String text, String says) throws IOException {
    Path file = Files.writeString(temp.resolve("courier.f"), text);
    FilebenchSpec spec = FilebenchSpec.of(file);

    // the runner's check, which a session runs before it makes a volume and an agent at prepare
    assertThatThrownBy(() -> new FilebenchRunner().check(spec))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith(file + ":" + line + ":")
        .hasMessageContaining(says);
    // the controller's check of the text it sends, the file being named only
    assertThatThrownBy(() -> FilebenchCheck.check(FilebenchSpec.of(Path.of("courier.f")), text))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("courier.f:" + line + ":")
        .hasMessageContaining(says);
    assertNothingMade();
  }

  @Test
  void aFileWithoutRunIsRefusedUnlessARuntimeIsGiven() throws IOException {
    Path file = Files.writeString(temp.resolve("courier.f"), COURIER.replace("run 5", ""));

    assertThatThrownBy(() -> FilebenchCheck.check(FilebenchSpec.of(file)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(file + ": the workload has no run command")
        .hasMessageContaining("add 'run 60' or give a runtime");
    assertThatCode(
            () -> FilebenchCheck.check(FilebenchSpec.of(file).runtime(Duration.ofSeconds(3))))
        .doesNotThrowAnyException();
  }

  @Test
  void aVariableSetFromOutsideIsCheckedAsTheRunWouldUseIt() throws IOException {
    Path file = Files.writeString(temp.resolve("courier.f"), COURIER);

    assertThatThrownBy(() -> FilebenchCheck.check(FilebenchSpec.of(file).set("files", "lots")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith(file + ":2:")
        .hasMessageContaining("entries ($files) needs a number, not lots");
  }

  @Test
  void aSystemLineIsAcceptedWhenAllowedAndNotRunByTheCheck() throws IOException {
    Path marker = temp.resolve("fsbench-ran");
    String text = COURIER.replace("run 5", "system \"touch " + marker + "\"\nrun 5");
    Path file = Files.writeString(temp.resolve("courier.f"), text);

    FilebenchCheck.check(FilebenchSpec.of(file).allowSystem(true));

    assertThat(marker).doesNotExist();
  }

  @Test
  void aValidScriptPassesAndMakesNothing() throws IOException {
    Path file = Files.writeString(temp.resolve("courier.f"), COURIER);

    assertThatCode(() -> new FilebenchRunner().check(FilebenchSpec.of(file)))
        .doesNotThrowAnyException();
    assertThatCode(() -> FilebenchCheck.check(FilebenchSpec.of(Path.of("courier.f")), COURIER))
        .doesNotThrowAnyException();
    assertNothingMade();
  }

  @Test
  void aScriptThatPassesTheCheckRuns() throws IOException {
    Path dir = Files.createDirectory(temp.resolve("fsbench-run"));
    FilebenchCheck.check(FilebenchSpec.of(Path.of("courier.f")), COURIER);

    FilebenchResult result =
        FilebenchRun.run(
            WmlParser.parse("courier.f", COURIER),
            FilebenchOptions.in(dir).runtime(Duration.ofMillis(300)).seed(16));

    assertThat(result.flowops()).isNotEmpty();
  }

  private void assertNothingMade() throws IOException {
    try (Stream<Path> all = Files.list(temp)) {
      assertThat(all.map(p -> p.getFileName().toString())).containsOnly("courier.f");
    }
  }
}
