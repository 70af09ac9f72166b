package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CachesTest {

  @TempDir Path dir;

  @Test
  void writesThreeToTheDropCachesFile() throws Exception {
    Path dropCaches = dir.resolve("drop_caches");
    Caches.dropAll(dropCaches);
    assertThat(Files.readString(dropCaches)).isEqualTo("3\n");
  }

  @Test
  void failureNamesTheFileAndWhatToDo() {
    Path unwritable = dir.resolve("no-such-dir").resolve("drop_caches");
    assertThatThrownBy(() -> Caches.dropAll(unwritable))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(unwritable.toString())
        .hasMessageContaining("run on the host or privileged");
  }
}
