package io.fsbench.cluster;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An agent in a JVM of its own, for the test that kills one mid-run: {@code AgentProcess NAME BIND
 * PORT PEERS SECRET ALLOWED WORKDIR}. It prints its log lines on stdout, where the test waits for
 * the run to have started.
 */
public final class AgentProcess {

  private AgentProcess() {}

  /** The command that starts this class in a new JVM, on this test JVM's class and module paths. */
  static List<String> command(
      String cluster,
      String bind,
      int port,
      List<String> peers,
      Path secret,
      Path allowed,
      Path work) {
    List<String> path = new ArrayList<>();
    for (String property : List.of("jdk.module.path", "java.class.path")) {
      String value = System.getProperty(property);
      if (value != null && !value.isBlank()) {
        path.add(value);
      }
    }
    return List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp",
        String.join(File.pathSeparator, path),
        AgentProcess.class.getName(),
        cluster,
        bind,
        Integer.toString(port),
        String.join(",", peers),
        secret.toString(),
        allowed.toString(),
        work.toString());
  }

  public static void main(String[] args) throws InterruptedException {
    ClusterConfig config =
        ClusterConfig.builder(args[0])
            .bind(args[1])
            .port(Integer.parseInt(args[2]))
            .peers(List.of(args[3].split(",")))
            .secret(Path.of(args[4]))
            .build();
    AgentConfig agent = AgentConfig.of(config, List.of(Path.of(args[5]))).workDir(Path.of(args[6]));
    try (Agent running =
        Agent.start(
            agent,
            line -> {
              System.out.println(line);
              System.out.flush();
            })) {
      running.awaitClosed();
    }
  }
}
