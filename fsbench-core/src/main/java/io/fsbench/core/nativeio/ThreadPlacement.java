package io.fsbench.core.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import io.fsbench.api.CpuPlacement;
import io.fsbench.api.FsBenchException;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts the calling thread where a {@link CpuPlacement} says, in the order of fio's {@code
 * thread_main}: the CPU mask ({@code sched_setaffinity(2)}, one CPU of it per thread under {@code
 * split}, as fio's {@code fio_cpus_split}), then the NUMA nodes' CPUs (which replace the mask, as
 * libnuma's {@code numa_run_on_node_mask}), the memory policy ({@code set_mempolicy(2)}), and
 * {@code nice}, added to the thread's niceness as {@code nice(3)} adds it. Linux applies all of
 * them to one thread, so each job thread sets its own.
 */
public final class ThreadPlacement {

  private static final int MASK_BYTES = 128; // CPU_SETSIZE (1024) bits, as glibc's cpu_set_t
  private static final int PRIO_PROCESS = 0;
  private static final long SYS_SET_MEMPOLICY = LibC.AARCH64 ? 237 : 238;
  private static final int MPOL_PREFERRED = 1;
  private static final int MPOL_BIND = 2;
  private static final int MPOL_INTERLEAVE = 3;
  private static final int MPOL_LOCAL = 4;

  static {
    Native.register(ThreadPlacement.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
  }

  private static native int sched_setaffinity(int pid, long size, long mask);

  private static native int sched_getaffinity(int pid, long size, long mask);

  private static native int getpriority(int which, int who);

  private static native int setpriority(int which, int who, int prio);

  private static native long syscall(long number, long a1, long a2, long a3);

  private ThreadPlacement() {}

  /**
   * Applies {@code placement} to the calling thread, the {@code threadNumber}-th (from 1) of the
   * job file, as fio's thread of that number.
   *
   * @throws FsBenchException naming the call and the reason when the kernel refuses one
   */
  public static void apply(CpuPlacement placement, int threadNumber, CpuTopology topology) {
    if (!placement.cpus().isEmpty()) {
      List<Integer> cpus = placement.cpus();
      if (placement.split()) {
        cpus = List.of(cpus.get((threadNumber - 1) % cpus.size()));
      }
      setAffinity(cpus, "cpus_allowed");
    }
    if (!placement.cpuNodes().isEmpty()) {
      setAffinity(topology.cpusOf(placement.cpuNodes()), "numa_cpu_nodes");
    }
    switch (placement.memPolicy()) {
      case PREFER -> memPolicy(MPOL_PREFERRED, placement.memNodes());
      case BIND -> memPolicy(MPOL_BIND, placement.memNodes());
      case INTERLEAVE ->
          memPolicy(
              MPOL_INTERLEAVE,
              placement.memNodes().isEmpty() ? topology.memoryNodes() : placement.memNodes());
      case LOCAL -> memPolicy(MPOL_LOCAL, List.of());
      case DEFAULT -> {}
    }
    if (placement.nice() != 0) {
      nice(placement.nice());
    }
  }

  /** The CPUs the calling thread may run on (sched_getaffinity(2)). */
  public static List<Integer> affinity() {
    try (Memory mask = new Memory(MASK_BYTES)) {
      mask.clear();
      if (sched_getaffinity(0, MASK_BYTES, Pointer.nativeValue(mask)) != 0) {
        throw failed("sched_getaffinity", "reading the thread's CPUs");
      }
      List<Integer> cpus = new ArrayList<>();
      for (int cpu = 0; cpu < MASK_BYTES * 8; cpu++) {
        if ((mask.getByte(cpu / 8) & (1 << (cpu % 8))) != 0) {
          cpus.add(cpu);
        }
      }
      return List.copyOf(cpus);
    }
  }

  /** The calling thread's nice value. */
  public static int niceness() {
    return getpriority(PRIO_PROCESS, LibC.gettid());
  }

  private static void setAffinity(List<Integer> cpus, String option) {
    try (Memory mask = bits(cpus)) {
      if (sched_setaffinity(0, MASK_BYTES, Pointer.nativeValue(mask)) != 0) {
        throw failed("sched_setaffinity", option + "=" + CpuPlacement.formatList(cpus));
      }
    }
  }

  private static void memPolicy(int mode, List<Integer> nodes) {
    try (Memory mask = bits(nodes)) {
      long address = nodes.isEmpty() ? 0 : Pointer.nativeValue(mask);
      // maxnode counts one more than the mask's bits: the kernel drops the last, as libnuma knows
      long maxNode = nodes.isEmpty() ? 0 : MASK_BYTES * 8L + 1;
      if (syscall(SYS_SET_MEMPOLICY, mode, address, maxNode) != 0) {
        throw failed("set_mempolicy", "numa_mem_policy on nodes " + CpuPlacement.formatList(nodes));
      }
    }
  }

  private static void nice(int increment) {
    int tid = LibC.gettid();
    int now = getpriority(PRIO_PROCESS, tid);
    int wanted = Math.max(-20, Math.min(19, now + increment));
    if (setpriority(PRIO_PROCESS, tid, wanted) != 0) {
      throw failed("setpriority", "nice=" + increment + (increment < 0 ? " (needs root)" : ""));
    }
  }

  private static Memory bits(List<Integer> ids) {
    Memory mask = new Memory(MASK_BYTES);
    mask.clear();
    for (int id : ids) {
      mask.setByte(id / 8, (byte) (mask.getByte(id / 8) | (1 << (id % 8))));
    }
    return mask;
  }

  private static FsBenchException failed(String call, String what) {
    return new FsBenchException(
        FsBenchException.Kind.RUN_FAILED,
        call
            + " failed for "
            + what
            + ": "
            + NativeIoException.describe(Native.getLastError())
            + "; check the CPUs and nodes the process may use (taskset -p, cgroup cpusets)");
  }
}
