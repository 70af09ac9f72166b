package io.fsbench.cli;

import io.fsbench.api.InvalidInputException;
import io.fsbench.cluster.ClusterConfig;
import io.fsbench.cluster.ClusterJob;
import io.fsbench.cluster.DnsDiscovery;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --cluster} and its companions on {@code run} and {@code fio}: the same job on several
 * agents at once, from this machine as the controller. Each companion without {@code --cluster} is
 * refused, as a flag that would do nothing.
 */
final class ClusterOptions {

  @Option(
      names = "--cluster",
      paramLabel = "NAME",
      description =
          "Run on the agents of this cluster (see 'fsbench agent') at a synchronized start;"
              + " results per client and aggregated.")
  String cluster;

  @Option(
      names = "--clients",
      paramLabel = "N",
      description = "How many agents take part in a --cluster run (default 1).")
  Integer clients;

  @Option(
      names = "--per-client-dir",
      description = "Give each client its own directory client-N under --dir (made and removed).")
  boolean perClientDir;

  @Option(
      names = "--shared-dir",
      description =
          "Run every client in --dir itself, each name it makes starting with its index"
              + " (mdtest's shared-directory mode; fsmark, tree, postmark).")
  boolean sharedDir;

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
      description = "The cluster's shared secret file, the same on every member (chmod 600).")
  Path secret;

  @Option(
      names = "--peers",
      paramLabel = "HOST:PORT,...",
      description = "The agents to find, host:port each, comma-separated.")
  String peers;

  @Option(
      names = "--bind",
      paramLabel = "ADDR",
      description = "The address this controller listens on (default 127.0.0.1).")
  String bind;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "The TCP port this member listens on (default 7800).")
  Integer port;

  @Option(
      names = "--members-within",
      paramLabel = "T",
      description = "How long to wait for --clients agents (default 30s).")
  String membersWithin;

  @Option(
      names = "--stonewall",
      description =
          "The first client to finish ends the others' runs (IOR's stonewalling); the report adds"
              + " what all clients did up to that moment.")
  boolean stonewall;

  @Option(
      names = "--no-phase-barrier",
      description =
          "Let each client of fsmark, tree or largefile go from phase to phase on its own after the"
              + " common start, instead of all starting each phase together (mdtest's -B).")
  boolean noPhaseBarrier;

  @Option(
      names = "--neighbour-stride",
      paramLabel = "S",
      description =
          "mdtest's -N: fsmark's stat, read, rename and delete phases (tree's after extract)"
              + " visit the files client (i + S), (i + 2S), ... mod N created instead of client"
              + " i's own; with --shared-dir or --per-client-dir.")
  Integer neighbourStride;

  boolean given() {
    return cluster != null;
  }

  /** Refuses a companion given without --cluster. */
  void checkCompanions() {
    if (cluster != null) {
      return;
    }
    needs("--clients", clients != null);
    needs("--per-client-dir", perClientDir);
    needs("--shared-dir", sharedDir);
    needs("--secret", secret != null);
    needs("--peers", peers != null);
    needs("--dns", dns != null);
    needs("--bind", bind != null);
    needs("--port", port != null);
    needs("--members-within", membersWithin != null);
    needs("--stonewall", stonewall);
    needs("--no-phase-barrier", noPhaseBarrier);
    needs("--neighbour-stride", neighbourStride != null);
  }

  private static void needs(String flag, boolean given) {
    if (given) {
      throw new InvalidInputException(
          flag + " applies to a cluster run; add --cluster NAME or drop " + flag);
    }
  }

  ClusterConfig config() {
    return config(cluster, bind, port, peers, dns, secret);
  }

  /** The membership every cluster command shares; a bad value is refused naming it. */
  static ClusterConfig config(
      String cluster, String bind, Integer port, String peers, String dns, Path secret) {
    ClusterConfig.Builder builder = ClusterConfig.builder(cluster).peers(peers(peers));
    if (dns != null) {
      builder.dns(DnsDiscovery.parse(dns));
    }
    if (bind != null) {
      builder.bind(bind);
    }
    if (port != null) {
      builder.port(port);
    }
    if (secret == null) {
      throw new InvalidInputException(
          "--cluster " + cluster + " needs --secret FILE, the cluster's shared secret");
    }
    return builder.secret(secret).build();
  }

  ClusterJob job(List<String> fioOptions, Path directory) {
    return adjust(ClusterJob.fio(fioOptions, directory(directory), clients()));
  }

  /** How many agents take part: --clients, 1 when not given. */
  int clients() {
    return clients == null ? 1 : clients;
  }

  /** The run's directory as the agents see it: --dir, required. */
  static Path directory(Path directory) {
    if (directory == null) {
      throw new InvalidInputException(
          "a --cluster run works in a directory of the shared filesystem; give --dir PATH as the"
              + " agents see it (not --fs or --device)");
    }
    return directory.toAbsolutePath();
  }

  /**
   * {@code job} with this command line's --members-within, --stonewall, --per-client-dir,
   * --shared-dir, --no-phase-barrier and --neighbour-stride.
   */
  ClusterJob adjust(ClusterJob job) {
    if (membersWithin != null) {
      job =
          job.membersWithin(
              io.fsbench.core.jobfile.JobOptionParser.time("--members-within", membersWithin));
    }
    if (stonewall) {
      job = job.stonewall();
    }
    if (sharedDir) {
      job = job.sharedDirectory();
    }
    if (noPhaseBarrier) {
      job = job.noPhaseBarriers();
    }
    if (perClientDir) {
      job = job.perClientDir();
    }
    return neighbourStride == null ? job : job.neighbourStride(neighbourStride);
  }

  private static List<String> peers(String peers) {
    if (peers == null || peers.isBlank()) {
      return List.of();
    }
    return new ArrayList<>(Arrays.stream(peers.split(",")).map(String::strip).toList());
  }
}
