package io.fsbench.cli;

import io.fsbench.api.InvalidInputException;
import io.fsbench.cluster.Agent;
import io.fsbench.cluster.AgentConfig;
import io.fsbench.cluster.ClusterConfig;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fsbench agent}: joins a cluster and runs the jobs its controller sends, until stopped
 * (SIGTERM, Ctrl-C), which stops any run and releases what it made. It runs only fsbench block
 * jobs, only under {@code --allow-dir}, never a command.
 */
@Command(
    name = "agent",
    mixinStandardHelpOptions = true,
    description = {
      "Join a cluster and run the jobs of 'fsbench run --cluster' under the allowed directories.",
      "  fsbench agent --cluster lab --bind 10.0.0.6 --peers 10.0.0.5:7800 --secret /etc/fsbench/s"
          + " --allow-dir /mnt/shared"
    })
final class AgentCommand implements Callable<Integer> {

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--cluster",
      paramLabel = "NAME",
      required = true,
      description = "The cluster to join.")
  String cluster;

  @Option(
      names = "--bind",
      paramLabel = "ADDR",
      description = "The address to listen on (default 127.0.0.1).")
  String bind;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "The TCP port to listen on (default 7800).")
  Integer port;

  @Option(
      names = "--peers",
      paramLabel = "HOST:PORT,...",
      description = "Other members to find (the controller, other agents), comma-separated.")
  String peers;

  @Option(
      names = "--dns",
      paramLabel = "NAME[@SERVER[:PORT]]",
      description =
          "Find the members through DNS instead of --peers: every A record of NAME is a member,"
              + " on the same port (a Kubernetes headless service); @SERVER asks that DNS server.")
  String dns;

  @Option(
      names = "--secret",
      paramLabel = "FILE",
      required = true,
      description = "The cluster's shared secret file, the same on every member (chmod 600).")
  Path secret;

  @Option(
      names = "--allow-dir",
      paramLabel = "DIR",
      required = true,
      description = "A directory jobs may run under, repeatable; nothing runs anywhere else.")
  List<Path> allowDirs = new ArrayList<>();

  @Option(
      names = "--allow-device",
      paramLabel = "DEV",
      description = "A block device a job may name as its file, repeatable.")
  List<Path> allowDevices = new ArrayList<>();

  @Override
  public Integer call() throws InterruptedException {
    ClusterConfig config = ClusterOptions.config(cluster, bind, port, peers, dns, secret);
    for (Path device : allowDevices) {
      if (!Files.exists(device) || Files.isDirectory(device) || Files.isRegularFile(device)) {
        throw new InvalidInputException(
            "--allow-device " + device + " is not a block device; name one such as /dev/sdb");
      }
    }
    AgentConfig agentConfig = AgentConfig.of(config, allowDirs).devices(allowDevices);
    PrintWriter err = spec.commandLine().getErr();
    Agent agent =
        Agent.start(
            agentConfig,
            line -> {
              synchronized (err) {
                err.println("fsbench: " + line);
                err.flush();
              }
            });
    Thread stop = new Thread(agent::close, "fsbench-agent-shutdown");
    Runtime.getRuntime().addShutdownHook(stop);
    agent.awaitClosed();
    return 0;
  }
}
