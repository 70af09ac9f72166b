package io.fsbench.core.plugin;

import io.fsbench.api.Availability;
import io.fsbench.api.EnvironmentException;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The filesystem plugins fsbench knows: found with {@link ServiceLoader} unless discovery is off,
 * plus any registered by hand. Ids are unique; a duplicate is an error naming where both came from.
 * A plugin jar that fails to load is recorded and reported, and does not hide the others.
 */
public final class PluginRegistry {

  private static final Logger log = LoggerFactory.getLogger(PluginRegistry.class);

  /** A provider that could not be loaded, and why. */
  public record LoadFailure(String provider, String reason) {}

  private final Map<String, FileSystemPlugin> plugins;
  private final List<LoadFailure> failures;

  private PluginRegistry(Map<String, FileSystemPlugin> plugins, List<LoadFailure> failures) {
    this.plugins = Collections.unmodifiableMap(plugins);
    this.failures = List.copyOf(failures);
  }

  /**
   * Builds the registry.
   *
   * @param discover whether to look for plugins with ServiceLoader
   * @param loader where to look (the context class loader, typically)
   * @param manual plugins registered by hand, which come first
   * @throws FsBenchException when two plugins share an id
   */
  public static PluginRegistry create(
      boolean discover, ClassLoader loader, List<FileSystemPlugin> manual) {
    Map<String, FileSystemPlugin> plugins = new LinkedHashMap<>();
    List<LoadFailure> failures = new ArrayList<>();
    for (FileSystemPlugin plugin : manual) {
      add(plugins, plugin);
    }
    if (discover) {
      for (FileSystemPlugin plugin :
          load(ServiceLoader.load(FileSystemPlugin.class, loader), "filesystem plugin", failures)) {
        add(plugins, plugin);
      }
    }
    return new PluginRegistry(plugins, failures);
  }

  /** The providers {@code loader} finds; each one that fails to load is warned of and listed. */
  static <T> List<T> load(ServiceLoader<T> loader, String what, List<LoadFailure> failures) {
    List<T> found = new ArrayList<>();
    Iterator<T> it = loader.iterator();
    // A broken provider throws from hasNext/next; skip it and carry on, with a bound in case the
    // iterator keeps failing on the same entry.
    for (int attempts = 0; attempts < 1000; attempts++) {
      try {
        if (!it.hasNext()) {
          break;
        }
        found.add(it.next());
      } catch (ServiceConfigurationError | LinkageError e) {
        String reason = e.getMessage() == null ? e.toString() : e.getMessage();
        log.warn("a {} could not be loaded: {}", what, reason);
        failures.add(new LoadFailure(providerName(reason), reason));
      }
    }
    return found;
  }

  private static String providerName(String reason) {
    int colon = reason.indexOf("Provider ");
    if (colon >= 0) {
      String rest = reason.substring(colon + "Provider ".length());
      int space = rest.indexOf(' ');
      return space < 0 ? rest : rest.substring(0, space);
    }
    return "unknown provider";
  }

  private static void add(Map<String, FileSystemPlugin> plugins, FileSystemPlugin plugin) {
    String id = plugin.id();
    if (id == null || !id.matches("[a-z0-9][a-z0-9_-]*")) {
      throw new FsBenchException(
          FsBenchException.Kind.ENVIRONMENT,
          "plugin "
              + plugin.getClass().getName()
              + " from "
              + origin(plugin)
              + " has id '"
              + id
              + "'; ids must be lower-case letters, digits, '_' or '-'");
    }
    FileSystemPlugin existing = plugins.putIfAbsent(id, plugin);
    if (existing != null && existing != plugin) {
      throw new FsBenchException(
          FsBenchException.Kind.ENVIRONMENT,
          "two filesystem plugins have the id '"
              + id
              + "': "
              + existing.getClass().getName()
              + " from "
              + origin(existing)
              + " and "
              + plugin.getClass().getName()
              + " from "
              + origin(plugin)
              + "; remove one of the jars from the class path");
    }
  }

  /** Where a plugin class was loaded from: its jar or directory, or its module. */
  static String origin(FileSystemPlugin plugin) {
    CodeSource source = plugin.getClass().getProtectionDomain().getCodeSource();
    if (source != null && source.getLocation() != null) {
      return source.getLocation().toString();
    }
    Module module = plugin.getClass().getModule();
    return module.isNamed() ? "module " + module.getName() : "an unknown location";
  }

  /** Every plugin, in registration order. */
  public List<FileSystemPlugin> all() {
    return List.copyOf(plugins.values());
  }

  public List<LoadFailure> failures() {
    return failures;
  }

  public Optional<FileSystemPlugin> find(String id) {
    return Optional.ofNullable(plugins.get(id.toLowerCase(Locale.ROOT)));
  }

  /**
   * The plugin with this id, available on this host.
   *
   * @throws InvalidInputException for an unknown id, listing every plugin and its availability
   * @throws EnvironmentException for a plugin that is unavailable, with the same list
   */
  public FileSystemPlugin require(String id, Host host) {
    FileSystemPlugin plugin = plugins.get(id.strip().toLowerCase(Locale.ROOT));
    if (plugin == null) {
      throw new InvalidInputException(
          "unknown filesystem '" + id + "'; " + describe(host) + suggestion(id));
    }
    Availability availability = availability(plugin, host);
    if (!availability.isAvailable()) {
      throw new EnvironmentException(
          "filesystem '"
              + plugin.id()
              + "' is not available here: "
              + availability.reason()
              + (availability.hint().isBlank() ? "" : " (" + availability.hint() + ")")
              + "; "
              + describe(host));
    }
    return plugin;
  }

  /** Availability that never throws, even for a plugin that does. */
  public static Availability availability(FileSystemPlugin plugin, Host host) {
    if (!host.isRoot()) {
      // Every plugin makes loop devices and mounts: without root none is usable, whatever its
      // tools say, and a plugin's own check would blame the wrong thing (zfs: the daemon).
      return Availability.unavailable(
          "making " + plugin.id() + " volumes needs root (loop devices, mkfs, mount)",
          "run as root (sudo), or use --dir PATH, which needs no root");
    }
    try {
      return plugin.availability(host);
    } catch (RuntimeException e) {
      return Availability.unavailable(
          "its availability check failed: " + e.getMessage(),
          "report this to the plugin's authors");
    }
  }

  /** One line per plugin: "plugins: ext4 (available), zfs (unavailable: ...)". */
  public String describe(Host host) {
    if (plugins.isEmpty() && failures.isEmpty()) {
      return "no filesystem plugins were found; put fsbench-ext4, fsbench-xfs, fsbench-btrfs or"
          + " fsbench-zfs on the class path, or register a plugin by hand";
    }
    List<String> parts = new ArrayList<>();
    for (FileSystemPlugin plugin : plugins.values()) {
      parts.add(plugin.id() + " (" + availability(plugin, host) + ")");
    }
    for (LoadFailure failure : failures) {
      parts.add(failure.provider() + " (failed to load: " + failure.reason() + ")");
    }
    return "plugins: " + String.join(", ", parts);
  }

  private String suggestion(String id) {
    String best = null;
    int bestDistance = 3;
    for (String candidate : plugins.keySet()) {
      int d = distance(id.toLowerCase(Locale.ROOT), candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best == null ? "" : "; did you mean '" + best + "'?";
  }

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
