package io.fsbench.filebench;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.core.nativeio.CpuUsage;
import io.fsbench.core.nativeio.IoMechanism;
import io.fsbench.core.nativeio.ThreadCpu;
import io.fsbench.filebench.WmlScript.Command;
import io.fsbench.filebench.WmlScript.Value;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Runs a parsed filebench workload file as filebench 1.5 runs it ({@code parser_gram.y}): its
 * commands in order until the first {@code run} or {@code psrun}, after which filebench exits
 * ({@code parser_run} ends in {@code parser_filebench_shutdown}), so nothing after it is run.
 *
 * <ul>
 *   <li>{@code run N}: create the filesets (if {@code create files} did not), make the threads,
 *       start them, clear the statistics, sleep N seconds (60 without N in the default mode), snap
 *       the statistics, stop and join the threads ({@code parser_run}). {@code psrun [-]I [N]} is
 *       the same with a snapshot printed every I seconds (reset after each with a negative I).
 *   <li>{@code sleep}, {@code echo}, {@code create files}, {@code eventgen rate=}, {@code set mode
 *       quit timeout|alldone|firstdone} as filebench; {@code enable lathist} has no effect (fsbench
 *       always keeps histograms); {@code system} is refused unless allowed, since it runs a shell.
 *   <li>Processes are a grouping only: every thread instance of every process instance is a JVM
 *       thread. Composite flowops ({@code define flowop}) are built per use ({@link
 *       CompositeFlowops}).
 * </ul>
 *
 * <p>{@link FilebenchOptions#overrides()} replace the file's {@code set}s of those variables (and
 * define the ones it never sets); {@link FilebenchOptions#runtime()} replaces {@code run N} and
 * runs a file that has no run at its end.
 */
public final class FilebenchRun {

  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  private static final Duration JOIN_GRACE = Duration.ofMillis(500);
  private static final int DEFAULT_RUNTIME = 60;
  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final WmlScript script;
  private final FilebenchOptions options;
  private final List<Command> commands;
  private FilesetDefinitions definitions;
  private List<Fileset> filesets;
  private RunControl.QuitMode mode = RunControl.QuitMode.TIMEOUT;
  private Optional<Long> eventRate = Optional.empty();
  // the process's CPU at the last stats clear: the run's CPU covers what its rates cover
  private CpuUsage cpuAtClear;

  private FilebenchRun(WmlScript script, FilebenchOptions options) {
    this.script = script;
    this.options = options;
    this.commands = untilRun(withOverrides(script.commands(), options.overrides()), options);
  }

  /** Parses {@code file} and runs it. */
  public static FilebenchResult run(Path file, FilebenchOptions options) throws IOException {
    return run(WmlParser.parse(file.toString(), Files.readString(file)), options);
  }

  static FilebenchResult run(WmlScript script, FilebenchOptions options) {
    return new FilebenchRun(script, options).execute();
  }

  /** A run not yet started, for tests that look at the filesets' state afterwards. */
  static FilebenchRun prepare(WmlScript script, FilebenchOptions options) {
    return new FilebenchRun(script, options);
  }

  /** The filesets as the run left them; empty before they are created. */
  List<Fileset> filesets() {
    return filesets == null ? List.of() : filesets;
  }

  FilebenchResult execute() {
    return run(walk(false));
  }

  /**
   * The run planned without I/O: every command up to the run checked as {@link #execute()} checks
   * it (without sleeping or running a shell), the filesets' trees drawn but not made, and every
   * thread's flowops defined and linked.
   */
  ThreadPlan plan() {
    Start start = walk(true);
    filesets = definitions.build();
    return makePlan(start);
  }

  /** What the commands before the run leave: the processes to start and for how long. */
  private record Start(
      List<WmlScript.DefineProcess> processes,
      List<WmlScript.DefineComposite> composites,
      long nanos,
      long interval) {}

  /** Runs the commands before the run; a dry walk makes no files, sleeps not, runs no shell. */
  private Start walk(boolean dry) {
    definitions = FilesetDefinitions.read(new WmlScript(script.file(), commands), options.seed());
    List<WmlScript.DefineProcess> processes = new ArrayList<>();
    List<WmlScript.DefineComposite> composites = new ArrayList<>();
    for (Command command : commands) {
      if (options.cancelled().getAsBoolean()) {
        throw cancelled();
      }
      if (command instanceof WmlScript.DefineProcess p) {
        processes.add(p);
      } else if (command instanceof WmlScript.DefineComposite c) {
        composites.add(c);
      } else if (command instanceof WmlScript.SetMode m) {
        setMode(m);
      } else if (command instanceof WmlScript.Eventgen e) {
        eventgen(e);
      } else if (command instanceof WmlScript.CreateFiles) {
        if (!dry) {
          createFilesets();
        }
      } else if (command instanceof WmlScript.Sleep s) {
        long seconds = seconds(s.seconds(), s.line());
        if (!dry) {
          sleep(seconds);
        }
      } else if (command instanceof WmlScript.Print p) {
        print(p, dry);
      } else if (command instanceof WmlScript.Enable e && !e.what().equals("lathist")) {
        throw refused(e.line(), "enable " + e.what() + " (multi-client runs)");
      } else if (command instanceof WmlScript.MultiSync m) {
        throw refused(m.line(), "domultisync (multi-client runs)");
      } else if (command instanceof WmlScript.Other o && o.command().equals("quit")) {
        break;
      } else if (command instanceof WmlScript.Run r) {
        long seconds = r.seconds().map(v -> seconds(v, r.line())).orElse(0L);
        return new Start(processes, composites, runtime(seconds), 0);
      } else if (command instanceof WmlScript.Psrun p) {
        return new Start(processes, composites, runtime(p.seconds()), p.interval());
      }
    }
    throw new InvalidInputException(
        script.file()
            + ": the workload has no run command, so filebench would measure nothing: add"
            + " 'run 60' or give a runtime");
  }

  /** The run's length in nanoseconds; 0 means until the threads are done (alldone, firstdone). */
  private long runtime(long fromScript) {
    if (options.runtime().isPresent()) {
      return options.runtime().get().toNanos();
    }
    long seconds =
        fromScript == 0 && mode == RunControl.QuitMode.TIMEOUT ? DEFAULT_RUNTIME : fromScript;
    return seconds * NANOS_PER_SECOND;
  }

  private ThreadPlan makePlan(Start start) {
    return ThreadPlan.make(
        start.processes(),
        start.composites(),
        definitions.variables(),
        filesets,
        options.directory(),
        script.file(),
        new SplittableRandom(options.seed() ^ 0x9E3779B97F4A7C15L));
  }

  private FilebenchResult run(Start walked) {
    long nanos = walked.nanos();
    long interval = walked.interval();
    createFilesets();
    Optional<EventGenerator> eventgen =
        eventRate.map(rate -> new EventGenerator(rate, System::nanoTime));
    ThreadPlan plan = makePlan(walked);
    RunControl control =
        new RunControl(options.cancelled(), mode, eventgen, plan.semaphores(), plan.wakeups());
    java.util.concurrent.atomic.AtomicBoolean finished =
        new java.util.concurrent.atomic.AtomicBoolean();
    // a finish ends the run as its time running out does: the threads stop, the stats are snapped
    options
        .finishing()
        .accept(
            () -> {
              finished.set(true);
              control.stop();
            });
    IoMechanism aio = IoMechanism.LIBAIO;
    if (plan.writesAsynchronously()) {
      AsyncWrites.Choice choice = AsyncWrites.choose();
      options.output().accept(choice.note());
      aio = choice.mechanism();
    }
    List<Thread> threads = new ArrayList<>();
    Thread generator = null;
    try {
      for (ThreadFlow flow : plan.threads(control, aio)) {
        Thread thread = new Thread(flow, "fsbench-filebench-" + flow.name);
        thread.setDaemon(true);
        threads.add(thread);
        control.threadStarted();
      }
      if (eventgen.isPresent()) {
        EventGenerator g = eventgen.get();
        generator = new Thread(() -> g.run(control), "fsbench-filebench-eventgen");
        generator.setDaemon(true);
        g.reset();
        generator.start();
      }
      // filebench clears the statistics just after it lets the threads go, losing their first
      // ops (a run that ends on a count can be over before the clear); fsbench clears just before
      Stats stats = new Stats(plan.all());
      stats.clear(control);
      cpuAtClear = ThreadCpu.process();
      long start = System.nanoTime();
      threads.forEach(Thread::start);
      options.output().accept("Running...");
      OpsSampler sampler = new OpsSampler(start, 0);
      long end = waitForRun(control, nanos, interval, stats, start, sampler);
      boolean cut = finished.get() && (nanos == 0 || end - start < nanos);
      CpuUsage cpu = ThreadCpu.process().minus(cpuAtClear);
      FilebenchResult result =
          stats.snap(
              script.file(),
              options.seed(),
              end - start,
              sampler.samples(),
              new FilebenchResult.Cpu(cpu.user(), cpu.system()),
              dataset());
      stopAll(control, threads, generator);
      control.failure().ifPresent(FilebenchRun::failed);
      if (options.cancelled().getAsBoolean()) {
        throw cancelled();
      }
      return cut ? result.cut() : result;
    } finally {
      stopAll(control, threads, generator);
    }
  }

  /**
   * Sleeps the runtime (or until the run stops itself), printing psrun's snapshots and taking the
   * 500 ms ops/s samples.
   */
  private long waitForRun(
      RunControl control, long nanos, long interval, Stats stats, long start, OpsSampler sampler) {
    long deadline = nanos == 0 ? Long.MAX_VALUE : start + nanos;
    long period = Math.abs(interval) * NANOS_PER_SECOND;
    long nextSnap = period == 0 ? Long.MAX_VALUE : start + period;
    try {
      while (true) {
        long now = System.nanoTime();
        sampler.sample(now, stats.ioOps()); // first: a window may end with the run
        if (now >= deadline || control.getAsBoolean()) {
          return Math.min(now, deadline);
        }
        if (now >= nextSnap) {
          FilebenchResult snap = stats.snap(script.file(), options.seed(), now - start);
          options.output().accept(FilebenchReport.summary(snap.summary()));
          if (interval < 0) {
            stats.clear(control);
            sampler.cleared();
            cpuAtClear = ThreadCpu.process();
            start = now;
          }
          nextSnap += period;
        }
        // at most 100 ms at a time: a deadline of "never" must not overflow the wait
        long wake = Math.min(Math.min(deadline, nextSnap), sampler.nextAt());
        control.awaitStop(Math.max(1, Math.min(wake - now, POLL_NANOS)));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw cancelled();
    }
  }

  /** Stops the threads and waits for them; interrupts the ones still waiting after a grace. */
  private static void stopAll(RunControl control, List<Thread> threads, Thread generator) {
    control.stop();
    List<Thread> all = new ArrayList<>(threads);
    if (generator != null) {
      all.add(generator);
    }
    long deadline = System.nanoTime() + JOIN_GRACE.toNanos();
    boolean interrupted = false;
    for (Thread thread : all) {
      try {
        long left = deadline - System.nanoTime();
        if (left > 0 && thread.isAlive()) {
          thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
        if (thread.isAlive()) {
          thread.interrupt(); // waiting for a busy file (EntryPool) or in a long wait
          thread.join();
        }
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** The filesets' bytes against this machine's RAM. */
  private FilebenchResult.Dataset dataset() {
    long bytes = 0;
    for (Fileset fileset : filesets) {
      bytes += fileset.tree().totalBytes();
    }
    return new FilebenchResult.Dataset(bytes, FilebenchPersonalities.hostRamBytes());
  }

  private void createFilesets() {
    if (filesets != null) {
      return;
    }
    filesets = definitions.build();
    FilesetPopulator populator = FilesetPopulator.standard(options.cancelled());
    for (Fileset fileset : filesets) {
      FilesetPopulator.Population made = populator.populate(fileset, options.directory());
      options
          .output()
          .accept(
              "Fileset "
                  + fileset.spec().name()
                  + ": "
                  + fileset.tree().fileCount()
                  + " files, "
                  + made.filesAllocated()
                  + " made, "
                  + made.bytesWritten() / (1 << 20)
                  + " MiB written");
    }
    // said now as well as in the report: the user may stop a run that will not mean much
    dataset().warning().ifPresent(w -> options.output().accept("Warning: " + w));
  }

  private void setMode(WmlScript.SetMode m) {
    mode =
        switch (m.mode()) {
          case "timeout" -> RunControl.QuitMode.TIMEOUT;
          case "alldone" -> RunControl.QuitMode.ALLDONE;
          case "firstdone" -> RunControl.QuitMode.FIRSTDONE;
          case "nousestats" -> mode;
          default ->
              throw new InvalidInputException(
                  where(m.line())
                      + "set mode quit "
                      + m.mode()
                      + ": must be timeout, alldone or firstdone");
        };
  }

  private void eventgen(WmlScript.Eventgen e) {
    for (WmlScript.Attribute attribute : e.attributes()) {
      if (attribute.name().equals("rate")) {
        long rate = definitions.variables().constantInteger(attribute, "eventgen");
        if (rate < 0) {
          throw definitions.variables().error(attribute, "eventgen", "must not be negative");
        }
        eventRate = rate == 0 ? Optional.empty() : Optional.of(rate); // filebench: 0 is off
      }
    }
  }

  private void print(WmlScript.Print p, boolean dry) {
    StringBuilder text = new StringBuilder();
    for (Value part : p.parts()) {
      text.append(WmlVariables.shown(definitions.variables().plainValue(part).orElse(part)));
    }
    if (!p.system()) {
      options.output().accept(text.toString());
      return;
    }
    if (!options.allowSystem()) {
      throw refused(
          p.line(),
          "system \""
              + text
              + "\" (it runs a shell command; allow it explicitly if you trust the workload file)");
    }
    if (!dry) {
      runShell(p.line(), text.toString());
    }
  }

  private void runShell(int line, String command) {
    try {
      Process process =
          new ProcessBuilder("sh", "-c", command)
              .directory(options.directory().toFile())
              .redirectErrorStream(true)
              .start();
      String out = new String(process.getInputStream().readAllBytes());
      int status = process.waitFor();
      if (!out.isEmpty()) {
        options.output().accept(out.stripTrailing());
      }
      if (status != 0) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            where(line) + "system \"" + command + "\" exited with status " + status);
      }
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, where(line) + "system failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw cancelled();
    }
  }

  private void sleep(long seconds) {
    long deadline = System.nanoTime() + seconds * NANOS_PER_SECOND;
    try {
      long left;
      while ((left = deadline - System.nanoTime()) > 0) {
        if (options.cancelled().getAsBoolean()) {
          throw cancelled();
        }
        TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw cancelled();
    }
  }

  private long seconds(Value value, int line) {
    Optional<Value> plain = definitions.variables().plainValue(value);
    if (plain.orElse(null) instanceof Value.Number n && n.value() >= 0) {
      return n.value();
    }
    throw new InvalidInputException(
        where(line)
            + "the time ("
            + WmlVariables.shown(value)
            + ") must be a whole number of seconds, or a variable set to one");
  }

  private String where(int line) {
    return script.file() + ":" + line + ": ";
  }

  private InvalidInputException refused(int line, String what) {
    return new InvalidInputException(where(line) + "fsbench does not run " + what);
  }

  private static void failed(String message) {
    throw new FsBenchException(
        FsBenchException.Kind.RUN_FAILED, "filebench run failed: " + message);
  }

  private FsBenchException cancelled() {
    return new FsBenchException(
        FsBenchException.Kind.RUN_FAILED,
        "the filebench run of " + script.file() + " was cancelled");
  }

  // ---- the script as run ----

  /**
   * The commands filebench would run: up to the first run or psrun (inclusive); with a runtime
   * given and no run, a {@code run} is added at the end.
   */
  private static List<Command> untilRun(List<Command> commands, FilebenchOptions options) {
    List<Command> result = new ArrayList<>();
    for (Command command : commands) {
      result.add(command);
      if (command instanceof WmlScript.Run || command instanceof WmlScript.Psrun) {
        return result;
      }
    }
    if (options.runtime().isPresent()) {
      int line = commands.isEmpty() ? 1 : commands.get(commands.size() - 1).line();
      result.add(new WmlScript.Run(line, Optional.empty()));
    }
    return result;
  }

  /** The script with {@code overrides} in place of its sets of those names. */
  static List<Command> withOverrides(List<Command> commands, Map<String, String> overrides) {
    if (overrides.isEmpty()) {
      return commands;
    }
    Map<String, Value> values = new LinkedHashMap<>();
    overrides.forEach((name, text) -> values.put(name, overrideValue(name, text)));
    List<Command> result = new ArrayList<>();
    for (Map.Entry<String, Value> e : values.entrySet()) {
      result.add(new WmlScript.SetVariable(0, e.getKey(), e.getValue()));
    }
    for (Command command : commands) {
      String name = setName(command);
      if (name != null && values.containsKey(name)) {
        continue; // the outside value wins over every set of the name
      }
      result.add(command);
    }
    return result;
  }

  private static String setName(Command command) {
    if (command instanceof WmlScript.SetVariable s) {
      return s.name();
    }
    if (command instanceof WmlScript.SetArithmetic s) {
      return s.name();
    }
    if (command instanceof WmlScript.SetRandom s) {
      return s.name();
    }
    return command instanceof WmlScript.SetCustom s ? s.name() : null;
  }

  /** A value from outside: a number (with k, m, g or t), true or false, or a word. */
  static Value overrideValue(String name, String text) {
    String t = text.trim();
    if (t.isEmpty()) {
      throw new InvalidInputException(
          "the value of $" + name + " is empty: give a number, true, false or a word");
    }
    if (t.equals("true") || t.equals("false")) {
      return new Value.Bool(Boolean.parseBoolean(t));
    }
    if (t.matches("[0-9]+[kKmMgGtT]?")) {
      char last = t.charAt(t.length() - 1);
      int shift =
          switch (Character.toLowerCase(last)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            case 't' -> 40;
            default -> 0;
          };
      String digits = shift == 0 ? t : t.substring(0, t.length() - 1);
      try {
        long n = Long.parseLong(digits);
        if (n > Long.MAX_VALUE >> shift) {
          throw new NumberFormatException();
        }
        return new Value.Number(n << shift);
      } catch (NumberFormatException e) {
        throw new InvalidInputException(
            "the value of $" + name + " (" + text + ") is too large for a 64-bit number");
      }
    }
    return new Value.Text(t);
  }
}
