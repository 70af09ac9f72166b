package io.fsbench.workloads.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.api.Size;
import io.fsbench.api.TreeSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TarExtractorTest {

  @TempDir Path dir;
  private Path outside;
  private Path into;

  @BeforeEach
  void directories() throws IOException {
    outside = Files.createDirectory(dir.resolve("outside"));
    into = Files.createDirectory(dir.resolve("into"));
  }

  private TreeCounts extract(Path archive, Path destination) throws IOException {
    try (InputStream in = ArchiveInput.open(archive)) {
      return new TarExtractor(destination, true).extract(in);
    }
  }

  /** Every entry below {@code root}: its kind and content, or its link target. */
  private static Map<String, String> snapshot(Path root) throws IOException {
    Map<String, String> entries = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        String name = root.relativize(p).toString();
        if (Files.isSymbolicLink(p)) {
          entries.put(name, "link " + Files.readSymbolicLink(p));
        } else if (Files.isDirectory(p)) {
          entries.put(name, "dir");
        } else {
          entries.put(name, "file " + Files.readString(p).hashCode());
        }
      }
    }
    return entries;
  }

  @Test
  void aGeneratedTreeSurvivesExtractArchiveAndExtractAgain() throws IOException {
    TreeSpec spec =
        TreeSpec.builder().generatedFiles(300).filesPerDir(10).medianFileSize(Size.kib(1)).build();
    Path source = dir.resolve("source.tar");
    TreeCounts generated = new TreeGenerator(spec).writeArchive(source);

    TreeCounts extracted = extract(source, into);
    Path again = dir.resolve("again.tar");
    TreeCounts archived = new TarCreator().create(into, again);
    Path second = Files.createDirectory(dir.resolve("second"));
    extract(again, second);

    assertThat(extracted.files).isEqualTo(300);
    assertThat(extracted.directories).isEqualTo(generated.directories).isEqualTo(30);
    assertThat(extracted.bytes).isEqualTo(generated.bytes);
    assertThat(archived.files).isEqualTo(300);
    assertThat(archived.directories).isEqualTo(30);
    assertThat(archived.bytes).isEqualTo(generated.bytes);
    assertThat(snapshot(second)).isEqualTo(snapshot(into)).hasSize(331);
  }

  @Test
  void linksAreRecreatedAndSurviveARoundTrip() throws IOException {
    Path archive = dir.resolve("links.tar");
    try (Archives a = Archives.to(archive)) {
      a.directory("top")
          .file("top/data.txt", "hello")
          .symlink("top/relative", "data.txt")
          .symlink("top/absolute", "/etc/hostname")
          .hardLink("top/hard", "top/data.txt");
    }

    extract(archive, into);
    Path again = dir.resolve("again.tar");
    new TarCreator().create(into, again);
    Path second = Files.createDirectory(dir.resolve("second"));
    extract(again, second);

    for (Path root : new Path[] {into, second}) {
      Path top = root.resolve("top");
      assertThat(Files.readSymbolicLink(top.resolve("relative"))).isEqualTo(Path.of("data.txt"));
      assertThat(Files.readSymbolicLink(top.resolve("absolute")))
          .isEqualTo(Path.of("/etc/hostname"));
      assertThat(Files.isSameFile(top.resolve("hard"), top.resolve("data.txt"))).isTrue();
      assertThat(top.resolve("hard")).hasContent("hello");
    }
  }

  @Test
  void filesWithoutDirectoryEntriesGetTheirParents() throws IOException {
    Path archive = dir.resolve("flat.tar");
    try (Archives a = Archives.to(archive)) {
      a.file("a/b/c/deep.txt", "deep");
    }

    TreeCounts counts = extract(archive, into);

    assertThat(into.resolve("a/b/c/deep.txt")).hasContent("deep");
    assertThat(counts.directories).isEqualTo(3);
  }

  @Test
  void refusesAbsolutePathsAndWritesNothingForThem() throws IOException {
    Path archive = dir.resolve("absolute.tar");
    Path target = outside.resolve("evil");
    try (Archives a = Archives.to(archive)) {
      a.file(target.toString(), "pwned");
    }

    assertThatThrownBy(() -> extract(archive, into))
        .isInstanceOf(UnsafeArchiveException.class)
        .hasMessageContaining("'" + target + "' is an absolute path")
        .hasMessageContaining("Repack the archive");
    assertThat(target).doesNotExist();
  }

  @Test
  void refusesDotDotComponents() throws IOException {
    Path archive = dir.resolve("dotdot.tar");
    try (Archives a = Archives.to(archive)) {
      a.file("ok/../../outside/evil", "pwned");
    }

    assertThatThrownBy(() -> extract(archive, into))
        .isInstanceOf(UnsafeArchiveException.class)
        .hasMessageContaining("has a '..' component");
    assertThat(outside.resolve("evil")).doesNotExist();
  }

  @Test
  void refusesAHardLinkThroughASymlinkTheArchiveMade() throws IOException {
    Path archive = dir.resolve("escape.tar");
    try (Archives a = Archives.to(archive)) {
      a.file("victim", "x").symlink("escape", outside.toString()).hardLink("escape/evil", "victim");
    }

    assertThatThrownBy(() -> extract(archive, into))
        .isInstanceOf(UnsafeArchiveException.class)
        .hasMessageContaining("goes through the symbolic link 'escape'");
    assertThat(outside).isEmptyDirectory();
  }

  @Test
  void neverWritesAFileThroughASymlinkTheArchiveMade() throws IOException {
    Path archive = dir.resolve("escape.tar");
    try (Archives a = Archives.to(archive)) {
      a.symlink("escape", outside.toString()).file("escape/evil", "pwned");
    }

    assertThatThrownBy(() -> extract(archive, into))
        .isInstanceOf(UnsafeArchiveException.class)
        .hasMessageContaining("'escape' is a link where the archive already made");
    assertThat(outside).isEmptyDirectory();
  }

  @Test
  void aTruncatedArchiveFailsAndLeavesNoFileOpen() throws IOException {
    Path archive = dir.resolve("truncated.tar");
    try (Archives a = Archives.to(archive)) {
      a.file("first.txt", "x".repeat(1000)).file("big.bin", "y".repeat(300_000));
    }
    byte[] whole = Files.readAllBytes(archive);
    Files.write(archive, java.util.Arrays.copyOf(whole, 100_000));

    assertThatThrownBy(() -> extract(archive, into)).isInstanceOf(IOException.class);
    assertThat(into.resolve("first.txt")).hasSize(1000);
    TreeRemover.remove(into.resolve("big.bin"), into); // a closed, partial file
  }

  @Test
  void extractsGzipAndBzip2InProcessOrThroughTheirTools() throws IOException {
    Path gz = dir.resolve("a.tar.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz));
        Archives a = Archives.to(out)) {
      a.file("g.txt", "gzip");
    }
    Path bz = dir.resolve("a.tar.bz2");
    try (OutputStream out = new BZip2CompressorOutputStream(Files.newOutputStream(bz));
        Archives a = Archives.to(out)) {
      a.file("b.txt", "bzip2");
    }

    assertThat(ArchiveInput.detect(gz)).isEqualTo(ArchiveInput.Compression.GZIP);
    assertThat(ArchiveInput.detect(bz)).isEqualTo(ArchiveInput.Compression.BZIP2);
    extract(gz, into);
    extract(bz, into);
    assertThat(into.resolve("g.txt")).hasContent("gzip");
    assertThat(into.resolve("b.txt")).hasContent("bzip2");
  }

  @Test
  void extractsXzAndZstdThroughTheirTools() throws Exception {
    assumeTrue(ArchiveInput.onPath("xz") && ArchiveInput.onPath("zstd"), "xz or zstd missing");
    Path tar = dir.resolve("plain.tar");
    try (Archives a = Archives.to(tar)) {
      a.file("x.txt", "compressed");
    }
    Path xz = dir.resolve("a.tar.xz");
    Path zst = dir.resolve("a.tar.zst");
    new ProcessBuilder(
            "sh", "-c", "xz -c " + tar + " > " + xz + " && zstd -q -c " + tar + " > " + zst)
        .start()
        .waitFor();

    assertThat(ArchiveInput.detect(xz)).isEqualTo(ArchiveInput.Compression.XZ);
    assertThat(ArchiveInput.detect(zst)).isEqualTo(ArchiveInput.Compression.ZSTD);
    Path a = Files.createDirectory(dir.resolve("xz"));
    Path b = Files.createDirectory(dir.resolve("zst"));
    extract(xz, a);
    extract(zst, b);
    assertThat(a.resolve("x.txt")).hasContent("compressed");
    assertThat(b.resolve("x.txt")).hasContent("compressed");
  }

  @Test
  void restoresDirectoryTimesAfterWritingIntoThemAndAfterTheLinks() throws IOException {
    FileTime old = FileTime.fromMillis(1_600_000_000_000L);
    Path archive = dir.resolve("a.tar");
    try (Archives a = Archives.to(archive)) {
      a.directory("d", old).directory("d/e", old).file("d/e/f", "x").file("d/g", "y");
      a.directory("h", old).symlink("h/l", "../d/g").file("i", "z");
    }

    extract(archive, into);

    for (String d : new String[] {"d", "d/e", "h"}) {
      assertThat(Files.getLastModifiedTime(into.resolve(d), LinkOption.NOFOLLOW_LINKS))
          .as(d)
          .isEqualTo(old);
    }
  }

  @Test
  void createsDirectoriesWithTheArchivesModeUnderTheUmask() throws IOException {
    Path archive = dir.resolve("a.tar");
    try (Archives a = Archives.to(archive)) {
      a.directory("d").directory("p", FileTime.fromMillis(0), 0700);
    }

    extract(archive, into);

    assertThat(Files.getPosixFilePermissions(into.resolve("p")))
        .isEqualTo(PosixFilePermissions.fromString("rwx------"));
  }

  @Test
  void restoresModificationTimesOfFiles() throws IOException {
    TreeSpec spec = TreeSpec.builder().generatedFiles(3).filesPerDir(10).build();
    Path source = dir.resolve("source.tar");
    new TreeGenerator(spec).writeArchive(source);

    extract(source, into);

    try (Stream<Path> files = Files.walk(into)) {
      assertThat(files.filter(Files::isRegularFile))
          .isNotEmpty()
          .allSatisfy(
              f ->
                  assertThat(Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS).toMillis())
                      .isEqualTo(1_700_000_000_000L));
    }
  }
}
