package io.fsbench.cli;

import io.fsbench.FsBench;
import io.fsbench.api.Feature;
import io.fsbench.api.PluginInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fsbench plugins}: every plugin, whether it is available here and why not, its features.
 */
@Command(
    name = "plugins",
    description = "List filesystem plugins: availability (and why not), features, tool versions.")
final class PluginsCommand implements Callable<Integer> {

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  private final Supplier<FsBench> fsbench;

  PluginsCommand(Supplier<FsBench> fsbench) {
    this.fsbench = fsbench;
  }

  @Option(
      names = {"-v", "--verbose"},
      description = "Also list the tunings each plugin honours and those it refuses.")
  boolean verbose;

  @Override
  public Integer call() {
    FsBench fsbench = this.fsbench.get();
    List<PluginInfo> plugins = fsbench.plugins();
    var out = spec.commandLine().getOut();
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"ID", "STATUS", "FEATURES", "TOOLS"});
    for (PluginInfo p : plugins) {
      rows.add(
          new String[] {
            p.id(),
            p.availability().isAvailable() ? "available" : "unavailable",
            features(p),
            tools(p)
          });
    }
    out.print(Table.render(rows));
    for (PluginInfo p : plugins) {
      if (!p.availability().isAvailable()) {
        out.printf(
            "%s: %s%s%n",
            p.id(),
            p.availability().reason(),
            p.availability().hint().isBlank() ? "" : " (" + p.availability().hint() + ")");
      }
    }
    for (String failure : fsbench.pluginLoadFailures()) {
      out.println("failed to load: " + failure);
    }
    if (verbose) {
      for (PluginInfo p : plugins) {
        out.printf("%n%s — %s%n", p.id(), p.description());
        out.printf("  max file size: %s%n", Table.humanBytes(p.maxFileSize().bytes()));
        out.printf("  tunings: %s%n", String.join(" ", p.supportedTunings()));
        p.refusedTunings().forEach((k, v) -> out.printf("  refuses %s: %s%n", k, v));
      }
    }
    out.flush();
    return 0;
  }

  private static String features(PluginInfo p) {
    List<String> labels = new ArrayList<>();
    for (Feature f : Feature.values()) {
      if (p.features().contains(f)) {
        labels.add(f.label());
      }
    }
    return String.join(", ", labels);
  }

  private static String tools(PluginInfo p) {
    List<String> parts = new ArrayList<>();
    p.toolVersions().entrySet().stream()
        .sorted(java.util.Map.Entry.comparingByKey())
        .forEach(e -> parts.add(e.getKey() + " " + e.getValue()));
    return String.join(", ", parts);
  }
}
