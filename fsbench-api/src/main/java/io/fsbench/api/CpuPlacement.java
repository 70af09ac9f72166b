package io.fsbench.api;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Where a job's threads run and take memory, as fio's {@code cpus_allowed} (or {@code cpumask}),
 * {@code cpus_allowed_policy}, {@code nice}, {@code numa_cpu_nodes} and {@code numa_mem_policy}:
 * each clone's I/O thread sets them on itself when it starts.
 *
 * <pre>{@code
 * CpuPlacement pinned = CpuPlacement.NONE.cpus(CpuPlacement.parseList("0-1")).split(true);
 * JobSpec job = JobSpec.randRead(Size.kib(4)).size(Size.mib(64)).cpus(pinned).numJobs(2).build();
 * // clone 1 runs on CPU 0, clone 2 on CPU 1
 * }</pre>
 *
 * @param cpus the CPUs the threads may run on, ascending; empty for any
 * @param split fio's {@code cpus_allowed_policy=split}: each thread gets one of {@code cpus} (by
 *     its thread number over the job file, round robin) instead of sharing them all
 * @param nice the threads' nice value, -20 to 19 (0: unchanged)
 * @param cpuNodes fio's {@code numa_cpu_nodes}: run on the CPUs of these NUMA nodes; empty for any
 * @param memPolicy fio's {@code numa_mem_policy} mode
 * @param memNodes the nodes of {@code memPolicy} ({@code prefer} takes one)
 */
public record CpuPlacement(
    List<Integer> cpus,
    boolean split,
    int nice,
    List<Integer> cpuNodes,
    MemPolicy memPolicy,
    List<Integer> memNodes) {

  /** fio's {@code numa_mem_policy} modes, as set_mempolicy(2) takes them. */
  public enum MemPolicy {
    /** The process's policy, unchanged. */
    DEFAULT,
    /** Prefer one node ({@code MPOL_PREFERRED}). */
    PREFER,
    /** Only these nodes ({@code MPOL_BIND}). */
    BIND,
    /** Interleave over these nodes ({@code MPOL_INTERLEAVE}). */
    INTERLEAVE,
    /** The node the thread runs on ({@code MPOL_LOCAL}). */
    LOCAL;

    /** The mode as fio spells it. */
    public String fioName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** fio's defaults: any CPU, shared, nice 0, no NUMA policy. */
  public static final CpuPlacement NONE =
      new CpuPlacement(List.of(), false, 0, List.of(), MemPolicy.DEFAULT, List.of());

  public CpuPlacement {
    cpus = sortedIds("cpus_allowed", cpus);
    cpuNodes = sortedIds("numa_cpu_nodes", cpuNodes);
    memNodes = sortedIds("numa_mem_policy", memNodes);
    Objects.requireNonNull(memPolicy, "memPolicy");
    if (nice < -20 || nice > 19) {
      throw new InvalidInputException("nice (" + nice + ") must be between -20 and 19");
    }
    if (split && cpus.isEmpty()) {
      throw new InvalidInputException(
          "cpus_allowed_policy=split needs cpus_allowed (or cpumask) to split; give both");
    }
    boolean needsNodes = memPolicy == MemPolicy.PREFER || memPolicy == MemPolicy.BIND;
    boolean takesNodes = needsNodes || memPolicy == MemPolicy.INTERLEAVE;
    if (needsNodes && memNodes.isEmpty()) {
      throw new InvalidInputException(
          "numa_mem_policy=" + memPolicy.fioName() + " needs a node list, e.g. bind:0");
    }
    if (!takesNodes && !memNodes.isEmpty()) {
      throw new InvalidInputException(
          "numa_mem_policy=" + memPolicy.fioName() + " takes no node list; give it bare");
    }
    if (memPolicy == MemPolicy.PREFER && memNodes.size() > 1) {
      throw new InvalidInputException(
          "numa_mem_policy=prefer takes one node, not " + memNodes + "; e.g. prefer:0");
    }
  }

  /** A copy whose threads run on {@code cpus} (empty: any). */
  public CpuPlacement cpus(List<Integer> cpus) {
    return new CpuPlacement(cpus, split, nice, cpuNodes, memPolicy, memNodes);
  }

  /** A copy that gives each thread one of the CPUs ({@code true}) or all of them. */
  public CpuPlacement split(boolean split) {
    return new CpuPlacement(cpus, split, nice, cpuNodes, memPolicy, memNodes);
  }

  /** A copy with this nice value. */
  public CpuPlacement nice(int nice) {
    return new CpuPlacement(cpus, split, nice, cpuNodes, memPolicy, memNodes);
  }

  /** A copy that runs on the CPUs of these NUMA nodes. */
  public CpuPlacement cpuNodes(List<Integer> nodes) {
    return new CpuPlacement(cpus, split, nice, nodes, memPolicy, memNodes);
  }

  /** A copy with this memory policy over these nodes. */
  public CpuPlacement memory(MemPolicy policy, List<Integer> nodes) {
    return new CpuPlacement(cpus, split, nice, cpuNodes, policy, nodes);
  }

  /** Whether anything differs from {@link #NONE}. */
  public boolean any() {
    return !equals(NONE);
  }

  /**
   * The CPU (or node) ids of a list as fio and taskset write it: ids and ranges separated by
   * commas, e.g. {@code 0-3,6}.
   *
   * @throws InvalidInputException naming the list when it is empty or holds anything else
   */
  public static List<Integer> parseList(String list) {
    TreeSet<Integer> ids = new TreeSet<>();
    String text = list == null ? "" : list.strip();
    if (text.isEmpty()) {
      throw new InvalidInputException("CPU list (" + list + ") is empty; give e.g. 0 or 0-3,6");
    }
    for (String part : text.split(",", -1)) {
      String[] range = part.strip().split("-", -1);
      if (range.length > 2) {
        throw badList(list, part);
      }
      int low = id(list, range[0]);
      int high = range.length == 2 ? id(list, range[1]) : low;
      if (high < low) {
        throw new InvalidInputException(
            "CPU list (" + list + ") has the range " + part.strip() + ", which runs backwards");
      }
      for (int i = low; i <= high; i++) {
        ids.add(i);
      }
    }
    return List.copyOf(ids);
  }

  /** The list written back as {@code 0-3,6}. */
  public static String formatList(List<Integer> ids) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < ids.size(); i++) {
      int start = ids.get(i);
      int end = start;
      while (i + 1 < ids.size() && ids.get(i + 1) == end + 1) {
        end = ids.get(++i);
      }
      out.append(out.length() == 0 ? "" : ",").append(start);
      if (end > start) {
        out.append('-').append(end);
      }
    }
    return out.toString();
  }

  private static int id(String list, String text) {
    String t = text.strip();
    if (t.isEmpty() || t.length() > 5 || !t.chars().allMatch(Character::isDigit)) {
      throw badList(list, text);
    }
    int id = Integer.parseInt(t);
    if (id >= 1024) { // glibc's CPU_SETSIZE, the most fio takes
      throw new InvalidInputException(
          "CPU list (" + list + ") names " + id + "; the most is 1023 (CPU_SETSIZE)");
    }
    return id;
  }

  private static InvalidInputException badList(String list, String part) {
    return new InvalidInputException(
        "CPU list ("
            + list
            + ") holds '"
            + part.strip()
            + "', which is neither an id nor a range low-high; give e.g. 0-3,6");
  }

  private static List<Integer> sortedIds(String option, List<Integer> ids) {
    Objects.requireNonNull(ids, option);
    for (Integer id : ids) {
      if (id == null || id < 0 || id >= 1024) {
        throw new InvalidInputException(option + " (" + ids + ") must hold ids from 0 to 1023");
      }
    }
    return List.copyOf(new TreeSet<>(ids));
  }
}
