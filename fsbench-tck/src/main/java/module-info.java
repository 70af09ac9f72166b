/**
 * The compatibility kit every filesystem plugin's test extends, {@link
 * io.fsbench.tck.FileSystemPluginContract}, and test utilities for plugin authors: {@link
 * io.fsbench.tck.FakeHost} and {@link io.fsbench.tck.ScriptedShell} for unit tests, {@link
 * io.fsbench.tck.TestHosts}, {@link io.fsbench.tck.LoopImage} and {@link
 * io.fsbench.tck.PluginDriver} for integration tests on real loop devices.
 */
module io.fsbench.tck {
  requires transitive io.fsbench.api;
  requires transitive org.junit.jupiter.api;
  requires org.assertj.core;
  requires jdk.unsupported;

  exports io.fsbench.tck;

  opens io.fsbench.tck to
      org.junit.platform.commons;
}
