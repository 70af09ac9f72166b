package io.fsbench.core.nativeio;

import io.fsbench.api.CpuPlacement;
import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The machine's online CPUs and NUMA nodes as sysfs lists them ({@code
 * /sys/devices/system/cpu/online}, {@code /sys/devices/system/node/nodeN/cpulist}), so that a
 * placement naming a CPU or node the machine lacks is refused before anything is made. A kernel
 * without NUMA has no node directory: it is one node, 0, holding every CPU, as libnuma sees it.
 *
 * <pre>{@code
 * CpuTopology.system().require(spec.cpus());
 * }</pre>
 */
public final class CpuTopology {

  private final Path sysfs;

  /** The topology under {@code sysfs} (a copy of {@code /sys/devices/system} in tests). */
  public CpuTopology(Path sysfs) {
    this.sysfs = sysfs;
  }

  /** This machine's topology. */
  public static CpuTopology system() {
    return new CpuTopology(Path.of("/sys/devices/system"));
  }

  /** The online CPUs, ascending. */
  public List<Integer> cpus() {
    return list(sysfs.resolve("cpu/online"), "the online CPUs");
  }

  /** The online NUMA nodes, ascending; {@code [0]} without NUMA. */
  public List<Integer> nodes() {
    Path online = sysfs.resolve("node/online");
    return Files.isRegularFile(online) ? list(online, "the NUMA nodes") : List.of(0);
  }

  /** The nodes with memory ({@code has_memory}), where a bare interleave spreads. */
  public List<Integer> memoryNodes() {
    Path memory = sysfs.resolve("node/has_memory");
    return Files.isRegularFile(memory) ? list(memory, "the memory nodes") : nodes();
  }

  /** The CPUs of the given nodes, as libnuma's numa_run_on_node_mask runs on them. */
  public List<Integer> cpusOf(List<Integer> nodes) {
    if (!Files.isDirectory(sysfs.resolve("node"))) {
      return cpus();
    }
    TreeSet<Integer> cpus = new TreeSet<>();
    for (int node : nodes) {
      cpus.addAll(list(sysfs.resolve("node/node" + node + "/cpulist"), "node " + node + "'s CPUs"));
    }
    return List.copyOf(cpus);
  }

  /**
   * Refuses a placement whose CPUs or nodes are not on this machine, naming them and what there is
   * (fio refuses them too: "CPU N too large", "numa_parse_nodestring failed").
   */
  public void require(CpuPlacement placement) {
    requireIn("cpus_allowed", "CPU", placement.cpus(), cpus());
    requireIn("numa_cpu_nodes", "NUMA node", placement.cpuNodes(), nodes());
    requireIn("numa_mem_policy", "NUMA node", placement.memNodes(), nodes());
  }

  private static void requireIn(
      String option, String what, List<Integer> asked, List<Integer> has) {
    List<Integer> missing = new ArrayList<>(asked);
    missing.removeAll(has);
    if (!missing.isEmpty()) {
      throw new InvalidInputException(
          option
              + " ("
              + CpuPlacement.formatList(asked)
              + ") names "
              + what
              + (missing.size() > 1 ? "s " : " ")
              + CpuPlacement.formatList(missing)
              + ", which this machine does not have (it has "
              + what
              + (has.size() > 1 ? "s " : " ")
              + CpuPlacement.formatList(has)
              + "); give ones it has");
    }
  }

  private static List<Integer> list(Path file, String what) {
    try {
      String text = Files.readString(file).strip();
      return text.isEmpty() ? List.of() : CpuPlacement.parseList(text);
    } catch (IOException | InvalidInputException e) {
      throw new IllegalStateException(
          "cannot read " + what + " from " + file + ": " + e.getMessage(), e);
    }
  }
}
