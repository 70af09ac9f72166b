package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.CpuPlacement;
import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuTopologyTest {

  @TempDir Path sysfs;

  private CpuTopology twoNodes() throws IOException {
    write("cpu/online", "0-3\n");
    write("node/online", "0-1\n");
    write("node/has_memory", "0\n");
    write("node/node0/cpulist", "0-1\n");
    write("node/node1/cpulist", "2-3\n");
    return new CpuTopology(sysfs);
  }

  private void write(String file, String text) throws IOException {
    Path path = sysfs.resolve(file);
    Files.createDirectories(path.getParent());
    Files.writeString(path, text);
  }

  @Test
  void readsCpusNodesAndTheCpusOfNodes() throws IOException {
    CpuTopology t = twoNodes();

    assertThat(t.cpus()).containsExactly(0, 1, 2, 3);
    assertThat(t.nodes()).containsExactly(0, 1);
    assertThat(t.memoryNodes()).containsExactly(0);
    assertThat(t.cpusOf(List.of(1))).containsExactly(2, 3);
  }

  @Test
  void aKernelWithoutNumaIsOneNodeHoldingEveryCpu() throws IOException {
    write("cpu/online", "0-1\n");
    CpuTopology t = new CpuTopology(sysfs);

    assertThat(t.nodes()).containsExactly(0);
    assertThat(t.cpusOf(List.of(0))).containsExactly(0, 1);
  }

  @Test
  void refusesCpusAndNodesTheMachineLacksNamingWhatItHas() throws IOException {
    CpuTopology t = twoNodes();
    t.require(CpuPlacement.NONE.cpus(List.of(0, 3)).cpuNodes(List.of(1)));

    assertThatThrownBy(() -> t.require(CpuPlacement.NONE.cpus(List.of(2, 4, 5))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(
            "cpus_allowed (2,4-5) names CPUs 4-5, which this machine does not have (it has CPUs"
                + " 0-3); give ones it has");
    assertThatThrownBy(
            () ->
                t.require(
                    CpuPlacement.NONE.memory(CpuPlacement.MemPolicy.INTERLEAVE, List.of(0, 2))))
        .hasMessageContaining("numa_mem_policy (0,2) names NUMA node 2");
  }
}
