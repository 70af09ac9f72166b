package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cluster runs of what is not one job of fio options: a fio job file of two sections and a named
 * metadata workload (fs_mark) on three agents on loopback addresses, a temporary directory standing
 * in for the shared filesystem.
 */
class ClusterWorkloadsIT {

  @TempDir static Path temp;

  static Path shared;
  static Path secret;
  static int port;
  static final List<Agent> agents = new ArrayList<>();
  static final List<String> peers = new ArrayList<>();

  @BeforeAll
  static void startAgents() throws Exception {
    shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    secret = temp.resolve("fsbench-secret");
    Files.writeString(secret, "fedcba9876543210fedcba9876543210");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    port = 20_000 + ThreadLocalRandom.current().nextInt(20_000);
    for (int i = 0; i < 3; i++) {
      peers.add("127.0.0." + (41 + i) + ":" + port);
    }
    peers.add("127.0.0.40:" + port); // the controller
    for (int i = 0; i < 3; i++) {
      AgentConfig config =
          AgentConfig.of(member("127.0.0." + (41 + i)), List.of(shared))
              .workDir(Files.createDirectory(temp.resolve("fsbench-work-" + i)));
      agents.add(Agent.start(config, line -> {}));
    }
  }

  @AfterAll
  static void stopAgents() {
    agents.forEach(Agent::close);
  }

  static ClusterConfig member(String bind) {
    return ClusterConfig.builder("fsbench-it-workloads")
        .bind(bind)
        .port(port)
        .peers(peers)
        .secret(secret)
        .build();
  }

  @Test
  void aJobFileOfTwoSectionsRunsOnEveryClientAndAggregatesPerJob() throws Exception {
    Files.createDirectories(shared.resolve("f"));
    String text =
        "[global]\nbs=4k\nsize=2m\nfilename=fsbench-data\n"
            + "[fsbench-writer]\nrw=write\n"
            + "[fsbench-reader]\nstonewall\nrw=read\n";
    ClusterJob job =
        ClusterJob.fioFile("two.fio", text, shared.resolve("f"), 3)
            .membersWithin(Duration.ofSeconds(20))
            .perClientDir();
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(member("127.0.0.40"))) {
      result = cluster.run(job);
    }

    assertThat(result.aggregate().workload()).isEqualTo("two.fio");
    assertThat(result.aggregate().jobs())
        .extracting(JobResult::jobname)
        .containsExactly("fsbench-writer", "fsbench-reader");
    long written = 0;
    long read = 0;
    for (ClientResult client : result.clients()) {
      assertThat(client.run().jobs()).hasSize(2);
      written += client.run().jobs().get(0).write().ioBytes();
      read += client.run().jobs().get(1).read().ioBytes();
    }
    assertThat(written).isEqualTo(3L * (2 << 20));
    assertThat(result.aggregate().jobs().get(0).write().ioBytes()).isEqualTo(written);
    assertThat(result.aggregate().jobs().get(1).read().ioBytes()).isEqualTo(read).isPositive();

    JsonNode stats =
        new ObjectMapper().readTree(ClusterReports.json(result, false)).get("client_stats");
    assertThat(stats).hasSize(3 * 2 + 2);
    assertThat(stats.get(6).get("jobname").asText()).isEqualTo("All clients: fsbench-writer");
    assertThat(stats.get(7).get("jobname").asText()).isEqualTo("All clients: fsbench-reader");
    assertNothingLeft(shared.resolve("f"));
  }

  @Test
  void aJobFileSectionNamingAFileOutsideTheAllowedDirectoryIsRefusedNamingTheSection()
      throws Exception {
    Files.createDirectories(shared.resolve("o"));
    String text = "[fsbench-ok]\nrw=write\nsize=1m\n[fsbench-bad]\nrw=read\nfilename=/etc/passwd\n";
    try (Cluster cluster = Cluster.connect(member("127.0.0.40"))) {
      assertThatThrownBy(
              () ->
                  cluster.run(
                      ClusterJob.fioFile("bad.fio", text, shared.resolve("o"), 3)
                          .membersWithin(Duration.ofSeconds(20))))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("section [fsbench-bad]")
          .hasMessageContaining("/etc");
    }
    for (Agent agent : agents) {
      assertThat(agent.awaitIdle(Duration.ofSeconds(10))).isTrue();
    }
    assertNothingLeft(shared.resolve("o"));
  }

  @Test
  void anFsMarkRunOnThreeAgentsHasAnAggregateThatIsTheExactSumOfItsParts() throws Exception {
    Files.createDirectories(shared.resolve("md"));
    ClusterJob job =
        ClusterJob.workload(
                "fsmark",
                Map.of("files", "200", "size", "4k", "operations", "create,stat,delete"),
                shared.resolve("md"),
                3)
            .membersWithin(Duration.ofSeconds(20))
            .perClientDir(); // mdtest's unique-directory mode
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(member("127.0.0.40"))) {
      result = cluster.run(job);
    }

    WorkloadTotals all = (WorkloadTotals) result.aggregate().result();
    assertThat(all.phases())
        .extracting(PhaseTotals::phase)
        .containsExactly("create", "stat", "delete");
    for (int p = 0; p < all.phases().size(); p++) {
      long files = 0;
      Duration slowest = Duration.ZERO;
      java.time.Instant first = java.time.Instant.MAX;
      for (ClientResult client : result.clients()) {
        PhaseTotals own = ((WorkloadTotals) client.run().result()).phases().get(p);
        files += own.files();
        slowest = own.time().compareTo(slowest) > 0 ? own.time() : slowest;
        first = own.started().isBefore(first) ? own.started() : first;
      }
      PhaseTotals phase = all.phases().get(p);
      assertThat(phase.files()).isEqualTo(files).isEqualTo(600);
      // the union of the clients' windows: at least the slowest one's, at most first to last
      assertThat(phase.time()).isBetween(slowest, phase.span());
      assertThat(phase.started()).isEqualTo(first);
    }
    assertThat(all.metric("create.files").orElseThrow().value()).isEqualTo(600);
    assertThat(all.notAggregated()).contains("create.lat.p99");

    String text = ClusterReports.text(result);
    assertThat(text).contains("All clients", "create", "not aggregated");
    JsonNode stats =
        new ObjectMapper().readTree(ClusterReports.json(result, false)).get("client_stats");
    assertThat(stats).hasSize(4);
    long jsonCreated = 0;
    for (int i = 0; i < 3; i++) {
      jsonCreated += stats.get(i).get("phases").get(0).get("files").asLong();
    }
    assertThat(stats.get(3).get("phases").get(0).get("files").asLong()).isEqualTo(jsonCreated);
    assertNothingLeft(shared.resolve("md"));
  }

  @Test
  void anFsMarkRunOfThreeAgentsInOneSharedDirectoryCountsEveryFileAndLeavesNothing()
      throws Exception {
    Path directory = Files.createDirectories(shared.resolve("md-shared"));
    ClusterJob job =
        ClusterJob.workload(
                "fsmark",
                Map.of("files", "300", "size", "0", "operations", "create,stat,delete"),
                directory,
                3)
            .membersWithin(Duration.ofSeconds(20))
            .sharedDirectory(); // mdtest without -u: one directory, names tagged per client
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(member("127.0.0.40"))) {
      result = cluster.run(job);
    }

    assertThat(result.clients())
        .as("every client ran in the shared directory itself")
        .allSatisfy(
            c -> assertThat(c.run().volume().mountPoint()).hasToString(directory.toString()));
    WorkloadTotals all = (WorkloadTotals) result.aggregate().result();
    for (PhaseTotals phase : all.phases()) {
      assertThat(phase.files()).as(phase.phase()).isEqualTo(900);
    }
    assertNothingLeft(directory);
  }

  @Test
  void aStonewalledTreeRunEndsWithWhatEachClientDidAndItsSumsCheckOut() throws Exception {
    Files.createDirectories(shared.resolve("tree-walled"));
    ClusterJob job =
        ClusterJob.workload("tree", Map.of("files", "300"), shared.resolve("tree-walled"), 3)
            .membersWithin(Duration.ofSeconds(20))
            .perClientDir()
            .stonewall();
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(member("127.0.0.40"))) {
      result = cluster.run(job);
    }

    // each client's phases are cut short where the first one's finish found them; the aggregate
    // is what they did, so the block jobs' stonewalled figures do not apply
    assertThat(result.stonewalled()).isEmpty();
    WorkloadTotals all = (WorkloadTotals) result.aggregate().result();
    for (int p = 0; p < all.phases().size(); p++) {
      long files = 0;
      for (ClientResult client : result.clients()) {
        List<PhaseTotals> own = ((WorkloadTotals) client.run().result()).phases();
        files += p < own.size() ? own.get(p).files() : 0;
      }
      assertThat(all.phases().get(p).files()).as(all.phases().get(p).phase()).isEqualTo(files);
    }
    assertNothingLeft(shared.resolve("tree-walled"));
  }

  @Test
  void aFilebenchScriptRunsOnEveryClientAndItsOperationCountsAdd() throws Exception {
    Files.createDirectories(shared.resolve("fb"));
    String script =
        "set $dir=/tmp\n"
            + "define fileset name=fsbench-set,path=$dir,entries=20,size=4k,dirwidth=20,prealloc=100\n"
            + "define process name=p,instances=1\n{\n  thread name=t,memsize=1m,instances=1\n  {\n"
            + "    flowop openfile name=open1,filesetname=fsbench-set,fd=1\n"
            + "    flowop readwholefile name=read1,fd=1,iosize=4k\n"
            + "    flowop closefile name=close1,fd=1\n  }\n}\nrun 60\n";
    ClusterJob job =
        ClusterJob.of(
                ClusterWork.filebench(
                    "tiny.f", script, Map.of(), java.util.Optional.of(Duration.ofSeconds(1)), 1),
                shared.resolve("fb"),
                3)
            .membersWithin(Duration.ofSeconds(20));
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(member("127.0.0.40"))) {
      result = cluster.run(job);
    }

    WorkloadTotals all = (WorkloadTotals) result.aggregate().result();
    double reads = 0;
    for (ClientResult client : result.clients()) {
      // named as the controller's file, not as the agent's temporary copy
      assertThat(((WorkloadTotals) client.run().result()).workload()).isEqualTo("filebench:tiny");
      reads +=
          ((WorkloadTotals) client.run().result()).metric("flowop.read1.ops").orElseThrow().value();
    }
    assertThat(all.metric("flowop.read1.ops").orElseThrow().value()).isEqualTo(reads).isPositive();
    assertNothingLeft(shared.resolve("fb"));
  }

  @Test
  void aFilebenchScriptThatRunsACommandIsRefusedByTheControllerAndByEveryAgent() throws Exception {
    Files.createDirectories(shared.resolve("fs"));
    ClusterWork work =
        ClusterWork.filebench(
            "bad.f",
            "system \"touch /tmp/fsbench-x\"\nrun 1\n",
            Map.of(),
            java.util.Optional.empty(),
            1);
    assertThatThrownBy(() -> ClusterJob.of(work, shared.resolve("fs"), 3))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("bad.f:1")
        .hasMessageContaining("it runs a shell command");
    // a job made without the controller's check (the canonical constructor): the agents refuse it
    ClusterJob job = unchecked(work, shared.resolve("fs"));
    try (Cluster cluster = Cluster.connect(member("127.0.0.40"))) {
      assertThatThrownBy(() -> cluster.run(job))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("bad.f:1")
          .hasMessageContaining("runs a command");
    }
    assertThat(Path.of("/tmp/fsbench-x")).doesNotExist();
  }

  @Test
  void aFilebenchScriptsSemanticErrorIsRefusedByTheAgentsAtPrepareBeforeTheStart()
      throws Exception {
    Files.createDirectories(shared.resolve("fsem"));
    String noDirwidth =
        "define fileset name=fsbench-set,path=/tmp,entries=20,size=4k,prealloc=100\n"
            + "define process name=p,instances=1\n{\n  thread name=t,memsize=1m,instances=1\n  {\n"
            + "    flowop openfile name=open1,filesetname=fsbench-set,fd=1\n"
            + "    flowop closefile name=close1,fd=1\n  }\n}\nrun 60\n";
    ClusterWork work =
        ClusterWork.filebench("nodirs.f", noDirwidth, Map.of(), java.util.Optional.empty(), 1);
    ClusterJob job = unchecked(work, shared.resolve("fsem"));
    try (Cluster cluster = Cluster.connect(member("127.0.0.40"))) {
      assertThatThrownBy(() -> cluster.run(job))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("nodirs.f:1: define fileset needs dirwidth=...");
    }
    assertNothingLeft(shared.resolve("fsem"));
  }

  @Test
  void aStonewalledPostMarkRunEndsWithWhatEachClientDidAndItsSumsCheckOut() throws Exception {
    Files.createDirectories(shared.resolve("pm-walled"));
    ClusterJob job =
        ClusterJob.workload(
                "postmark",
                Map.of("number", "300", "transactions", "20000"),
                shared.resolve("pm-walled"),
                3)
            .membersWithin(Duration.ofSeconds(20))
            .perClientDir()
            .stonewall();
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(member("127.0.0.40"))) {
      result = cluster.run(job);
    }

    WorkloadTotals all = (WorkloadTotals) result.aggregate().result();
    for (String count : List.of("transactions", "created.files", "deleted.files", "read.bytes")) {
      double sum = 0;
      for (ClientResult client : result.clients()) {
        sum += ((WorkloadTotals) client.run().result()).metric(count).orElseThrow().value();
      }
      assertThat(all.metric(count).orElseThrow().value()).as(count).isEqualTo(sum);
    }
    long cut =
        result.clients().stream()
            .filter(
                c ->
                    ((WorkloadTotals) c.run().result())
                        .metrics().stream().anyMatch(m -> m.name().endsWith(".cut_short")))
            .count();
    // the first client done ran to its end; how many others the stonewall caught depends on timing
    assertThat(cut).isLessThan(3);
    assertNothingLeft(shared.resolve("pm-walled"));
  }

  /** A job of {@code work} on the three agents, without the controller's own check of it. */
  private static ClusterJob unchecked(ClusterWork work, Path directory) {
    return new ClusterJob(
        List.of(), directory, 3, false, Duration.ofSeconds(20), false, Map.of(), work);
  }

  private static void assertNothingLeft(Path dir) throws Exception {
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.toList()).as("left in " + dir).isEmpty();
    }
  }
}
