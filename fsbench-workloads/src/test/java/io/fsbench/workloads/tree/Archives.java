package io.fsbench.workloads.tree;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;

/** Builds small tar archives entry by entry for the tests, including hostile ones. */
final class Archives implements AutoCloseable {

  private final TarArchiveOutputStream tar;

  private Archives(OutputStream out) {
    tar = new TarArchiveOutputStream(out, StandardCharsets.UTF_8.name());
    tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
  }

  static Archives to(Path archive) throws IOException {
    return new Archives(Files.newOutputStream(archive));
  }

  static Archives to(OutputStream out) {
    return new Archives(out);
  }

  Archives directory(String name) throws IOException {
    return directory(name, FileTime.fromMillis(System.currentTimeMillis()));
  }

  Archives directory(String name, FileTime modified) throws IOException {
    return directory(name, modified, 0755);
  }

  Archives directory(String name, FileTime modified, int mode) throws IOException {
    TarArchiveEntry entry = new TarArchiveEntry(name.endsWith("/") ? name : name + "/");
    entry.setLastModifiedTime(modified);
    entry.setMode(TarArchiveEntry.DEFAULT_DIR_MODE & ~0777 | mode);
    tar.putArchiveEntry(entry);
    tar.closeArchiveEntry();
    return this;
  }

  Archives file(String name, String content) throws IOException {
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    TarArchiveEntry entry = new TarArchiveEntry(name, true);
    entry.setSize(bytes.length);
    tar.putArchiveEntry(entry);
    tar.write(bytes);
    tar.closeArchiveEntry();
    return this;
  }

  Archives symlink(String name, String target) throws IOException {
    TarArchiveEntry entry = new TarArchiveEntry(name, TarConstants.LF_SYMLINK, true);
    entry.setLinkName(target);
    tar.putArchiveEntry(entry);
    tar.closeArchiveEntry();
    return this;
  }

  Archives hardLink(String name, String target) throws IOException {
    TarArchiveEntry entry = new TarArchiveEntry(name, TarConstants.LF_LINK, true);
    entry.setLinkName(target);
    tar.putArchiveEntry(entry);
    tar.closeArchiveEntry();
    return this;
  }

  @Override
  public void close() throws IOException {
    tar.finish();
    tar.close();
  }
}
