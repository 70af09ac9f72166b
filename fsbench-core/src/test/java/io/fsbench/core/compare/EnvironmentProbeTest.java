package io.fsbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.api.Availability;
import io.fsbench.api.Environment;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.Size;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import io.fsbench.spi.KernelVersion;
import io.fsbench.spi.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentProbeTest {

  private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");

  @TempDir Path proc;

  private final Host host = mock(Host.class);
  private final Shell shell = mock(Shell.class);

  private EnvironmentProbe probe() {
    return new EnvironmentProbe(host, proc, Clock.fixed(NOW, ZoneOffset.UTC), "0.1.0", "17.0.15+6");
  }

  @BeforeEach
  void machine() throws Exception {
    when(host.shell()).thenReturn(shell);
    when(host.kernel()).thenReturn(KernelVersion.parse("6.1.0-18-amd64"));
    Files.writeString(
        proc.resolve("cpuinfo"),
        """
        processor\t: 0
        vendor_id\t: GenuineIntel
        model name\t: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz

        processor\t: 1
        model name\t: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz
        """);
    Files.writeString(
        proc.resolve("meminfo"), "MemTotal:       24576000 kB\nMemFree:        1000 kB\n");
    Files.createDirectories(proc.resolve("sys/kernel"));
    Files.writeString(proc.resolve("sys/kernel/hostname"), "bench1\n");
  }

  private static PluginInfo plugin(String id, Map<String, String> tools) {
    return new PluginInfo(
        id, id, Availability.available(), Set.of(), Size.gib(1), tools, List.of(), Map.of());
  }

  @Test
  void readsKernelCpuMemoryAndHostName() {
    when(host.findTool("fio")).thenReturn(Optional.empty());

    Environment env = probe().probe(List.of());

    assertThat(env.kernel()).isEqualTo("6.1.0-18-amd64");
    assertThat(env.cpuModel()).isEqualTo("Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz");
    assertThat(env.cpuCount()).isEqualTo(2);
    assertThat(env.memoryBytes()).isEqualTo(24576000L * 1024);
    assertThat(env.hostname()).isEqualTo("bench1");
    assertThat(env.fsbenchVersion()).isEqualTo("0.1.0");
    assertThat(env.date()).isEqualTo(NOW);
  }

  @Test
  void collectsToolVersionsFromThePluginsFioAndJava() {
    when(host.findTool("fio")).thenReturn(Optional.of(Path.of("/usr/bin/fio")));
    when(shell.probe(any()))
        .thenAnswer(inv -> CommandResult.ok(inv.getArgument(0, Command.class), "fio-3.33\n"));

    Environment env =
        probe()
            .probe(
                List.of(
                    plugin("xfs", Map.of("mkfs.xfs", "6.1.0")),
                    plugin("btrfs", Map.of("btrfs-progs", "6.2"))));

    assertThat(env.toolVersions())
        .containsExactly(
            Map.entry("btrfs-progs", "6.2"),
            Map.entry("fio", "3.33"),
            Map.entry("java", "17.0.15+6"),
            Map.entry("mkfs.xfs", "6.1.0"));
  }

  @Test
  void listsHowThePerIoCallsAreMadeWithTheTools() {
    when(host.findTool("fio")).thenReturn(Optional.empty());
    EnvironmentProbe probe =
        new EnvironmentProbe(
            host, proc, Clock.fixed(NOW, ZoneOffset.UTC), "0.1.0", "17.0.15+6", "jni");

    assertThat(probe.probe(List.of()).toolVersions())
        .containsExactly(Map.entry("fsbench-native-io", "jni"), Map.entry("java", "17.0.15+6"));
    assertThat(EnvironmentProbe.system(host).probe(List.of()).toolVersions())
        .containsKey("fsbench-native-io");
  }

  @Test
  void reportsUnknownRatherThanFailingWhenProcIsUnreadable() throws Exception {
    Files.delete(proc.resolve("cpuinfo"));
    Files.delete(proc.resolve("meminfo"));
    Files.delete(proc.resolve("sys/kernel/hostname"));
    when(host.kernel()).thenThrow(new IllegalStateException("no /proc"));
    when(host.findTool("fio")).thenReturn(Optional.empty());

    Environment env = probe().probe(List.of());

    assertThat(env.kernel()).isEqualTo("unknown");
    assertThat(env.cpuModel()).isEqualTo("unknown");
    assertThat(env.cpuCount()).isPositive();
    assertThat(env.memoryBytes()).isZero();
    assertThat(env.hostname()).isEqualTo("unknown");
  }

  @Test
  void readsTheCpuModelOfArmBoards() {
    assertThat(
            EnvironmentProbe.cpuModel("processor : 0\nBogoMIPS : 108.00\nModel : Raspberry Pi 4"))
        .isEqualTo("Raspberry Pi 4");
  }

  @Test
  void fallsBackToDevelopmentWhenRunFromASourceTree() {
    assertThat(EnvironmentProbe.fsbenchVersion()).isNotBlank();
  }
}
