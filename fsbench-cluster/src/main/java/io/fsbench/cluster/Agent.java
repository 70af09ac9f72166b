package io.fsbench.cluster;

import io.fsbench.cluster.internal.AgentNode;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * An agent: a member of a cluster that runs the jobs its controller sends, only fsbench block jobs,
 * only under the directories it was allowed, never a command, and reports what it measured.
 *
 * <pre>{@code
 * try (Agent agent = Agent.start(AgentConfig.of(config, List.of(Path.of("/mnt/shared"))))) {
 *   agent.awaitClosed(); // until the process is stopped
 * }
 * }</pre>
 *
 * <p>If its controller leaves the cluster during a run, or another client fails, the agent stops
 * the run and releases everything it made.
 */
public final class Agent implements AutoCloseable {

  private final AgentNode node;

  private Agent(AgentNode node) {
    this.node = node;
  }

  /** Joins the cluster and waits for runs; progress lines are dropped. */
  public static Agent start(AgentConfig config) {
    return start(config, line -> {});
  }

  /** Joins the cluster and waits for runs, telling {@code log} what happens, line by line. */
  public static Agent start(AgentConfig config, Consumer<String> log) {
    return new Agent(AgentNode.start(config, log));
  }

  /** This agent's {@code host:port} in the cluster. */
  public String address() {
    return node.address();
  }

  /** Whether it is part of no run: nothing prepared, running or left to release. */
  public boolean idle() {
    return node.idle();
  }

  /** Waits at most {@code timeout} for the agent to be idle; whether it is. */
  public boolean awaitIdle(Duration timeout) throws InterruptedException {
    return node.awaitIdle(timeout.toMillis());
  }

  /** Waits until the agent is closed, e.g. by a shutdown hook. */
  public void awaitClosed() throws InterruptedException {
    node.awaitClosed();
  }

  /** Stops any run, releases it, and leaves the cluster. Idempotent. */
  @Override
  public void close() {
    node.close();
  }
}
