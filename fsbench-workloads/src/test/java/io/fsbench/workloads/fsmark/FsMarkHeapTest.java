package io.fsbench.workloads.fsmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.FsMarkSpec;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proves the metadata runner keeps no state per file: 400,000 files go through create, stat and
 * delete in a child JVM whose whole heap is 32 MiB. One string per file (a name, a Path) would need
 * more than that, so a design that collected per-file objects fails here with OutOfMemoryError.
 */
class FsMarkHeapTest {

  private static final int FILES_PER_THREAD = 200_000;

  @TempDir Path dir;

  @Test
  void fourHundredThousandFilesRunInA32MibHeap() throws Exception {
    Process child =
        new ProcessBuilder(
                javaExecutable(),
                "-Xmx32m",
                "-XX:+UseSerialGC",
                "-cp",
                classPath(),
                FsMarkHeapProbe.class.getName(),
                dir.toString(),
                Integer.toString(FILES_PER_THREAD))
            .redirectErrorStream(true)
            .start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor(10, TimeUnit.MINUTES)).isTrue();

    assertThat(child.exitValue()).as(output).isZero();
    assertThat(output).contains("create=400000", "stat=400000", "delete=400000");
  }

  private static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** Where the probe's classes come from, however the test JVM was started. */
  private static String classPath() throws URISyntaxException, IOException {
    List<Class<?>> roots =
        List.of(
            FsMarkHeapProbe.class,
            FsMarkRunner.class,
            FsMarkSpec.class,
            io.fsbench.core.engine.WorkloadRunner.class,
            // core's own dependencies, which this module does not read
            loaded("com.sun.jna.Native"),
            loaded("org.slf4j.LoggerFactory"));
    return Stream.of(roots.toArray(new Class<?>[0]))
        .map(c -> location(c))
        .distinct()
        .collect(Collectors.joining(File.pathSeparator));
  }

  private static Class<?> loaded(String name) {
    try {
      return Class.forName(name);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(name + " is not on the test's path", e);
    }
  }

  private static String location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
