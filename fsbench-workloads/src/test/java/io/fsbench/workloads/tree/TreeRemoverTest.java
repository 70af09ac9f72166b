package io.fsbench.workloads.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreeRemoverTest {

  @TempDir Path dir;
  private Path work;
  private Path outside;

  @BeforeEach
  void directories() throws IOException {
    work = Files.createDirectory(dir.resolve("work"));
    outside = Files.createDirectory(dir.resolve("outside"));
    Files.writeString(outside.resolve("keep"), "precious");
  }

  @Test
  void removesTheTreeButNothingItsSymlinksPointTo() throws IOException {
    Path tree = Files.createDirectories(work.resolve("tree/a/b"));
    Files.writeString(tree.resolve("f1"), "1");
    Files.writeString(work.resolve("tree/a/f2"), "2");
    Files.createSymbolicLink(work.resolve("tree/a/to-dir"), outside);
    Files.createSymbolicLink(work.resolve("tree/a/b/to-file"), outside.resolve("keep"));
    Files.createSymbolicLink(work.resolve("tree/dangling"), dir.resolve("nowhere"));

    TreeCounts counts = TreeRemover.remove(work.resolve("tree"), work);

    assertThat(work.resolve("tree")).doesNotExist();
    assertThat(outside.resolve("keep")).hasContent("precious");
    assertThat(counts.files).isEqualTo(5);
    assertThat(counts.directories).isEqualTo(3);
  }

  @Test
  void theJdkFallbackAlsoRemovesTheTreeButNothingItsSymlinksPointTo() throws IOException {
    Path tree = Files.createDirectories(work.resolve("tree/a/b"));
    Files.writeString(tree.resolve("f1"), "1");
    Files.createSymbolicLink(work.resolve("tree/a/to-dir"), outside);

    TreeCounts counts = TreeRemover.removeWithJdk(work.resolve("tree"), new TreeCounts());

    assertThat(work.resolve("tree")).doesNotExist();
    assertThat(outside.resolve("keep")).hasContent("precious");
    assertThat(counts.files).isEqualTo(2);
    assertThat(counts.directories).isEqualTo(3);
  }

  @Test
  void walkingCountsEntriesWithoutEnteringLinkedDirectories() throws IOException {
    Path tree = Files.createDirectories(work.resolve("tree/a/b"));
    Files.writeString(tree.resolve("one.c"), "1");
    Files.writeString(work.resolve("tree/a/two.h"), "2");
    Files.createSymbolicLink(work.resolve("tree/a/to-dir"), outside);

    TreeCounts walked = TreeWalker.walk(work.resolve("tree"));
    TreeCounts found = new TreeCounts();
    long matches = TreeWalker.find(work.resolve("tree"), "*.c", found).matches();

    assertThat(walked.files).isEqualTo(3); // one.c, two.h and the link itself
    assertThat(walked.directories).isEqualTo(2);
    assertThat(found.files).isEqualTo(3);
    assertThat(matches).isEqualTo(1);
  }

  @Test
  void aRootThatIsASymlinkIsRemovedAsALink() throws IOException {
    Path link = Files.createSymbolicLink(work.resolve("tree"), outside);

    TreeRemover.remove(link, work);

    assertThat(link).doesNotExist();
    assertThat(outside.resolve("keep")).hasContent("precious");
  }

  @Test
  void refusesToRemoveAnythingOutsideOrEqualToItsBoundary() {
    assertThatThrownBy(() -> TreeRemover.remove(outside, work))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not inside the workload directory");
    assertThatThrownBy(() -> TreeRemover.remove(work.resolve("tree/../.."), work))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TreeRemover.remove(work, work))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(outside.resolve("keep")).exists();
  }

  @Test
  void aMissingRootIsNothingToDo() throws IOException {
    TreeCounts counts = TreeRemover.remove(work.resolve("never-made"), work);

    assertThat(counts.files + counts.directories).isZero();
  }
}
