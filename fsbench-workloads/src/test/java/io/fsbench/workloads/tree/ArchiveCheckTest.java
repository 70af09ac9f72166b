package io.fsbench.workloads.tree;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.TreeSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An archive to extract is checked before a volume is made for it, without echoing its bytes. */
class ArchiveCheckTest {

  @TempDir Path temp;

  private final TreeRunner runner = new TreeRunner();

  private static TreeSpec extracting(Path archive) {
    return TreeSpec.builder().archive(archive).build();
  }

  @Test
  void takesATarAndACompressedOne() throws IOException {
    Path tar = temp.resolve("tree.tar");
    try (Archives a = Archives.to(tar)) {
      a.directory("src").file("src/a.c", "int a;\n");
    }
    Path gz = temp.resolve("tree.tar.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(Files.readAllBytes(tar));
    }
    assertThatCode(() -> runner.check(extracting(tar))).doesNotThrowAnyException();
    assertThatCode(() -> runner.check(extracting(gz))).doesNotThrowAnyException();
  }

  @Test
  void refusesAFileThatIsNoArchiveNamingItButNotItsContent() throws IOException {
    Path passwd =
        Files.writeString(
            temp.resolve("passwd"), "root:x:0:0:secret-gecos:/root:/bin/bash\n".repeat(20));
    assertThatThrownBy(() -> runner.check(extracting(passwd)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("archive (" + passwd + ") is not a tar archive")
        .hasMessageNotContaining("secret-gecos");
  }

  @Test
  void refusesAMissingArchive() {
    assertThatThrownBy(() -> runner.check(extracting(temp.resolve("none.tar"))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("none.tar) does not exist");
  }
}
