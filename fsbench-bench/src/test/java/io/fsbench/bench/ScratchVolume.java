package io.fsbench.bench;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.api.Size;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The ext4 loop volume a bench IT compares fsbench and a reference tool on, made before the class's
 * tests and released after them; the class is skipped (an assumption, with the reason) without root
 * or without the reference tool. Register it on a static field with {@code @RegisterExtension}.
 */
final class ScratchVolume implements BeforeAllCallback, AfterAllCallback {

  private final Size size;
  private final Supplier<String> missingTool;
  private BenchVolume volume;

  /**
   * @param missingTool why the reference tool cannot run (e.g. {@code FioSides::fioMissing}), null
   *     when it can
   */
  ScratchVolume(Size size, Supplier<String> missingTool) {
    this.size = size;
    this.missingTool = missingTool;
  }

  ScratchVolume(Size size) {
    this(size, () -> null);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    assumeTrue(isRoot(), "needs root: it makes a loop device and mounts it");
    String missing = missingTool.get();
    assumeTrue(missing == null, missing);
    volume = BenchVolume.create("ext4", size);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (volume != null) {
      volume.close();
      volume = null;
    }
  }

  private static boolean isRoot() {
    try {
      return Files.readAllLines(Path.of("/proc/self/status")).stream()
          .anyMatch(l -> l.startsWith("Uid:") && l.split("\\s+")[2].equals("0"));
    } catch (IOException e) {
      return false;
    }
  }

  BenchVolume get() {
    return volume;
  }
}
