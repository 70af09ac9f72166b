package io.fsbench.core.volume;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResourceRegistryTest {

  @TempDir Path dir;

  private static final long START = 1_700_000_000_000L;

  private ResourceRegistry registryOf(long pid, ResourceRegistry.ProcessTable table) {
    return new ResourceRegistry(new WorkDir(dir).prepare().registry(), pid, START, table);
  }

  @Test
  void keepsEntriesOfALiveOwnerOutOfTheOrphans() {
    ResourceRegistry registry = registryOf(10, pid -> Optional.of(START));
    registry.record(ResourceKind.IMAGE, Map.of("path", "/x/fsbench.img"));

    assertThat(registry.orphans()).isEmpty();
    assertThat(registry.mine()).hasSize(1);
  }

  @Test
  void treatsEntriesOfADeadOwnerAsOrphansNewestFirst() {
    ResourceRegistry dead = registryOf(10, pid -> Optional.empty());
    ResourceEntry image = dead.record(ResourceKind.IMAGE, Map.of("path", "/x/fsbench.img"));
    ResourceEntry loop = dead.record(ResourceKind.LOOP, Map.of("image", "/x/fsbench.img"));

    assertThat(dead.orphans()).containsExactly(loop, image);
  }

  @Test
  void treatsAReusedPidAsDead() {
    ResourceRegistry registry = registryOf(10, pid -> Optional.of(START + 60_000));
    registry.record(ResourceKind.IMAGE, Map.of("path", "/x/fsbench.img"));

    assertThat(registry.orphans()).hasSize(1);
  }

  @Test
  void survivesTheProcessThatWroteIt() {
    ResourceRegistry writer = registryOf(10, pid -> Optional.empty());
    ResourceEntry entry = writer.record(ResourceKind.LOOP, Map.of("image", "/x/fsbench.img"));
    writer.update(entry, "device", "/dev/loop7");

    ResourceRegistry reader = registryOf(11, pid -> Optional.empty());

    assertThat(reader.entries())
        .singleElement()
        .satisfies(e -> assertThat(e.attribute("device")).isEqualTo("/dev/loop7"));
  }

  @Test
  void forgetsDroppedEntries() {
    ResourceRegistry registry = registryOf(10, pid -> Optional.of(START));
    ResourceEntry entry = registry.record(ResourceKind.IMAGE, Map.of("path", "/x/fsbench.img"));

    registry.drop(entry);

    assertThat(registry.entries()).isEmpty();
  }
}
