package io.fsbench;

import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.when;

import io.fsbench.spi.Host;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** An FsBench on a mocked host that is not root, has no tools and no mounts; no plugins. */
final class NonRootFixture {

  private NonRootFixture() {}

  /** Stubs {@code host} (a Mockito mock) and builds an FsBench with its work dir under temp. */
  static FsBench fsbench(Host host, Path temp) {
    when(host.isRoot()).thenReturn(false);
    when(host.mounts()).thenReturn(List.of());
    when(host.findTool(anyString())).thenReturn(Optional.empty());
    return FsBench.builder()
        .host(host)
        .workDir(temp.resolve("fsbench-work"))
        .discoverPlugins(false)
        .build();
  }
}
