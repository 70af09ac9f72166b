package io.fsbench.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.spi.FileSystemPlugin;

/** What both contracts ask of how a plugin names and describes itself, on any host. */
final class PluginIdentity {

  private PluginIdentity() {}

  /** Its id is what users type after --fs; its description and largest file are there. */
  static void assertDescribesItself(FileSystemPlugin plugin) {
    assertThat(plugin.id())
        .as(
            "plugin id %s: ids are what users type after --fs; fix: return lower-case letters,"
                + " digits, '-' or '_' from id(), starting with a letter or digit, e.g. \"f2fs\"",
            plugin.id())
        .matches("[a-z0-9][a-z0-9_-]*");
    assertThat(plugin.description())
        .as("%s's description(); fix: return one line that fsbench plugins prints", plugin.id())
        .isNotBlank();
    assertThat(plugin.maxFileSize().bytes())
        .as(
            "%s's maxFileSize(); fix: return the largest file the filesystem holds (workloads are"
                + " refused above it)",
            plugin.id())
        .isPositive();
  }
}
