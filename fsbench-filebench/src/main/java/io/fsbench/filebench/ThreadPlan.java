package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.IoMechanism;
import io.fsbench.filebench.WmlScript.Attribute;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The threads a workload's processes make ({@code procflow.c: procflow_define}, {@code
 * threadflow.c: threadflow_define}): every instance of every thread of every instance of every
 * process, each with its own instance of every flowop, and the links between flowops: a sempost's
 * or wakeup's target (every instance of the named semblock or block flowop, in any thread), and a
 * limit's or finish flowop's target (the named flowop in the same thread).
 */
final class ThreadPlan {

  private record Planned(String name, List<Flowop> flowops, long memsize, long seed) {}

  private final List<Planned> planned = new ArrayList<>();
  private final Map<String, List<SyncGates.Semaphore>> semaphores = new HashMap<>();
  private final Map<String, List<SyncGates.Wakeup>> wakeups = new HashMap<>();
  private final Path directory;

  private ThreadPlan(Path directory) {
    this.directory = directory;
  }

  static ThreadPlan make(
      List<WmlScript.DefineProcess> processes,
      List<WmlScript.DefineComposite> composites,
      WmlVariables vars,
      List<Fileset> filesets,
      Path directory,
      String file,
      SplittableRandom seeds) {
    Map<String, Fileset> byName = new HashMap<>();
    filesets.forEach(f -> byName.put(f.spec().name(), f));
    ThreadPlan plan = new ThreadPlan(directory);
    CompositeFlowops flowopsOf = new CompositeFlowops(composites, vars, byName, directory, file);
    for (WmlScript.DefineProcess process : processes) {
      Map<String, Attribute> pa = attributes(process.attributes());
      String processName = text(vars, pa, "name", "process", file, process.line());
      long processInstances = count(vars, pa, "process " + processName);
      for (long p = 0; p < processInstances; p++) {
        for (WmlScript.ThreadDefinition thread : process.threads()) {
          Map<String, Attribute> ta = attributes(thread.attributes());
          String threadName = text(vars, ta, "name", "thread", file, thread.line());
          String what = "thread " + threadName;
          long instances = count(vars, ta, what);
          long memsize = memsize(vars, ta, what);
          for (long t = 0; t < instances; t++) {
            List<Flowop> flowops = new ArrayList<>();
            for (WmlScript.FlowopDefinition definition : thread.flowops()) {
              flowops.add(flowopsOf.define(definition));
            }
            plan.planned.add(
                new Planned(
                    processName + "-" + p + "/" + threadName + "-" + t,
                    flowops,
                    memsize,
                    seeds.nextLong()));
          }
        }
      }
    }
    plan.link();
    return plan;
  }

  /** The largest {@code memsize}: a thread's buffer is one direct buffer. */
  static final long MAX_MEMSIZE = Integer.MAX_VALUE - AlignedBuffers.ALIGNMENT;

  private static long memsize(WmlVariables vars, Map<String, Attribute> ta, String what) {
    Attribute attribute = ta.get("memsize");
    if (attribute == null) {
      return 0;
    }
    long memsize = vars.constantInteger(attribute, what);
    if (memsize < 0 || memsize > MAX_MEMSIZE) {
      throw vars.error(
          attribute,
          what,
          "must be between 0 and 2 GiB (a thread's buffer is one direct buffer); lower it");
    }
    return memsize;
  }

  private void link() {
    for (Planned thread : planned) {
      for (Flowop f : Flowop.flatten(thread.flowops())) {
        if (f.type == FlowopType.SEMBLOCK) {
          f.semaphore = new SyncGates.Semaphore(f.highwater);
          semaphores.computeIfAbsent(f.name, k -> new ArrayList<>()).add(f.semaphore);
        } else if (f.type == FlowopType.BLOCK) {
          f.wakeup = new SyncGates.Wakeup();
          wakeups.computeIfAbsent(f.name, k -> new ArrayList<>()).add(f.wakeup);
        }
      }
    }
    for (Planned thread : planned) {
      List<Flowop> all = Flowop.flatten(thread.flowops());
      for (Flowop f : all) {
        switch (f.type) {
          case SEMPOST -> requireTarget(f, semaphores.containsKey(target(f)), "semblock");
          case WAKEUP -> requireTarget(f, wakeups.containsKey(target(f)), "block");
          case IOPSLIMIT, OPSLIMIT, BWLIMIT, FINISHONCOUNT, FINISHONBYTES -> linkInThread(f, all);
          default -> {}
        }
      }
    }
  }

  private static String target(Flowop f) {
    if (f.target == null) {
      throw new InvalidInputException(f.where + f + " needs target=NAME of the flowop it acts on");
    }
    return f.target;
  }

  private static void requireTarget(Flowop f, boolean found, String kind) {
    if (!found) {
      throw new InvalidInputException(
          f.where
              + f
              + ": target ("
              + f.target
              + ") names no "
              + kind
              + " flowop of the workload; name one, or add flowop "
              + kind
              + " name="
              + f.target
              + " to a thread");
    }
  }

  /** flowoplib_event_find_target: the named flowop of the same thread, if a target is named. */
  private static void linkInThread(Flowop f, List<Flowop> flowops) {
    if (f.target == null) {
      return;
    }
    for (Flowop other : flowops) {
      if (other.name.equals(f.target)) {
        boolean needsData =
            f.type == FlowopType.IOPSLIMIT
                || f.type == FlowopType.BWLIMIT
                || f.type == FlowopType.FINISHONBYTES;
        if (needsData && other.type.direction() == FlowopType.Direction.NONE) {
          throw new InvalidInputException(
              f.where + f + ": target (" + f.target + ") neither reads nor writes data");
        }
        f.targetInThread = other;
        return;
      }
    }
    throw new InvalidInputException(
        f.where
            + f
            + ": target ("
            + f.target
            + ") names no flowop of the same thread; name one of this thread's flowops");
  }

  /**
   * The threads, made now (each allocates its memsize buffer); their aiowrites, if any, run on
   * {@code aio}.
   */
  List<ThreadFlow> threads(RunControl control, IoMechanism aio) {
    List<ThreadFlow> threads = new ArrayList<>();
    for (Planned p : planned) {
      threads.add(
          new ThreadFlow(p.name(), p.flowops(), p.memsize(), control, p.seed(), directory, aio));
    }
    return threads;
  }

  /** Whether a thread issues asynchronous writes. */
  boolean writesAsynchronously() {
    return all().stream().anyMatch(f -> f.type == FlowopType.AIOWRITE);
  }

  /**
   * Every flowop instance, thread by thread, each thread's in its order, a composite's own after
   * it.
   */
  List<Flowop> all() {
    List<Flowop> all = new ArrayList<>();
    planned.forEach(p -> all.addAll(Flowop.flatten(p.flowops())));
    return all;
  }

  Map<String, List<SyncGates.Semaphore>> semaphores() {
    return semaphores;
  }

  Map<String, List<SyncGates.Wakeup>> wakeups() {
    return wakeups;
  }

  private static Map<String, Attribute> attributes(List<Attribute> list) {
    Map<String, Attribute> map = new HashMap<>();
    list.forEach(a -> map.put(a.name(), a));
    return map;
  }

  private static String text(
      WmlVariables vars,
      Map<String, Attribute> a,
      String name,
      String what,
      String file,
      int line) {
    if (!a.containsKey(name)) {
      throw new InvalidInputException(file + ":" + line + ": a " + what + " needs name=...");
    }
    return vars.text(a.get(name), what);
  }

  private static long count(WmlVariables vars, Map<String, Attribute> a, String what) {
    if (!a.containsKey("instances")) {
      return 1;
    }
    long n = vars.integer(a.get("instances"), what);
    if (n < 1 || n > 100_000) {
      throw vars.error(a.get("instances"), what, "must be between 1 and 100000");
    }
    return n;
  }
}
