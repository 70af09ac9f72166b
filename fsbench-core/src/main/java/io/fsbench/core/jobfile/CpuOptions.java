package io.fsbench.core.jobfile;

import io.fsbench.api.CpuPlacement;
import io.fsbench.api.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * fio's CPU and NUMA placement options ({@code cpus_allowed}, {@code cpumask}, {@code
 * cpus_allowed_policy}, {@code nice}, {@code numa_cpu_nodes}, {@code numa_mem_policy}) for {@link
 * JobOptionParser}. Lists are read as fio's {@code set_cpus_allowed} reads them ({@code 0-3,6});
 * {@code cpumask} is fio's bit mask of the first 32 CPUs. Whether the CPUs and nodes exist on this
 * machine is checked before a run, not here.
 */
final class CpuOptions {

  private CpuPlacement placement = CpuPlacement.NONE;
  private boolean split;

  void apply(String key, String value) {
    switch (key) {
      case "cpus_allowed" -> placement = placement.cpus(list(key, value));
      case "cpumask" -> placement = placement.cpus(mask(value));
      case "cpus_allowed_policy" -> split = policy(value);
      case "nice" -> placement = placement.nice(FioValues.integer(key, value));
      case "numa_cpu_nodes" -> placement = placement.cpuNodes(list(key, value));
      case "numa_mem_policy" -> memPolicy(value);
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  /** The placement; the policy applies whichever of cpus_allowed and cpumask came first. */
  CpuPlacement build() {
    if (split && placement.cpus().isEmpty()) {
      // fio splits only a mask that was given; without one the policy changes nothing
      throw new InvalidInputException(
          "cpus_allowed_policy=split has no CPUs to split; give cpus_allowed or cpumask too");
    }
    return placement.split(split);
  }

  private static List<Integer> list(String key, String value) {
    try {
      return CpuPlacement.parseList(value);
    } catch (InvalidInputException e) {
      throw new InvalidInputException(key + "=" + value + ": " + e.getMessage(), e);
    }
  }

  /** fio's {@code cpumask}: bit N set for CPU N, of the first 32 (fio's loop over an int). */
  private static List<Integer> mask(String value) {
    String v = value.strip().toLowerCase(Locale.ROOT);
    long bits;
    try {
      bits = v.startsWith("0x") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "cpumask (" + value + ") is no bit mask; give e.g. cpumask=3 (CPUs 0 and 1) or 0xf");
    }
    if (bits <= 0 || bits > 0xFFFF_FFFFL) {
      throw new InvalidInputException(
          "cpumask ("
              + value
              + ") must set at least one of the first 32 CPUs' bits (fio reads 32); use"
              + " cpus_allowed for others");
    }
    List<Integer> cpus = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      if ((bits & (1L << i)) != 0) {
        cpus.add(i);
      }
    }
    return cpus;
  }

  private static boolean policy(String value) {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "shared" -> false;
      case "split" -> true;
      default ->
          throw new InvalidInputException(
              "cpus_allowed_policy (" + value + ") must be 'shared' or 'split'");
    };
  }

  /** fio's {@code str_numa_mpol_cb}: {@code mode[:nodes]}. */
  private void memPolicy(String value) {
    String v = value.strip();
    int colon = v.indexOf(':');
    String mode = (colon < 0 ? v : v.substring(0, colon)).strip().toLowerCase(Locale.ROOT);
    CpuPlacement.MemPolicy policy =
        switch (mode) {
          case "default" -> CpuPlacement.MemPolicy.DEFAULT;
          case "prefer" -> CpuPlacement.MemPolicy.PREFER;
          case "bind" -> CpuPlacement.MemPolicy.BIND;
          case "interleave" -> CpuPlacement.MemPolicy.INTERLEAVE;
          case "local" -> CpuPlacement.MemPolicy.LOCAL;
          default ->
              throw new InvalidInputException(
                  "numa_mem_policy ("
                      + value
                      + ") must be default, prefer, bind, interleave or local, e.g. bind:0");
        };
    // a bare interleave is over every node with memory, as fio's "all": resolved at run time
    List<Integer> nodes = colon >= 0 ? list("numa_mem_policy", v.substring(colon + 1)) : List.of();
    placement = placement.memory(policy, nodes);
  }
}
