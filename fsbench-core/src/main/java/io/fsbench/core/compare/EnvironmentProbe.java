package io.fsbench.core.compare;

import io.fsbench.api.Environment;
import io.fsbench.api.PluginInfo;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the machine a comparison runs on: the kernel through the {@link Host}, CPU, memory and host
 * name from {@code /proc}, the tools' versions from the plugins and from {@code fio --version}.
 * Nothing it cannot read stops a comparison: it reports {@code unknown} and logs why.
 */
public final class EnvironmentProbe {

  private static final Logger log = LoggerFactory.getLogger(EnvironmentProbe.class);
  private static final String UNKNOWN = "unknown";
  private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(10);

  private final Host host;
  private final Path proc;
  private final Clock clock;
  private final String fsbenchVersion;
  private final String javaVersion;
  private final String nativeIo;

  /**
   * @param proc where procfs is mounted; tests give a directory of their own
   * @param fsbenchVersion see {@link #fsbenchVersion()}
   */
  public EnvironmentProbe(
      Host host, Path proc, Clock clock, String fsbenchVersion, String javaVersion) {
    this(host, proc, clock, fsbenchVersion, javaVersion, null);
  }

  /**
   * @param nativeIo how the per-I/O calls are made ({@code jni} or {@code jna}), listed with the
   *     tools as {@code fsbench-native-io}; null leaves it out
   */
  EnvironmentProbe(
      Host host,
      Path proc,
      Clock clock,
      String fsbenchVersion,
      String javaVersion,
      String nativeIo) {
    this.host = host;
    this.proc = proc;
    this.clock = clock;
    this.fsbenchVersion = fsbenchVersion;
    this.javaVersion = javaVersion;
    this.nativeIo = nativeIo;
  }

  /** The running machine, this build of fsbench and this JVM. */
  public static EnvironmentProbe system(Host host) {
    return new EnvironmentProbe(
        host,
        Path.of("/proc"),
        Clock.systemUTC(),
        fsbenchVersion(),
        Runtime.version().toString(),
        NativeFile.perIoCalls());
  }

  /** Reads everything now; the plugins give their tools' versions. */
  public Environment probe(List<PluginInfo> plugins) {
    String cpuinfo = read("cpuinfo");
    return new Environment(
        kernel(),
        cpuModel(cpuinfo),
        cpuCount(cpuinfo),
        memoryBytes(read("meminfo")),
        fsbenchVersion,
        toolVersions(plugins),
        hostname(),
        clock.instant());
  }

  private String kernel() {
    try {
      return host.kernel().release();
    } catch (RuntimeException e) {
      log.warn("cannot read the kernel version: {}", e.getMessage());
      return UNKNOWN;
    }
  }

  /** "model name" on x86, "Model" or "Hardware" on ARM boards. */
  static String cpuModel(String cpuinfo) {
    for (String key : List.of("model name", "Model", "Hardware", "cpu model", "cpu")) {
      Optional<String> value = field(cpuinfo, key);
      if (value.isPresent() && !value.get().isEmpty()) {
        return value.get().replaceAll("\\s+", " ");
      }
    }
    return UNKNOWN;
  }

  static int cpuCount(String cpuinfo) {
    int processors = 0;
    for (String line : cpuinfo.split("\n")) {
      if (line.matches("processor\\s*:.*")) {
        processors++;
      }
    }
    return processors > 0 ? processors : Runtime.getRuntime().availableProcessors();
  }

  /** MemTotal, which /proc/meminfo gives in KiB although it writes "kB". */
  static long memoryBytes(String meminfo) {
    Optional<String> total = field(meminfo, "MemTotal");
    if (total.isEmpty()) {
      return 0;
    }
    String[] parts = total.get().split("\\s+");
    try {
      long value = Long.parseLong(parts[0]);
      return parts.length > 1 && parts[1].equalsIgnoreCase("kB") ? value * 1024 : value;
    } catch (NumberFormatException e) {
      log.warn("cannot read MemTotal '{}' from /proc/meminfo", total.get());
      return 0;
    }
  }

  private String hostname() {
    String name = read("sys/kernel/hostname").strip();
    return name.isEmpty() ? UNKNOWN : name;
  }

  private Map<String, String> toolVersions(List<PluginInfo> plugins) {
    Map<String, String> versions = new TreeMap<>();
    for (PluginInfo plugin : plugins) {
      versions.putAll(plugin.toolVersions());
    }
    fioVersion().ifPresent(v -> versions.put("fio", v));
    versions.put("java", javaVersion);
    if (nativeIo != null) {
      versions.put("fsbench-native-io", nativeIo);
    }
    return versions;
  }

  /** {@code fio --version} prints {@code fio-3.33}; fio is optional, for cross-checks. */
  private Optional<String> fioVersion() {
    if (host.findTool("fio").isEmpty()) {
      return Optional.empty();
    }
    try {
      CommandResult result =
          host.shell().probe(Command.of("fio", "--version").timeout(TOOL_TIMEOUT));
      String out = result.stdout().strip();
      if (!result.succeeded() || out.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(out.startsWith("fio-") ? out.substring(4) : out);
    } catch (RuntimeException e) {
      log.warn("cannot run fio --version: {}", e.getMessage());
      return Optional.empty();
    }
  }

  private static Optional<String> field(String text, String key) {
    for (String line : text.split("\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).strip().equals(key)) {
        return Optional.of(line.substring(colon + 1).strip());
      }
    }
    return Optional.empty();
  }

  private String read(String relative) {
    Path file = proc.resolve(relative);
    try {
      return Files.readString(file);
    } catch (IOException e) {
      log.warn("cannot read {}: {}", file, e.getMessage());
      return "";
    }
  }

  /**
   * fsbench's version: the jar manifest's Implementation-Version, else the version Maven writes
   * into every jar's pom.properties, else {@code development} (classes run from a source tree).
   */
  public static String fsbenchVersion() {
    String version = EnvironmentProbe.class.getPackage().getImplementationVersion();
    if (version != null && !version.isBlank()) {
      return version;
    }
    try (InputStream in =
        EnvironmentProbe.class.getResourceAsStream(
            "/META-INF/maven/io.fsbench/fsbench-core/pom.properties")) {
      if (in != null) {
        Properties properties = new Properties();
        properties.load(in);
        String fromPom = properties.getProperty("version", "");
        if (!fromPom.isBlank()) {
          return fromPom;
        }
      }
    } catch (IOException e) {
      log.debug("cannot read fsbench's pom.properties: {}", e.getMessage());
    }
    return "development";
  }
}
