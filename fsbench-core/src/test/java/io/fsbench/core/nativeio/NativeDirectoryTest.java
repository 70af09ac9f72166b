package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeDirectoryTest {

  @TempDir Path dir;

  @Test
  void listsEveryEntryOnceWithItsTypeAcrossManyBuffersAndSkipsDotEntries() throws IOException {
    // ~3000 entries of 60-byte names need several 32 KiB getdents64 buffers
    Set<String> expected = new HashSet<>();
    for (int i = 0; i < 3000; i++) {
      String name = String.format("file-%055d", i);
      Files.createFile(dir.resolve(name));
      expected.add(name);
    }
    Files.createDirectory(dir.resolve("sub"));
    Files.createSymbolicLink(dir.resolve("link"), dir.resolve("sub"));

    Map<String, Integer> seen = new HashMap<>();
    try (NativeDirectory d = NativeDirectory.open(dir)) {
      while (d.next()) {
        assertThat(seen.put(d.name(), d.type())).as("listed twice: %s", d.name()).isNull();
      }
      assertThat(d.next()).isFalse();
    }

    assertThat(seen).hasSize(3002).doesNotContainKeys(".", "..");
    assertThat(seen.keySet()).containsAll(expected);
    assertThat(seen.get("sub")).isEqualTo(NativeDirectory.DT_DIR);
    assertThat(seen.get("link")).isEqualTo(NativeDirectory.DT_LNK);
    assertThat(seen.get(expected.iterator().next())).isEqualTo(NativeDirectory.DT_REG);
  }

  @Test
  void aChildOpenedMidListingDoesNotDisturbTheParentsPosition() throws IOException {
    for (int i = 0; i < 5; i++) {
      Path child = Files.createDirectory(dir.resolve("d" + i));
      Files.writeString(child.resolve("inner"), "x".repeat(i + 1));
    }
    Set<String> parents = new HashSet<>();
    long innerBytes = 0;
    try (NativeDirectory d = NativeDirectory.open(dir)) {
      while (d.next()) {
        parents.add(d.name());
        try (NativeDirectory child = d.openEntry()) {
          assertThat(child.next()).isTrue();
          assertThat(child.name()).isEqualTo("inner");
          innerBytes += child.lstatSize();
          assertThat(child.next()).isFalse();
        }
      }
    }
    assertThat(parents).containsExactlyInAnyOrder("d0", "d1", "d2", "d3", "d4");
    assertThat(innerBytes).isEqualTo(1 + 2 + 3 + 4 + 5);
  }

  @Test
  void removesEntriesWhileListingUntilTheDirectoryIsEmpty() throws IOException {
    for (int i = 0; i < 2000; i++) {
      Files.createFile(dir.resolve(String.format("entry-%040d", i)));
    }
    Files.createDirectory(dir.resolve("empty"));
    int removed = 0;
    try (NativeDirectory d = NativeDirectory.open(dir)) {
      while (d.next()) {
        d.removeEntry(d.type() == NativeDirectory.DT_DIR);
        removed++;
      }
    }
    assertThat(removed).isEqualTo(2001);
    try (var left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void refusesToOpenALinkAndNamesThePathWhenItFails() throws IOException {
    Path target = Files.createDirectory(dir.resolve("target"));
    Path link = Files.createSymbolicLink(dir.resolve("link"), target);

    assertThatThrownBy(() -> NativeDirectory.open(link))
        .isInstanceOf(FileSystemException.class)
        .hasMessageContaining(link.toString());
    assertThatThrownBy(() -> NativeDirectory.open(dir.resolve("missing")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("missing");
  }

  @Test
  void removingANonEmptyDirectoryAsAFileFailsWithThePath() throws IOException {
    Files.createDirectories(dir.resolve("full/inside"));
    try (NativeDirectory d = NativeDirectory.open(dir)) {
      assertThat(d.next()).isTrue();
      assertThatThrownBy(() -> d.removeEntry(true))
          .isInstanceOf(FileSystemException.class)
          .hasMessageContaining(dir.resolve("full").toString());
    }
  }
}
