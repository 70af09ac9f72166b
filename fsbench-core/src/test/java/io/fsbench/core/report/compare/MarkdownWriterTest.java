package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MarkdownWriterTest {

  private final String markdown = new MarkdownWriter().render(ComparisonFixture.comparison());

  @Test
  void matchesTheGoldenFile() {
    Golden.assertMatches(markdown, "comparison.md");
  }

  @Test
  void writesGitHubTablesWithNumbersRightAligned() {
    assertThat(markdown)
        .contains("| filesystem | tuning | median | ±95% CI | CV | n | vs baseline |\n")
        .contains("|---|---|---:|---:|---:|---:|---|\n")
        .contains("| xfs | defaults | 13300 | ±336 | 1.0% | 3 | 1.07× ext4 |");
  }

  @Test
  void includesEnvironmentFeaturesSkippedAndAppliedOptions() {
    assertThat(markdown)
        .contains("## Environment")
        .contains("| kernel | 6.1.0-18-amd64 |")
        .contains("## Features")
        .contains("| snapshots | – | – | ✓ | ✓ |")
        .contains("## Skipped filesystems")
        .contains("- zfs: the zfs kernel module is not loaded (apt-get install zfsutils-linux)")
        .contains("rw,relatime,attr2,inode64,logbufs=8,logbsize=32k,noquota");
  }

  @Test
  void recommendsByUseCase() {
    assertThat(markdown)
        .contains(
            "- **random-write heavy, databases and VM images** (randwrite-4k): xfs, 1.07× ext4,"
                + " the runner-up");
  }

  @Test
  void escapesWhatMarkdownWouldInterpret() {
    assertThat(MarkdownWriter.escape("a|b *c* <script> x_y\nz"))
        .isEqualTo("a\\|b \\*c\\* &lt;script&gt; x\\_y z");
  }

  @Test
  void escapesHostileTextInTheReport() {
    String hostile = new MarkdownWriter().render(HostileFixture.comparison());

    assertThat(hostile).doesNotContain("<script>").contains("&lt;script&gt;");
    assertThat(hostile).contains("a\\|b");
  }
}
