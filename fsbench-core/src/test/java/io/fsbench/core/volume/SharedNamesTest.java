package io.fsbench.core.volume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.api.InvalidInputException;
import io.fsbench.core.plugin.PluginRegistry;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The names a run makes with its tag in a shared directory are recorded while it runs: removed when
 * it ends, and released after a killed run by the next start or {@code fsbench cleanup}; never a
 * name without the tag, and nothing once the directory is not the one recorded.
 */
class SharedNamesTest {

  @TempDir Path temp;

  private final Host host = mock(Host.class);
  private WorkDir workDir;
  private Path shared;

  @BeforeEach
  void setUp() throws IOException {
    when(host.mounts()).thenReturn(List.of());
    workDir = new WorkDir(temp.resolve("fsbench-work")).prepare();
    shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    Files.writeString(shared.resolve("c2.another-client"), "theirs");
    Files.writeString(shared.resolve("c10.a-tag-that-starts-the-same"), "theirs");
  }

  /** A registry whose entries belong to a process that is alive (true) or gone (false). */
  private ResourceRegistry registry(boolean ownerAlive) {
    return new ResourceRegistry(
        workDir.registry(), 1, 1, pid -> ownerAlive ? Optional.of(1L) : Optional.empty());
  }

  private ResourceReleaser releaser(ResourceRegistry registry) {
    PluginRegistry plugins = PluginRegistry.create(false, getClass().getClassLoader(), List.of());
    return new ResourceReleaser(host, plugins, registry, workDir);
  }

  private List<String> names() throws IOException {
    try (Stream<Path> entries = Files.list(shared)) {
      return entries.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private void makeOwnNames() throws IOException {
    Files.writeString(shared.resolve("c1.file"), "ours");
    Path tree = Files.createDirectories(shared.resolve("c1.tree/a/b"));
    Files.writeString(tree.resolve("leaf"), "ours");
    Files.createSymbolicLink(shared.resolve("c1.link"), temp.resolve("fsbench-outside"));
  }

  @Test
  void aRunsNamesAreRemovedWhenItEndsAndItsRecordDropped() throws IOException {
    ResourceRegistry registry = registry(true);
    Files.writeString(Files.createDirectory(temp.resolve("fsbench-outside")).resolve("x"), "x");

    try (SharedNames own = SharedNames.open(registry, shared, "c1")) {
      assertThat(registry.entries()).hasSize(1);
      makeOwnNames();
    }

    assertThat(names()).containsExactly("c10.a-tag-that-starts-the-same", "c2.another-client");
    assertThat(temp.resolve("fsbench-outside/x")).hasContent("x"); // the link went, not its target
    assertThat(registry.entries()).isEmpty();
  }

  @Test
  void aRunRefusesToStartBesideANameWithItsTagAndRecordsNothing() throws IOException {
    ResourceRegistry registry = registry(true);
    Files.writeString(shared.resolve("c1.left"), "left");

    assertThatThrownBy(() -> SharedNames.open(registry, shared, "c1"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("already holds c1.left");
    assertThat(registry.entries()).isEmpty();
    assertThat(shared.resolve("c1.left")).exists();
  }

  @Test
  void whatAKilledRunMadeIsReleasedByTheNextStartAndNothingElse() throws IOException {
    SharedNames.open(registry(true), shared, "c1"); // the run is killed: never closed
    makeOwnNames();
    ResourceRegistry next = registry(false);

    List<ResourceReleaser.Released> released = releaser(next).releaseOrphans();

    assertThat(released).singleElement().satisfies(r -> assertThat(r.succeeded()).isTrue());
    assertThat(names()).containsExactly("c10.a-tag-that-starts-the-same", "c2.another-client");
    assertThat(next.entries()).isEmpty();
  }

  @Test
  void aSharedDirectoryReplacedSinceIsLeftAloneAndTheRecordKept() throws IOException {
    SharedNames.open(registry(true), shared, "c1");
    Path moved = temp.resolve("fsbench-moved");
    Files.move(shared, moved);
    Files.createDirectory(shared);
    Files.writeString(shared.resolve("c1.someone-elses"), "not made by that run");
    ResourceRegistry next = registry(false);

    List<ResourceReleaser.Released> released = releaser(next).releaseOrphans();

    assertThat(released).singleElement().satisfies(r -> assertThat(r.succeeded()).isFalse());
    assertThat(released.get(0).error()).contains("not the directory the names were made in");
    assertThat(shared.resolve("c1.someone-elses")).exists();
    assertThat(next.entries()).hasSize(1);
  }

  @Test
  void anEntryWhosePrefixNoTagMakesIsRefusedAndNothingRemoved() throws IOException {
    ResourceRegistry next = registry(false);
    next.record(
        ResourceKind.SHARED_NAMES,
        Map.of(
            "path",
            shared.toString(),
            SharedNames.PREFIX,
            "c",
            VolumeFactory.IDENTITY,
            SecureTree.identity(shared)));

    List<ResourceReleaser.Released> released = releaser(next).releaseOrphans();

    assertThat(released).singleElement().satisfies(r -> assertThat(r.refused()).isTrue());
    assertThat(names()).containsExactly("c10.a-tag-that-starts-the-same", "c2.another-client");
  }
}
