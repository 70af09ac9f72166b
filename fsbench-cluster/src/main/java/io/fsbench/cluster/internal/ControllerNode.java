package io.fsbench.cluster.internal;

import io.fsbench.FsBench;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.cluster.ClientResult;
import io.fsbench.cluster.ClusterConfig;
import io.fsbench.cluster.ClusterJob;
import io.fsbench.cluster.ClusterResult;
import io.fsbench.cluster.Stonewalled;
import io.fsbench.cluster.internal.Messages.Abort;
import io.fsbench.cluster.internal.Messages.Done;
import io.fsbench.cluster.internal.Messages.Failed;
import io.fsbench.cluster.internal.Messages.Hello;
import io.fsbench.cluster.internal.Messages.Here;
import io.fsbench.cluster.internal.Messages.Ping;
import io.fsbench.cluster.internal.Messages.Pong;
import io.fsbench.cluster.internal.Messages.Prepare;
import io.fsbench.cluster.internal.Messages.Refused;
import io.fsbench.cluster.internal.Messages.Start;
import io.fsbench.cluster.internal.Messages.Stonewall;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;

/**
 * The controller of cluster runs: one member of the cluster that runs no workload itself. A run
 * goes through its phases on the caller's thread, taking messages and view changes from one queue:
 * waiting for members, the version handshake, the clock exchange, prepare, the start barrier, the
 * run and the gathering of results. A participant that leaves the view or fails in any phase makes
 * the run invalid: the others are told to stop and release, and the run throws, naming the agent
 * and the phase; nothing is reported as a result.
 *
 * <p>Over 400 lines: it is one state machine, the phases of a run and what a fault does in each,
 * kept together so that the handling of a fault can be read, and checked, for every phase at once.
 * The pieces without state are elsewhere ({@link Aggregation}, {@link ClientResults}, {@link
 * Channels}, {@link Wire}).
 */
public final class ControllerNode implements Receiver, AutoCloseable {

  /** Clock exchanges per agent; the one with the shortest round trip gives the offset. */
  static final int PINGS = 8;

  /** How long an agent may take to answer a ping, to prepare, or to confirm an abort. */
  private static final Duration ANSWER_WITHIN = Duration.ofSeconds(5);

  private static final Duration HELLO_EVERY = Duration.ofMillis(500);
  private static final Duration PREPARE_WITHIN = Duration.ofSeconds(60);
  private static final Duration RELEASE_WITHIN = Duration.ofSeconds(35);

  /**
   * How long the other clients may take to reach a phase barrier after the first did: generous, as
   * a slow client legitimately finishes a phase later; a lost one is found by the failure detection
   * long before.
   */
  static final Duration BARRIER_WITHIN = Duration.ofMinutes(10);

  /** The start is this far ahead of the last Start message sent, plus four round trips. */
  private static final long START_MARGIN_MICROS = 200_000;

  private final ClusterConfig config;
  private final Clock clock;
  private final Consumer<String> log;
  private final BlockingQueue<Event> inbox = new LinkedBlockingQueue<>();
  private JChannel channel;
  private volatile boolean closed;

  /** A message or a view change, in the order JGroups delivered them; all null: closed. */
  private record Event(Address from, Wire.Envelope message, View view) {}

  private static final Event CLOSED = new Event(null, null, null);

  /** An agent taking part in the current run. */
  private static final class Participant {
    final Address member;
    final Here here;
    final int index;
    long offsetMicros;
    long rttMicros = Long.MAX_VALUE;
    Messages.ClientReport report;
    boolean ready;
    boolean released;

    Participant(Address member, Here here, int index) {
      this.member = member;
      this.here = here;
      this.index = index;
    }

    String name() {
      return here.address() + " (" + here.hostname() + ")";
    }
  }

  private ControllerNode(ClusterConfig config, Clock clock, Consumer<String> log) {
    this.config = config;
    this.clock = clock;
    this.log = log;
  }

  /** Joins the cluster as its controller. */
  public static ControllerNode connect(ClusterConfig config, Clock clock, Consumer<String> log) {
    ControllerNode node = new ControllerNode(config, clock, log);
    node.channel =
        Channels.create(config, "fsbench-controller-" + config.bind() + ":" + config.port());
    node.channel.setReceiver(node);
    Channels.connect(node.channel, config);
    return node;
  }

  @Override
  public void receive(Message msg) {
    byte[] bytes =
        Arrays.copyOfRange(msg.getArray(), msg.getOffset(), msg.getOffset() + msg.getLength());
    try {
      inbox.add(new Event(msg.getSrc(), Wire.decode(bytes), null));
    } catch (IllegalArgumentException e) {
      log.accept("ignored a message from " + msg.getSrc() + ": " + e.getMessage());
    }
  }

  @Override
  public void viewAccepted(View view) {
    inbox.add(new Event(null, null, view));
  }

  /** Runs {@code job} on its clients; throws, having had them release everything, when invalid. */
  public ClusterResult run(ClusterJob job) {
    long begun = System.nanoTime();
    String runId = UUID.randomUUID().toString();
    inbox.clear();
    List<Participant> participants = awaitAgents(job);
    log.accept(
        "cluster "
            + config.name()
            + ": "
            + participants.size()
            + " agent(s): "
            + participants.stream().map(Participant::name).toList());
    long members = System.nanoTime();
    measureClocks(participants);
    long clocks = System.nanoTime();
    prepare(participants, job, runId);
    long prepared = System.nanoTime();
    long maxRtt = participants.stream().mapToLong(p -> p.rttMicros).max().orElse(0);
    long startAt = Micros.now(clock) + START_MARGIN_MICROS + 4 * maxRtt;
    for (Participant p : participants) {
      send(p.member, new Start(runId, startAt + p.offsetMicros));
    }
    long untilStart = (startAt - Micros.now(clock)) / 1000;
    log.accept("cluster run " + runId + " starts in " + untilStart + " ms on every client");
    long setupNanos = System.nanoTime() - begun;
    gather(participants, runId, job.stonewalled());
    long gatherBegun = System.nanoTime();
    List<ClientResult> clients = new ArrayList<>();
    for (Participant p : participants) {
      clients.add(ClientResults.of(p.report, p.here.address(), p.offsetMicros, p.rttMicros));
    }
    // a stonewalled block run cuts bytes at the first finish; other workloads' clients report
    // their phases cut short themselves, so their aggregate is already the stonewalled one
    ClusterResult result =
        result(
            clients, startAt, setupNanos, gatherBegun, job.stonewalled() && job.work().isBlock());
    log.accept(
        String.format(
            java.util.Locale.ROOT,
            "controller: members %.3f s, clock exchange %.3f s, prepare %.3f s, aggregation %.3f s",
            (members - begun) / 1e9,
            (clocks - members) / 1e9,
            (prepared - clocks) / 1e9,
            (System.nanoTime() - gatherBegun) / 1e9));
    return result;
  }

  private ClusterResult result(
      List<ClientResult> clients,
      long startAt,
      long setupNanos,
      long gatherBegun,
      boolean stonewalled) {
    long minStarted = clients.stream().mapToLong(ClientResult::startedMicros).min().orElse(0);
    long maxStarted = clients.stream().mapToLong(ClientResult::startedMicros).max().orElse(0);
    long firstEnd = clients.stream().mapToLong(ClientResult::endMicros).min().orElse(0);
    long lastEnd = clients.stream().mapToLong(ClientResult::endMicros).max().orElse(0);
    var aggregate = Aggregation.of(clients);
    var stonewall =
        stonewalled ? Optional.of(Stonewalls.of(clients)) : Optional.<Stonewalled>empty();
    long gatherNanos = System.nanoTime() - gatherBegun;
    return new ClusterResult(
        config.name(),
        clients,
        aggregate,
        startAt,
        Duration.ofNanos((maxStarted - minStarted) * 1000),
        Duration.ofNanos(Math.max(0, firstEnd - startAt) * 1000),
        Duration.ofNanos(Math.max(0, lastEnd - startAt) * 1000),
        Duration.ofNanos(setupNanos + gatherNanos),
        stonewall);
  }

  private List<Participant> awaitAgents(ClusterJob job) {
    long deadline = System.nanoTime() + job.membersWithin().toNanos();
    Map<Address, Here> idle = new LinkedHashMap<>();
    Map<Address, Here> busy = new LinkedHashMap<>();
    Hello hello = new Hello(FsBench.version(), config.bind() + ":" + config.port());
    broadcast(hello);
    while (idle.size() < job.clients()) {
      // asked again now and then: a hello sent before this member had the group's key is lost
      long again = System.nanoTime() + HELLO_EVERY.toNanos();
      Event event = next(Math.min(deadline, again));
      if (event == null) {
        if (System.nanoTime() - deadline >= 0) {
          throw missing(job, idle, busy);
        }
        broadcast(hello);
        continue;
      }
      if (event.view() != null) {
        idle.keySet().retainAll(event.view().getMembers());
        busy.keySet().retainAll(event.view().getMembers());
        broadcast(hello);
      } else if (event.message().type().equals("Here")) {
        Here here = event.message().body(Here.class);
        if (!here.version().equals(FsBench.version())) {
          throw new FsBenchException(
              FsBenchException.Kind.ENVIRONMENT,
              "agent "
                  + here.address()
                  + " ("
                  + here.hostname()
                  + ") runs fsbench "
                  + here.version()
                  + ", this controller "
                  + FsBench.version()
                  + "; run one fsbench version on every member");
        }
        (here.busy() ? busy : idle).put(event.from(), here);
      }
    }
    List<Map.Entry<Address, Here>> chosen =
        idle.entrySet().stream()
            .sorted(Comparator.comparing(e -> e.getValue().address()))
            .limit(job.clients())
            .toList();
    List<Participant> participants = new ArrayList<>();
    for (Map.Entry<Address, Here> entry : chosen) {
      participants.add(new Participant(entry.getKey(), entry.getValue(), participants.size()));
    }
    return participants;
  }

  private FsBenchException missing(
      ClusterJob job, Map<Address, Here> idle, Map<Address, Here> busy) {
    List<String> answered = idle.values().stream().map(h -> h.address()).toList();
    List<String> busyNames = busy.values().stream().map(h -> h.address()).toList();
    List<String> silent = new ArrayList<>(config.peers());
    silent.removeAll(answered);
    silent.removeAll(busyNames);
    silent.remove(config.bind() + ":" + config.port());
    return new FsBenchException(
        FsBenchException.Kind.ENVIRONMENT,
        "waited "
            + job.membersWithin().toSeconds()
            + " s for "
            + job.clients()
            + " agent(s) in cluster "
            + config.name()
            + "; "
            + answered.size()
            + " answered "
            + answered
            + (busyNames.isEmpty() ? "" : ", busy with another run: " + busyNames)
            + (silent.isEmpty() ? "" : "; missing: " + silent)
            + "; start 'fsbench agent --cluster "
            + config.name()
            + "' there with the same --secret, or lower --clients");
  }

  private void measureClocks(List<Participant> participants) {
    for (int seq = 0; seq < PINGS; seq++) {
      Map<Address, Participant> waiting = new LinkedHashMap<>();
      for (Participant p : participants) {
        waiting.put(p.member, p);
        send(p.member, new Ping(seq, Micros.now(clock)));
      }
      long deadline = System.nanoTime() + ANSWER_WITHIN.toNanos();
      while (!waiting.isEmpty()) {
        Event event = next(deadline);
        if (event == null) {
          throw invalid(
              participants,
              waiting.values().iterator().next(),
              "clock exchange",
              "did not answer a clock ping within " + ANSWER_WITHIN.toSeconds() + " s",
              null);
        }
        checkView(event, participants, "clock exchange", null);
        if (event.message() != null && event.message().type().equals("Pong")) {
          long received = Micros.now(clock);
          Pong pong = event.message().body(Pong.class);
          Participant p = waiting.get(event.from());
          if (p != null && pong.seq() == seq) {
            long rtt = received - pong.sentMicros();
            if (rtt < p.rttMicros) {
              p.rttMicros = rtt;
              p.offsetMicros = pong.agentMicros() - (pong.sentMicros() + received) / 2;
            }
            waiting.remove(event.from());
          }
        }
      }
    }
  }

  private void prepare(List<Participant> participants, ClusterJob job, String runId) {
    for (Participant p : participants) {
      send(
          p.member,
          new Prepare(
              runId,
              FsBench.version(),
              job.optionsOf(p.index),
              job.directory().toString(),
              job.clientDirs(),
              p.index,
              participants.size(),
              job.work(),
              job.sharedDir(),
              job.phaseBarriers() && job.work().hasPhases(),
              job.neighbourStride()));
    }
    long deadline = System.nanoTime() + PREPARE_WITHIN.toNanos();
    while (participants.stream().anyMatch(p -> !p.ready)) {
      Event event = next(deadline);
      if (event == null) {
        Participant late = participants.stream().filter(p -> !p.ready).findFirst().orElseThrow();
        throw invalid(
            participants,
            late,
            "prepare",
            "did not prepare within " + PREPARE_WITHIN.toSeconds() + " s",
            runId);
      }
      checkView(event, participants, "prepare", runId);
      if (event.message() == null) {
        continue;
      }
      Participant p = find(participants, event.from());
      if (p == null) {
        continue;
      }
      switch (event.message().type()) {
        case "Ready" -> p.ready = runId.equals(event.message().body(Messages.Ready.class).runId());
        case "Refused" -> {
          Refused refused = event.message().body(Refused.class);
          if (runId.equals(refused.runId())) {
            p.released = true; // a refusing agent holds nothing
            abortOthers(participants, runId, "agent " + p.name() + " refused the job");
            throw new InvalidInputException(refused.reason());
          }
        }
        default -> {}
      }
    }
  }

  private void gather(List<Participant> participants, String runId, boolean stonewall) {
    boolean walled = false;
    PhaseBarriers barriers = new PhaseBarriers(participants.size());
    while (participants.stream().anyMatch(p -> p.report == null)) {
      long deadline =
          barriers.waiting()
              ? barriers.firstArrivalNanos() + BARRIER_WITHIN.toNanos()
              : Long.MAX_VALUE;
      Event event = next(deadline);
      if (event == null) {
        Participant late = participants.get(barriers.missing().get(0));
        throw invalid(
            participants,
            late,
            "run",
            "did not reach the next phase within "
                + BARRIER_WITHIN.toMinutes()
                + " min of the first client"
                + barriers.describe(),
            runId);
      }
      checkView(event, participants, "run", runId, barriers.describe());
      if (event.message() == null) {
        continue;
      }
      Participant p = find(participants, event.from());
      if (p == null) {
        continue;
      }
      switch (event.message().type()) {
        case "Arrived" -> {
          Messages.Arrived arrived = event.message().body(Messages.Arrived.class);
          if (runId.equals(arrived.runId())) {
            arrive(participants, barriers, p, arrived, runId);
            if (stonewall && !walled && arrived.phase().equals(io.fsbench.PhaseGate.END)) {
              // with barriers, the first client past its last phase is the first to finish
              walled = true;
              stonewallOthers(participants, p, runId);
            }
          }
        }
        case "Done" -> {
          Done done = event.message().body(Done.class);
          if (runId.equals(done.runId())) {
            p.report = done.report();
            p.released = true;
            if (stonewall && !walled) {
              walled = true;
              stonewallOthers(participants, p, runId);
            }
          }
        }
        case "Failed" -> {
          Failed failed = event.message().body(Failed.class);
          if (runId.equals(failed.runId())) {
            p.released = true;
            throw invalid(participants, p, failed.phase(), "failed: " + failed.reason(), runId);
          }
        }
        default -> {}
      }
    }
  }

  /** A client at a barrier; when it was the last one, every client is told to go on. */
  private void arrive(
      List<Participant> participants,
      PhaseBarriers barriers,
      Participant p,
      Messages.Arrived arrived,
      String runId) {
    java.util.Optional<Integer> release;
    try {
      release = barriers.arrive(p.index, arrived.seq(), arrived.phase(), System.nanoTime());
    } catch (IllegalArgumentException e) {
      throw invalid(participants, p, "run", "is out of step: " + e.getMessage(), runId);
    }
    if (release.isPresent()) {
      for (Participant each : participants) {
        send(each.member, new Messages.Go(runId, release.get()));
      }
    }
  }

  /** The first client is done: every other one ends its run now and reports what it did. */
  private void stonewallOthers(List<Participant> participants, Participant first, String runId) {
    for (Participant p : participants) {
      if (p.report == null) {
        send(p.member, new Stonewall(runId));
      }
    }
    log.accept("stonewall: client " + first.name() + " finished first; the others end now");
  }

  private void checkView(Event event, List<Participant> participants, String phase, String runId) {
    checkView(event, participants, phase, runId, "");
  }

  /** {@code where} says more about where the run was: which clients waited at a barrier. */
  private void checkView(
      Event event, List<Participant> participants, String phase, String runId, String where) {
    if (event.view() == null) {
      return;
    }
    for (Participant p : participants) {
      if (!event.view().containsMember(p.member)) {
        p.released = true; // gone: nothing to ask of it
        throw invalid(
            participants, p, phase, "left the cluster (killed, crashed or cut off)" + where, runId);
      }
    }
  }

  private FsBenchException invalid(
      List<Participant> participants,
      Participant culprit,
      String phase,
      String what,
      String runId) {
    String reason = "agent " + culprit.name() + " " + what + " during the " + phase + " phase";
    List<String> unconfirmed = runId == null ? List.of() : abortOthers(participants, runId, reason);
    int others = participants.size() - 1;
    return new FsBenchException(
        FsBenchException.Kind.RUN_FAILED,
        "cluster run INVALID: "
            + reason
            + "; "
            + (unconfirmed.isEmpty()
                ? "the other " + others + " agent(s) stopped and released everything"
                : "agents "
                    + unconfirmed
                    + " did not confirm their release within "
                    + RELEASE_WITHIN.toSeconds()
                    + " s; check them")
            + "; nothing is reported");
  }

  /** Tells every participant still holding the run to stop; the ones that did not confirm. */
  private List<String> abortOthers(List<Participant> participants, String runId, String reason) {
    Map<Address, Participant> holding = new LinkedHashMap<>();
    for (Participant p : participants) {
      if (!p.released) {
        holding.put(p.member, p);
        send(p.member, new Abort(runId, reason));
      }
    }
    long deadline = System.nanoTime() + RELEASE_WITHIN.toNanos();
    while (!holding.isEmpty()) {
      Event event = next(deadline);
      if (event == null) {
        break;
      }
      if (event.view() != null) {
        holding.keySet().retainAll(event.view().getMembers()); // gone ones abort by themselves
      } else if (List.of("Aborted", "Refused", "Failed", "Done").contains(event.message().type())) {
        holding.remove(event.from());
      }
    }
    return holding.values().stream().map(Participant::name).toList();
  }

  private static Participant find(List<Participant> participants, Address member) {
    for (Participant p : participants) {
      if (p.member.equals(member)) {
        return p;
      }
    }
    return null;
  }

  private Event next(long deadlineNanos) {
    try {
      Event event;
      if (deadlineNanos == Long.MAX_VALUE) {
        event = inbox.take();
      } else {
        long left = deadlineNanos - System.nanoTime();
        event = left <= 0 ? inbox.poll() : inbox.poll(left, TimeUnit.NANOSECONDS);
      }
      if (event == CLOSED || closed) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "the controller left cluster "
                + config.name()
                + " during the run; its agents stop and release everything; nothing is reported");
      }
      return event;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "the cluster run was interrupted; nothing is reported");
    }
  }

  private void broadcast(Record body) {
    send(null, body);
  }

  private void send(Address to, Record body) {
    try {
      channel.send(new BytesMessage(to, Wire.encode(body)));
    } catch (Exception e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot send to " + (to == null ? "the cluster" : to) + ": " + e.getMessage());
    }
  }

  /** Leaves the cluster; agents that were part of a run abort it and release. Idempotent. */
  @Override
  public void close() {
    closed = true;
    inbox.add(CLOSED);
    if (channel != null) {
      channel.close();
    }
  }
}
