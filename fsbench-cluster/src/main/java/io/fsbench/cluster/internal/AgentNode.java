package io.fsbench.cluster.internal;

import io.fsbench.FsBench;
import io.fsbench.Session;
import io.fsbench.api.JobResult;
import io.fsbench.api.RunResult;
import io.fsbench.api.Target;
import io.fsbench.cluster.AgentConfig;
import io.fsbench.cluster.internal.Messages.Abort;
import io.fsbench.cluster.internal.Messages.Aborted;
import io.fsbench.cluster.internal.Messages.ClientReport;
import io.fsbench.cluster.internal.Messages.Done;
import io.fsbench.cluster.internal.Messages.Failed;
import io.fsbench.cluster.internal.Messages.Hello;
import io.fsbench.cluster.internal.Messages.Here;
import io.fsbench.cluster.internal.Messages.Ping;
import io.fsbench.cluster.internal.Messages.Pong;
import io.fsbench.cluster.internal.Messages.Prepare;
import io.fsbench.cluster.internal.Messages.Ready;
import io.fsbench.cluster.internal.Messages.Refused;
import io.fsbench.cluster.internal.Messages.Start;
import io.fsbench.cluster.internal.Messages.Stonewall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;

/**
 * An agent in its cluster: answers the controller's hello and clock pings, prepares a run, starts
 * it at the time it is told, and sends what it measured. Messages are handled one at a time on a
 * mailbox thread and the run itself on another, so that an abort or a view change is acted on while
 * the run is under way.
 *
 * <p>Whatever ends a run (its end, a failure, an abort, the controller leaving the view), the
 * session is closed and a per-client directory removed before the agent is idle again.
 *
 * <p>Over 400 lines: the agent's side of every phase and every way a run ends share one piece of
 * state (the current run) and must release it the same way, so they stay in one class; what needs
 * no state is elsewhere ({@link JobGuard}, {@link Channels}, {@link Wire}).
 */
public final class AgentNode implements Receiver, AutoCloseable {

  /** How long an aborted run may take to stop and release before the agent says so. */
  private static final long STOP_WAIT_SECONDS = 30;

  private final AgentConfig config;
  private final Consumer<String> log;
  private final JobGuard guard;
  private final FsBench fsbench;
  private final String hostname;
  private final String address;
  private final String version;
  private final ExecutorService mailbox;
  private final ExecutorService runner;
  private final Object idleLock = new Object();
  private JChannel channel;
  private Current current; // only touched on the mailbox thread
  private boolean closed;

  /** The run an agent is part of, from prepare until released. */
  private static final class Current {
    final String runId;
    final Address controller;
    final Session session;
    final AgentWork.Prepared work;
    final Path madeDirectory;
    final BarrierGate barrier; // null without phase barriers
    volatile boolean aborted;
    Future<?> running;

    Current(
        String runId,
        Address controller,
        Session session,
        AgentWork.Prepared work,
        Path made,
        BarrierGate barrier) {
      this.runId = runId;
      this.controller = controller;
      this.session = session;
      this.work = work;
      this.madeDirectory = made;
      this.barrier = barrier;
    }
  }

  private AgentNode(AgentConfig config, Consumer<String> log, String version) {
    this.config = config;
    this.log = log;
    this.version = version;
    this.guard = new JobGuard(config.allowedDirs(), config.allowedDevices());
    this.fsbench =
        config.workDir().isPresent()
            ? FsBench.builder().workDir(config.workDir().get()).build()
            : FsBench.defaults();
    this.hostname = Hosts.name();
    this.address = config.cluster().bind() + ":" + config.cluster().port();
    this.mailbox = Executors.newSingleThreadExecutor(Threads.named("fsbench-agent-" + address));
    this.runner = Executors.newSingleThreadExecutor(Threads.named("fsbench-agent-run-" + address));
  }

  /** Joins the cluster and waits for a controller; refused members throw, having released all. */
  public static AgentNode start(AgentConfig config, Consumer<String> log) {
    return start(config, log, FsBench.version());
  }

  /** An agent that says it runs fsbench {@code version}: how tests meet a mismatched one. */
  public static AgentNode start(AgentConfig config, Consumer<String> log, String version) {
    AgentNode node = new AgentNode(config, log, version);
    try {
      node.channel = Channels.create(config.cluster(), "fsbench-agent-" + node.address);
      node.channel.setReceiver(node);
      Channels.connect(node.channel, config.cluster());
    } catch (RuntimeException e) {
      node.shutdownThreads();
      throw e;
    }
    log.accept(
        "agent "
            + node.address
            + " joined cluster "
            + config.cluster().name()
            + " ("
            + node.channel.getView().size()
            + " member(s)); allowed "
            + config.allowedDirs());
    return node;
  }

  /** {@code host:port} of this agent. */
  public String address() {
    return address;
  }

  /** Whether the agent is part of no run (nothing prepared, running or held). */
  public boolean idle() {
    synchronized (idleLock) {
      return current == null;
    }
  }

  /** Waits until the agent is idle, at most {@code millis}; whether it is. */
  public boolean awaitIdle(long millis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    synchronized (idleLock) {
      while (current != null) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(idleLock, left);
      }
      return true;
    }
  }

  /** Waits until the agent is closed (the process's shutdown, a test's close). */
  public void awaitClosed() throws InterruptedException {
    synchronized (idleLock) {
      while (!closed) {
        idleLock.wait();
      }
    }
  }

  @Override
  public void receive(Message msg) {
    Address from = msg.getSrc();
    byte[] bytes =
        Arrays.copyOfRange(msg.getArray(), msg.getOffset(), msg.getOffset() + msg.getLength());
    mailbox.execute(() -> handle(from, bytes));
  }

  @Override
  public void viewAccepted(View view) {
    mailbox.execute(() -> onView(view));
  }

  private void handle(Address from, byte[] bytes) {
    Wire.Envelope message;
    try {
      message = Wire.decode(bytes);
    } catch (IllegalArgumentException e) {
      log.accept("ignored a message from " + from + ": " + e.getMessage());
      return;
    }
    try {
      switch (message.type()) {
        case "Hello" -> hello(from, message.body(Hello.class));
        case "Ping" -> {
          Ping ping = message.body(Ping.class);
          send(from, new Pong(ping.seq(), ping.sentMicros(), Micros.now(config.clock())));
        }
        case "Prepare" -> prepare(from, message.body(Prepare.class));
        case "Start" -> start(message.body(Start.class));
        case "Stonewall" -> stonewall(message.body(Stonewall.class).runId());
        case "Go" -> go(message.body(Messages.Go.class));
        case "Abort" -> abort(from, message.body(Abort.class).runId(), "the controller aborted it");
        default -> log.accept("ignored a " + message.type() + " message from " + from);
      }
    } catch (IllegalArgumentException e) {
      log.accept("ignored a " + message.type() + " message from " + from + ": " + e.getMessage());
    }
  }

  private void hello(Address from, Hello hello) {
    send(
        from,
        new Here(
            version,
            hostname,
            address,
            config.allowedDirs().stream().map(Path::toString).toList(),
            current != null));
  }

  private void prepare(Address from, Prepare prepare) {
    if (current != null) {
      // a late controller, or a second one, never joins a run under way
      send(
          from,
          new Refused(
              prepare.runId(),
              "agent " + address + " is busy with run " + current.runId + "; try again after it"));
      return;
    }
    if (!prepare.version().equals(version)) {
      send(
          from,
          new Refused(
              prepare.runId(),
              "agent "
                  + address
                  + " runs fsbench "
                  + version
                  + ", the controller "
                  + prepare.version()
                  + "; run one version everywhere"));
      return;
    }
    Path made = null;
    Session session = null;
    try {
      Path base = Path.of(prepare.directory());
      Path directory = base;
      guard.checkDirectory(directory);
      // mdtest's two modes: a directory per client (-u), or all clients in the directory itself,
      // every name a client makes tagged with its index
      if (prepare.perClientDir()) {
        directory = directory.resolve("client-" + prepare.index());
        guard.checkDirectory(directory);
        if (!Files.isDirectory(directory)) {
          Files.createDirectories(directory);
          made = directory;
        }
      }
      session = fsbench.session(null, Target.directory(directory));
      // with -N a client in its own directory tags its names too: its neighbours find them so
      if (prepare.sharedDir() || prepare.neighbourStride() != 0) {
        session.shareDirectory(Integer.toString(prepare.index()));
      }
      BarrierGate barrier = null;
      if (prepare.phaseBarriers()) {
        barrier =
            new BarrierGate(
                prepare.runId(),
                arrived -> {
                  send(from, arrived);
                  boolean end = arrived.phase().equals(io.fsbench.PhaseGate.END);
                  log.accept(
                      "run "
                          + arrived.runId()
                          + " at the barrier "
                          + (end ? "after the last phase" : "before " + arrived.phase()));
                });
        session.phaseGate(barrier);
      }
      if (prepare.neighbourStride() != 0) {
        session.neighbours(
            Neighbours.of(
                prepare.index(),
                prepare.clients(),
                prepare.neighbourStride(),
                prepare.sharedDir(),
                base));
      }
      session.check();
      AgentWork.Prepared work =
          AgentWork.prepare(session, prepare.options(), prepare.work(), guard);
      setCurrent(new Current(prepare.runId(), from, session, work, made, barrier));
      send(from, new Ready(prepare.runId()));
      log.accept("prepared run " + prepare.runId() + " in " + directory);
    } catch (Exception e) {
      release(session, made);
      send(from, new Refused(prepare.runId(), "agent " + address + ": " + Errors.describe(e)));
    }
  }

  private void start(Start start) {
    Current run = current;
    if (run == null || !run.runId.equals(start.runId())) {
      return; // a start for a run this agent is not part of (any more)
    }
    run.running = runner.submit(() -> run(run, start.atAgentMicros()));
  }

  private void run(Current run, long atMicros) {
    String phase = "start barrier";
    try {
      waitUntil(run, atMicros);
      if (run.aborted) {
        return;
      }
      phase = "run";
      long started = Micros.now(config.clock());
      log.accept("run " + run.runId + " started");
      RunResult result = run.work.run().get();
      long ended = Micros.now(config.clock());
      phase = "gather";
      send(run.controller, new Done(run.runId, report(result, started, ended)));
      log.accept("run " + run.runId + " done");
    } catch (RuntimeException e) {
      if (!run.aborted) {
        send(
            run.controller,
            new Failed(run.runId, phase, "agent " + address + ": " + Errors.describe(e)));
        log.accept("run " + run.runId + " failed: " + Errors.describe(e));
      }
    } finally {
      if (!run.aborted) {
        mailbox.execute(() -> finish(run));
      }
    }
  }

  private void go(Messages.Go go) {
    Current run = current;
    if (run != null && run.runId.equals(go.runId()) && run.barrier != null) {
      run.barrier.go(go.seq());
    }
  }

  private void stonewall(String runId) {
    Current run = current;
    if (run != null && run.runId.equals(runId)) {
      // ends the jobs with their results, unlike an abort's cancel: the run stays valid
      run.session.finish();
      log.accept("run " + runId + " stonewalled: another client finished first");
    }
  }

  private void waitUntil(Current run, long atMicros) {
    // parked in short steps against the agent's clock, which is what the start is timed by
    while (!run.aborted) {
      long left = atMicros - Micros.now(config.clock());
      if (left <= 0) {
        return;
      }
      LockSupport.parkNanos(Math.min(left, 20_000) * 1_000);
    }
  }

  private ClientReport report(RunResult run, long startedMicros, long endedMicros) {
    // the engine times jobs by the system clock; the start is timed by the agent's clock
    long delta = Micros.now(config.clock()) - Micros.now(java.time.Clock.systemUTC());
    boolean block = run.isBlockRun();
    long ioStartMs = run.jobs().stream().mapToLong(JobResult::jobStartMs).min().orElse(0);
    long ioEndMs =
        run.jobs().stream().mapToLong(j -> j.jobStartMs() + j.jobRuntimeMs()).max().orElse(0);
    // a workload of another kind has no I/O window of its own: its window is the whole run
    return new ClientReport(
        hostname,
        address,
        run.fsbenchVersion(),
        run.timestampMs(),
        run.workload(),
        run.parameters(),
        run.jobs(),
        run.environment().asMap(),
        run.environment().date().toEpochMilli(),
        run.volume().mountPoint().toString(),
        run.volume().mountOptions(),
        run.volume().applied().fileSystemType(),
        startedMicros,
        block ? ioStartMs * 1000 + delta : startedMicros,
        block ? ioEndMs * 1000 + delta : endedMicros,
        block ? null : ClientTotals.of(run.workload(), run.result(), delta));
  }

  private void abort(Address from, String runId, String why) {
    Current run = current;
    if (run == null || !run.runId.equals(runId)) {
      send(from, new Aborted(runId)); // holds nothing of that run: released already
      return;
    }
    Address controller = run.controller;
    stop(run, why);
    send(controller, new Aborted(runId));
  }

  private void stop(Current run, String why) {
    run.aborted = true;
    run.session.cancel();
    if (run.barrier != null) {
      run.barrier.stop(why); // a client waiting at a phase barrier stops there
    }
    if (run.running != null) {
      try {
        run.running.get(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
      } catch (Exception e) {
        // cancelled runs end by throwing; what matters is that they ended
      }
    }
    finish(run);
    log.accept("run " + run.runId + " stopped and released: " + why);
  }

  private void onView(View view) {
    Current run = current;
    if (run != null && !view.containsMember(run.controller)) {
      stop(run, "its controller left the cluster");
    }
  }

  private void finish(Current run) {
    if (current == run) {
      try {
        run.work.release().run();
      } catch (RuntimeException e) {
        log.accept("could not release the run's files: " + Errors.describe(e));
      }
      release(run.session, run.madeDirectory);
      setCurrent(null);
    }
  }

  private void setCurrent(Current run) {
    synchronized (idleLock) {
      current = run;
      idleLock.notifyAll();
    }
  }

  private void release(Session session, Path made) {
    if (session != null) {
      try {
        session.close();
      } catch (RuntimeException e) {
        log.accept("could not release the run's directory: " + Errors.describe(e));
      }
    }
    if (made != null) {
      try {
        Files.deleteIfExists(made);
      } catch (java.io.IOException e) {
        log.accept("could not remove " + made + ": " + e.getMessage() + "; remove it by hand");
      }
    }
  }

  private void send(Address to, Record body) {
    try {
      channel.send(new BytesMessage(to, Wire.encode(body)));
    } catch (Exception e) {
      log.accept("could not send " + body.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  /** Stops any run, releases it, and leaves the cluster. Idempotent. */
  @Override
  public void close() {
    synchronized (idleLock) {
      if (closed) {
        return;
      }
    }
    try {
      mailbox
          .submit(
              () -> {
                if (current != null) {
                  stop(current, "the agent is shutting down");
                }
              })
          .get(STOP_WAIT_SECONDS + 5, TimeUnit.SECONDS);
    } catch (Exception e) {
      log.accept("agent " + address + " could not stop its run in time: " + e.getMessage());
    }
    if (channel != null) {
      channel.close();
    }
    shutdownThreads();
    synchronized (idleLock) {
      closed = true;
      idleLock.notifyAll();
    }
  }

  private void shutdownThreads() {
    mailbox.shutdownNow();
    runner.shutdownNow();
  }
}
