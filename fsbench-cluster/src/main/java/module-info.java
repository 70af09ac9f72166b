/**
 * Many clients, one run: fsbench agents on several machines joined in an authenticated, encrypted
 * JGroups cluster, and a controller that runs one workload on all of them at a synchronized start
 * and aggregates what they measured ({@link io.fsbench.cluster.Cluster}, {@link
 * io.fsbench.cluster.Agent}).
 *
 * <p>The entry point lives here rather than in {@code FsBench} so that fsbench-core stays free of
 * JGroups: an embedder who never runs a cluster never loads it.
 */
module io.fsbench.cluster {
  requires io.fsbench.filebench;
  requires transitive io.fsbench.core;
  requires org.jgroups;
  requires com.fasterxml.jackson.databind;
  requires com.fasterxml.jackson.core;
  // JGroups is an automatic module, which declares nothing: what it uses of the JDK is required
  // here so that the module graph (and the distribution's jlink runtime) has it.
  requires java.management;
  // DNS_PING asks DNS through JNDI's DNS provider, found by class name at run time
  requires java.naming;
  requires jdk.naming.dns;

  exports io.fsbench.cluster;

  // JGroups makes the join token of a joiner by reflection when it reads one off the wire.
  exports io.fsbench.cluster.internal to
      org.jgroups;

  // Jackson reads and writes the wire messages, records of the internal package.
  opens io.fsbench.cluster.internal to
      com.fasterxml.jackson.databind;
}
