package io.fsbench.workloads.tree;

import io.fsbench.api.EnvironmentException;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;

/**
 * Opens a tar archive, compressed or not, as a stream of tar bytes. The compression is found from
 * the first bytes, not the name. Like GNU tar, a compressed archive is decompressed by the usual
 * tool ({@code gzip}, {@code bzip2}, {@code xz}, {@code zstd}) in a separate process, so that
 * decompression runs beside extraction on another core; gzip and bzip2 fall back to in-process
 * decompressors when their tool is missing. xz and zstd need their tool (commons-compress would
 * need extra libraries for them).
 */
final class ArchiveInput {

  /** A compression and how to recognise it. */
  enum Compression {
    NONE(null, null, null),
    GZIP("gzip", new int[] {0x1f, 0x8b}, "gzip"),
    BZIP2("bzip2", new int[] {'B', 'Z', 'h'}, "bzip2"),
    XZ("xz", new int[] {0xfd, '7', 'z', 'X', 'Z', 0}, "xz-utils"),
    ZSTD("zstd", new int[] {0x28, 0xb5, 0x2f, 0xfd}, "zstd");

    final String tool;
    final int[] magic;
    final String debianPackage;

    Compression(String tool, int[] magic, String debianPackage) {
      this.tool = tool;
      this.magic = magic;
      this.debianPackage = debianPackage;
    }

    boolean matches(byte[] head, int length) {
      if (magic == null || length < magic.length) {
        return false;
      }
      for (int i = 0; i < magic.length; i++) {
        if ((head[i] & 0xff) != magic[i]) {
          return false;
        }
      }
      return true;
    }
  }

  private ArchiveInput() {}

  static Compression detect(Path archive) throws IOException {
    byte[] head = new byte[8];
    int n;
    try (InputStream in = Files.newInputStream(archive)) {
      n = in.readNBytes(head, 0, head.length);
    } catch (NoSuchFileException e) {
      throw new InvalidInputException(
          "archive (" + archive + ") does not exist; give the path of a tar archive");
    }
    for (Compression c : Compression.values()) {
      if (c.matches(head, n)) {
        return c;
      }
    }
    return Compression.NONE;
  }

  /**
   * Refuses a file that is neither compressed (by its magic) nor starts with a tar header whose
   * checksum holds: /etc/passwd given as an archive is told apart before a volume is made for it.
   */
  static void checkLooksLikeTar(Path archive) throws IOException {
    if (detect(archive) != Compression.NONE) {
      return; // the decompressor says what is wrong inside, naming the archive
    }
    byte[] header = new byte[512];
    int n;
    try (InputStream in = Files.newInputStream(archive)) {
      n = in.readNBytes(header, 0, header.length);
    }
    if (n < header.length || !checksumHolds(header)) {
      throw new InvalidInputException(
          "archive ("
              + archive
              + ") is not a tar archive (its first 512 bytes are no tar header) nor compressed with"
              + " gzip, bzip2, xz or zstd; give a tar archive");
    }
  }

  /** POSIX: the header's bytes summed, with the checksum field read as spaces, give the field. */
  private static boolean checksumHolds(byte[] header) {
    long sum = 0;
    boolean allZero = true;
    for (int i = 0; i < header.length; i++) {
      allZero &= header[i] == 0;
      sum += i >= 148 && i < 156 ? ' ' : header[i] & 0xff;
    }
    if (allZero) {
      return true; // an empty archive: the extractor says so
    }
    String field = new String(header, 148, 8, java.nio.charset.StandardCharsets.US_ASCII);
    field = field.replace('\0', ' ').strip();
    try {
      return !field.isEmpty() && Long.parseLong(field, 8) == sum;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** The tar bytes of {@code archive}; closing the stream also ends the decompressor. */
  static InputStream open(Path archive) throws IOException {
    if (!Files.isRegularFile(archive)) {
      throw new InvalidInputException(
          "archive (" + archive + ") is not a readable file; give the path of a tar archive");
    }
    Compression compression = detect(archive);
    if (compression == Compression.NONE) {
      return new FileReadAhead(archive, 1 << 20);
    }
    if (onPath(compression.tool)) {
      return decompressor(compression, archive);
    }
    InputStream raw = new FileReadAhead(archive, 1 << 20);
    switch (compression) {
      case GZIP:
        return new ReadAheadInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16);
      case BZIP2:
        return new ReadAheadInputStream(new BZip2CompressorInputStream(raw, true), 1 << 16);
      default:
        raw.close();
        throw new EnvironmentException(
            "archive "
                + archive
                + " is "
                + compression.tool
                + "-compressed and the "
                + compression.tool
                + " tool is missing; install it (apt-get install "
                + compression.debianPackage
                + ") or give an uncompressed tar");
    }
  }

  static boolean onPath(String tool) {
    String path = System.getenv("PATH");
    if (path == null) {
      path = "/usr/bin:/bin";
    }
    for (String dir : path.split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }

  private static InputStream decompressor(Compression compression, Path archive)
      throws IOException {
    Process process =
        new ProcessBuilder(List.of(compression.tool, "-dc", archive.toString()))
            .redirectInput(ProcessBuilder.Redirect.PIPE)
            .start();
    process.getOutputStream().close();
    return new ProcessStream(process, compression.tool, archive);
  }

  /** The decompressor's output; checks its exit status when closed at the end of the data. */
  private static final class ProcessStream extends FilterInputStream {
    private final Process process;
    private final String tool;
    private final Path archive;
    private final Thread errorReader;
    private final ByteArrayOutputStream errors = new ByteArrayOutputStream();
    private boolean ended;

    ProcessStream(Process process, String tool, Path archive) {
      super(new ReadAheadInputStream(process.getInputStream(), 1 << 16));
      this.process = process;
      this.tool = tool;
      this.archive = archive;
      this.errorReader =
          new Thread(
              () -> {
                try (InputStream err = process.getErrorStream()) {
                  err.transferTo(errors);
                } catch (IOException ignored) {
                  // The exit status reports the failure.
                }
              },
              "fsbench-" + tool + "-stderr");
      errorReader.setDaemon(true);
      errorReader.start();
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      ended |= b < 0;
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      ended |= n < 0;
      return n;
    }

    /**
     * tar readers stop at the end-of-archive blocks; what follows is padding. Reading it lets the
     * tool finish normally so that its exit status means something.
     */
    private void drainPadding() {
      byte[] sink = new byte[8192];
      long budget = 1 << 20;
      try {
        while (!ended && budget > 0) {
          budget -= Math.max(0, read(sink, 0, sink.length));
        }
      } catch (IOException ignored) {
        // The exit status reports what went wrong.
      }
    }

    @Override
    public void close() throws IOException {
      drainPadding();
      if (!ended) {
        process.destroy(); // a reader that stopped early (an error) must not wait for the rest
      }
      super.close();
      try {
        int status = process.waitFor();
        errorReader.join();
        if (ended && status != 0) {
          throw new FsBenchException(
              FsBenchException.Kind.RUN_FAILED,
              tool
                  + " -dc "
                  + archive
                  + " failed with status "
                  + status
                  + ": "
                  + errors.toString(java.nio.charset.StandardCharsets.UTF_8).strip());
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for " + tool, e);
      }
    }
  }
}
