package io.fsbench.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.ToolMissingException;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandFailedException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessShellTest {

  private final ToolFinder tools = ToolFinder.fromEnvironment();

  @Test
  void runsAProgramWithTheCLocaleAndCapturesItsOutput() {
    var result = new ProcessShell(tools).run(Command.of("sh", "-c", "echo $LC_ALL; echo oops >&2"));
    assertThat(result.stdout()).isEqualTo("C\n");
    assertThat(result.stderr()).isEqualTo("oops\n");
    assertThat(result.exitCode()).isZero();
  }

  @Test
  void probesAFailingProgramButRunRefusesIt() {
    ProcessShell shell = new ProcessShell(tools);
    assertThat(shell.probe(Command.of("sh", "-c", "exit 3")).exitCode()).isEqualTo(3);
    assertThatThrownBy(() -> shell.run(Command.of("sh", "-c", "exit 3")))
        .isInstanceOf(CommandFailedException.class);
  }

  @Test
  void namesThePackageOfAMissingProgramWhereItKnowsIt() {
    ProcessShell shell = new ProcessShell(tools, Map.of("fsbench-no-such-tool", "fsbench-pkg"));
    assertThatThrownBy(() -> shell.run(Command.of("fsbench-no-such-tool")))
        .isInstanceOf(ToolMissingException.class)
        .hasMessageContaining("apt-get install fsbench-pkg");
    assertThatThrownBy(() -> new ProcessShell(tools).run(Command.of("fsbench-no-such-tool")))
        .isInstanceOf(ToolMissingException.class)
        .hasMessageContaining("install the package that provides it, or put it on PATH");
  }
}
