package io.fsbench.spi.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import io.fsbench.spi.Shell;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ProbesTest {

  private final Host host = mock(Host.class);
  private final Shell shell = mock(Shell.class);
  private CommandResult answer;

  ProbesTest() {
    when(host.shell()).thenReturn(shell);
    when(host.findTool(anyString()))
        .thenAnswer(call -> Optional.of(Path.of("/usr/bin").resolve((String) call.getArgument(0))));
    when(shell.probe(any()))
        .thenAnswer(
            call ->
                new CommandResult(
                    call.getArgument(0),
                    answer.exitCode(),
                    answer.stdout(),
                    answer.stderr(),
                    Duration.ZERO));
  }

  private void answer(int exitCode, String stdout, String stderr) {
    answer = new CommandResult(Command.of("x"), exitCode, stdout, stderr, Duration.ZERO);
  }

  @Test
  void givesStdoutOfACommandThatSucceeded() {
    answer(0, "65536\n", "");
    assertThat(Probes.stdout(host, "getconf", "PAGESIZE")).contains("65536\n");
  }

  @Test
  void givesNoStdoutOfACommandThatFailed() {
    answer(1, "partial", "gzip: /proc/config.gz: No such file or directory");
    assertThat(Probes.stdout(host, "zcat", "/proc/config.gz")).isEmpty();
  }

  @Test
  void givesStdoutAndStderrWhateverTheExitStatus() {
    answer(64, "", "zfs-fuse 0.7.0 usage");
    assertThat(Probes.output(host, "zfs-fuse", "--help")).contains("\nzfs-fuse 0.7.0 usage");
  }

  @Test
  void asksNothingOfAToolThatIsNotInstalled() {
    when(host.findTool("mkfs.xfs")).thenReturn(Optional.empty());
    assertThat(Probes.output(host, "mkfs.xfs", "-V")).isEmpty();
  }

  @Test
  void answersDontKnowWhenTheShellThrows() {
    doThrow(new IllegalStateException("boom")).when(shell).probe(any());
    assertThat(Probes.output(host, "mkfs.xfs", "-V")).isEmpty();
    assertThat(Probes.pageSize(host)).isEqualTo(4096);
  }

  @Test
  void findsAVersionInWhateverStreamTheToolPrintsItOn() {
    answer(0, "", "mke2fs 1.47.0 (5-Feb-2023)\n");
    Pattern mke2fs = Pattern.compile("mke2fs (\\d+\\.\\d+(?:\\.\\d+)?)");
    assertThat(Probes.version(host, mke2fs, "mkfs.ext4", "-V")).contains("1.47.0");
    assertThat(Probes.version(host, Pattern.compile("version (\\S+)"), "mkfs.ext4", "-V"))
        .isEmpty();
  }

  @Test
  void readsThePageSizeAndAssumes4kWhenItIsUnclear() {
    answer(0, "16384\n", "");
    assertThat(Probes.pageSize(host)).isEqualTo(16384);
    answer(0, "", "");
    assertThat(Probes.pageSize(host)).isEqualTo(4096);
  }
}
