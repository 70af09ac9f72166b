package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.ToolMissingException;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandFailedException;
import io.fsbench.spi.CommandResult;
import org.junit.jupiter.api.Test;

class ScriptedShellTest {

  private final ScriptedShell shell = new ScriptedShell();

  @Test
  void succeedsSilentlyWhereNothingIsScripted() {
    CommandResult result = shell.run(Command.of("mkfs.xfs", "-f", "/dev/loop7"));
    assertThat(result.succeeded()).isTrue();
    assertThat(result.stdout()).isEmpty();
    assertThat(shell.commandLines()).containsExactly("mkfs.xfs -f /dev/loop7");
  }

  @Test
  void answersACommandByTheStartOfItsArguments() {
    shell.answer("zpool list", 1, "", "no pools available");
    assertThat(shell.probe(Command.of("zpool", "list", "-H", "-o", "name")).stderr())
        .isEqualTo("no pools available");
    assertThat(shell.probe(Command.of("zpool", "listing")).succeeded())
        .as("a start is whole words")
        .isTrue();
  }

  @Test
  void givesTheLongestScriptedStartPrecedence() {
    shell.answer("zfs get", 2, "", "usage").answer("zfs get -H -p", "compression\tgzip\n");
    assertThat(shell.run(Command.of("zfs", "get", "-H", "-p", "all", "p/d")).stdout())
        .isEqualTo("compression\tgzip\n");
    assertThat(shell.probe(Command.of("zfs", "get")).exitCode()).isEqualTo(2);
  }

  @Test
  void throwsForAFailedRunAndReturnsAFailedProbe() {
    shell.answer("mount", 32, "", "mount: wrong fs type");
    assertThatThrownBy(() -> shell.run(Command.of("mount", "/dev/loop7", "/mnt")))
        .isInstanceOf(CommandFailedException.class)
        .hasMessageContaining("wrong fs type");
    assertThat(shell.probe(Command.of("mount", "/dev/loop7", "/mnt")).exitCode()).isEqualTo(32);
  }

  @Test
  void givesASequenceOfAnswersInOrderAndRepeatsTheLast() {
    shell.answer("zfs mount", 1, "", "busy").then("zfs mount", 0, "", "");
    Command mount = Command.of("zfs", "mount", "fsbench-1/data");
    assertThat(shell.probe(mount).exitCode()).isEqualTo(1);
    assertThat(shell.probe(mount).exitCode()).isZero();
    assertThat(shell.probe(mount).exitCode()).isZero();
    assertThat(shell.count("zfs mount")).isEqualTo(3);
  }

  @Test
  void replacesWhatWasScriptedForTheSameStart() {
    shell.answer("getconf", "4096\n").answer("getconf", "65536\n");
    assertThat(shell.run(Command.of("getconf", "PAGESIZE")).stdout()).isEqualTo("65536\n");
  }

  @Test
  void throwsWhatAFailingCommandIsScriptedToThrow() {
    shell.fail("btrfs", new ToolMissingException("btrfs", "apt-get install btrfs-progs"));
    assertThatThrownBy(() -> shell.probe(Command.of("btrfs", "--version")))
        .isInstanceOf(ToolMissingException.class);
    assertThat(shell.commands()).hasSize(1);
  }

  @Test
  void letsAnAnswerActOnTheCommand() {
    shell.answer("echo", command -> CommandResult.ok(command, command.argv().get(1)));
    assertThat(shell.run(Command.of("echo", "fsbench")).stdout()).isEqualTo("fsbench");
  }

  @Test
  void refusesToScriptAnEmptyCommandLine() {
    assertThatThrownBy(() -> shell.answer(" ", "x")).isInstanceOf(IllegalArgumentException.class);
  }
}
