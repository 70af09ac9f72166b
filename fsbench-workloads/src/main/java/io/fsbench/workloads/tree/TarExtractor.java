package io.fsbench.workloads.tree;

import io.fsbench.api.InvalidInputException;
import io.fsbench.core.engine.Threads;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeBuffer;
import io.fsbench.core.nativeio.NativePath;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Extracts a tar stream into a directory as {@code tar xf} does, and safely: an entry with an
 * absolute path or a {@code ..} component is refused before anything is written for it; symbolic
 * and hard links are created after every file and directory, so no entry is ever written through a
 * link the archive made, and a link whose own path would pass through one is refused. Files are
 * created with O_EXCL and O_NOFOLLOW. Parsing is commons-compress's.
 *
 * <p>It restores what GNU tar restores, with the calls GNU tar makes: a file's modification time
 * with futimens before it is closed, then (as root, by default) its owner with fchown and its exact
 * mode with fchmod; a directory's time, owner and mode once the archive has left it (or at the
 * end); a symbolic link's time and owner without following it. The access time is left as it is.
 * Without {@link Options#owners} (tar's {@code --no-same-owner}) files belong to the user
 * extracting; without {@link Options#modes} ({@code --no-same-permissions}) they get the archive's
 * mode under the umask. Owners are found by name first, as tar does ({@link Owners}). Device nodes
 * and FIFOs are skipped.
 *
 * <p>Over 400 lines: the safety rules above (paths checked against links made so far, links
 * deferred to the end, directories' metadata restored on leaving them) share one state of the
 * extraction, and splitting them apart would spread that state over several classes.
 */
final class TarExtractor {

  private static final int CREATE =
      FileCalls.O_WRONLY | FileCalls.O_CREAT | FileCalls.O_EXCL | FileCalls.O_NOFOLLOW;
  private static final Charset FILE_NAMES =
      Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
  private static final int BUFFERS = 32;
  private static final int BUFFER_SIZE = 1 << 18;

  private final Path destination;
  private final String root;
  private final Options options;
  private final byte[] rootBytes;
  private final List<TarEntryReader.Link> links = new ArrayList<>();
  private final Set<String> symlinks = new HashSet<>();
  // Directories whose time is still to be set: the archive may still write into them.
  private final Deque<TarEntryReader.Directory> open = new ArrayDeque<>();
  private final List<TarEntryReader.Directory> afterLinks = new ArrayList<>();
  private final Set<String> waiting = new HashSet<>();
  private final Set<String> timeChangedSince = new HashSet<>();
  private final TreeCounts counts = new TreeCounts();
  private final NativePath nativePath = new NativePath();
  private final Owners owners;
  private int fd = -1;
  private TarEntryReader.FileStart file;

  /**
   * What an extraction restores besides the data.
   *
   * @param times modification times (tar always restores them; {@code -m} does not)
   * @param owners owners ({@code --same-owner}, tar's default as root)
   * @param modes exact modes, not under the umask ({@code --same-permissions}, default as root)
   */
  record Options(boolean times, boolean owners, boolean modes) {}

  /** An extractor that restores times, or not, and neither owners nor exact modes. */
  TarExtractor(Path destination, boolean restoreTimes) {
    this(destination, new Options(restoreTimes, false, false));
  }

  TarExtractor(Path destination, Options options) {
    this.destination = destination;
    this.options = options;
    this.owners = options.owners() ? Owners.local() : new Owners(Map.of(), Map.of());
    this.root = destination.toString();
    byte[] dir = NativePath.encode(destination);
    this.rootBytes = Arrays.copyOf(dir, dir.length + 1);
    this.rootBytes[dir.length] = '/';
  }

  /**
   * Extracts every entry of {@code tarBytes} (uncompressed tar) into the destination: a reader
   * thread parses, this thread makes the system calls, in archive order.
   */
  TreeCounts extract(InputStream tarBytes) throws IOException {
    BlockingQueue<List<TarEntryReader.Op>> ops = new ArrayBlockingQueue<>(16);
    BlockingQueue<NativeBuffer> buffers = new ArrayBlockingQueue<>(BUFFERS);
    for (int i = 0; i < BUFFERS; i++) {
      buffers.add(NativeBuffer.allocate(BUFFER_SIZE));
    }
    Thread reader =
        new Thread(
            new TarEntryReader(tarBytes, ops, buffers, BUFFER_SIZE, owners), "fsbench-tar-reader");
    reader.setDaemon(true);
    reader.start();
    try {
      write(ops, buffers);
    } finally {
      reader.interrupt(); // a no-op when it has finished; unblocks it when this side failed
      closeOpenFile();
      Threads.joinAll(List.of(reader), () -> {});
    }
    for (TarEntryReader.Link link : links) {
      link(link);
    }
    for (TarEntryReader.Directory dir : afterLinks) {
      restoreStat(dir);
    }
    while (!open.isEmpty()) {
      restoreStat(open.pop());
    }
    return counts;
  }

  private void write(
      BlockingQueue<List<TarEntryReader.Op>> batches, BlockingQueue<NativeBuffer> buffers)
      throws IOException {
    while (true) {
      for (TarEntryReader.Op op : take(batches)) {
        if (!write(op, buffers)) {
          return;
        }
      }
    }
  }

  /** Carries out one operation; false at the end of the archive. */
  private boolean write(TarEntryReader.Op op, BlockingQueue<NativeBuffer> buffers)
      throws IOException {
    if (op instanceof TarEntryReader.Chunk chunk) {
      FileCalls.writeFully(fd, chunk.data(), chunk.offset(), chunk.length());
    } else if (op instanceof TarEntryReader.Release release) {
      buffers.add(release.data());
    } else if (op instanceof TarEntryReader.FileStart start) {
      leaveDirectoriesNotAbove(start.name());
      startFile(start);
    } else if (op instanceof TarEntryReader.FileEnd) {
      endFile();
    } else if (op instanceof TarEntryReader.Directory dir) {
      leaveDirectoriesNotAbove(dir.name());
      directory(dir);
    } else if (op instanceof TarEntryReader.Link link) {
      leaveDirectoriesNotAbove(link.path());
      links.add(link);
    } else if (op instanceof TarEntryReader.Failure failure) {
      throw rethrow(failure.error());
    } else {
      return false; // End
    }
    return true;
  }

  private static List<TarEntryReader.Op> take(BlockingQueue<List<TarEntryReader.Op>> batches)
      throws IOException {
    try {
      return batches.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while extracting", e);
    }
  }

  private static IOException rethrow(Throwable error) {
    if (error instanceof RuntimeException e) {
      throw e;
    }
    if (error instanceof Error e) {
      throw e;
    }
    return error instanceof IOException e ? e : new IOException(error);
  }

  /**
   * The entry's path relative to the destination, without "." components and trailing slashes.
   *
   * @throws UnsafeArchiveException for absolute paths and ".." components
   */
  static String relativeName(String name) {
    return TarEntryReader.relativeName(name);
  }

  private Path path(String name) {
    try {
      return Path.of(root + "/" + name);
    } catch (InvalidPathException e) {
      throw new InvalidInputException("archive entry '" + name + "' is not a valid path: " + e);
    }
  }

  /** The entry's path in native memory, for libc. */
  private NativePath nativePath(String name) {
    return nativePath.set(rootBytes).append(name.getBytes(FILE_NAMES));
  }

  private void directory(TarEntryReader.Directory entry) throws IOException {
    String name = entry.name();
    Path dir = path(name);
    if ((options.times() && entry.modified() != null) || options.owners() || options.modes()) {
      open.push(entry);
    }
    try {
      if (!FileCalls.mkdir(nativePath(name), entry.mode())) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
          throw new IOException("archive entry '" + name + "/' collides with a file of that name");
        }
        return; // made earlier as the parent of a file
      }
    } catch (NoSuchFileException e) {
      Files.createDirectories(dir);
    }
    counts.directory();
  }

  /**
   * Sets the times of the directories the archive has left before entry {@code name}, as GNU tar
   * does; those a link made at the end may still change wait for the links.
   */
  private void leaveDirectoriesNotAbove(String name) throws IOException {
    if (!waiting.isEmpty()) {
      reentered(name);
    }
    while (!open.isEmpty() && !isAbove(open.peek().name(), name)) {
      TarEntryReader.Directory left = open.pop();
      if (links.isEmpty()) {
        restoreStat(left);
      } else {
        afterLinks.add(left);
        waiting.add(left.name());
      }
    }
  }

  /**
   * Notes a directory waiting for the links that {@code name} goes into again: GNU tar restored its
   * time when the archive left it, so this entry's arrival in it changes that time again, and it is
   * not restored at the end either. Only the entry's own directory changes, not those above it.
   */
  private void reentered(String name) {
    int slash = name.lastIndexOf('/');
    if (slash > 0 && waiting.contains(name.substring(0, slash))) {
      timeChangedSince.add(name.substring(0, slash));
    }
  }

  private static boolean isAbove(String dir, String name) {
    return name.length() > dir.length() && name.charAt(dir.length()) == '/' && name.startsWith(dir);
  }

  /** A directory's time, and owner and exact mode where restored, once nothing more goes in. */
  private void restoreStat(TarEntryReader.Directory dir) throws IOException {
    boolean time =
        options.times() && dir.modified() != null && !timeChangedSince.contains(dir.name());
    Instant instant = time ? dir.modified().toInstant() : null;
    if (!options.owners() && !options.modes()) {
      if (instant != null) {
        FileCalls.setModifiedTime(
            nativePath(dir.name()), instant.getEpochSecond(), instant.getNano());
      }
      return;
    }
    int dirFd = FileCalls.openDirectory(nativePath(dir.name()));
    try {
      if (instant != null) {
        FileCalls.setModifiedTime(dirFd, instant.getEpochSecond(), instant.getNano());
      }
      ownerAndMode(dirFd, dir.name(), dir.stat());
    } finally {
      FileCalls.close(dirFd);
    }
  }

  private void ownerAndMode(int fd, String name, TarEntryReader.Stat stat) throws IOException {
    if (options.owners()) {
      FileCalls.chown(fd, name, stat.uid(), stat.gid());
    }
    if (options.modes()) {
      FileCalls.chmod(fd, name, stat.mode()); // after chown, which clears set-id bits
    }
  }

  private void startFile(TarEntryReader.FileStart start) throws IOException {
    file = start;
    fd = create(start.name(), nativePath(start.name()), start.mode());
  }

  private void endFile() throws IOException {
    if (options.times() && file.modified() != null) {
      Instant instant = file.modified().toInstant();
      FileCalls.setModifiedTime(fd, instant.getEpochSecond(), instant.getNano());
    }
    ownerAndMode(fd, file.name(), file.stat());
    closeOpenFile();
    counts.file();
    counts.bytes += file.size();
  }

  private void closeOpenFile() throws IOException {
    if (fd >= 0) {
      int open = fd;
      fd = -1;
      FileCalls.close(open);
    }
  }

  /** open(O_CREAT|O_EXCL|O_NOFOLLOW), as GNU tar does, making missing parents first. */
  private int create(String name, NativePath file, int mode) throws IOException {
    try {
      return FileCalls.open(file, CREATE, mode);
    } catch (NoSuchFileException e) {
      makeParents(name, path(name));
      return FileCalls.open(file, CREATE, mode);
    }
  }

  /** Parents missing because the archive has no entry for them; counted as directories. */
  private void makeParents(String name, Path file) throws IOException {
    Path parent = file.getParent();
    List<Path> missing = new ArrayList<>();
    for (Path p = parent; p != null && !p.equals(destination) && !Files.exists(p); ) {
      missing.add(p);
      p = p.getParent();
    }
    for (int i = missing.size() - 1; i >= 0; i--) {
      try {
        Files.createDirectory(missing.get(i));
        counts.directory();
      } catch (FileAlreadyExistsException e) {
        if (!Files.isDirectory(missing.get(i), LinkOption.NOFOLLOW_LINKS)) {
          throw new IOException(
              "archive entry '" + name + "' needs directory " + missing.get(i) + ", a file");
        }
      }
    }
  }

  private void link(TarEntryReader.Link link) throws IOException {
    requireNoSymlinkOnTheWay(link.path(), link.path());
    Path path = path(link.path());
    if (Files.notExists(path.getParent(), LinkOption.NOFOLLOW_LINKS)) {
      makeParents(link.path(), path);
    }
    try {
      if (link.symbolic()) {
        // The target is only text: it may point anywhere, since nothing is written through it.
        Files.createSymbolicLink(path, Path.of(link.target()));
        symlinks.add(link.path());
        restoreLinkStat(link);
      } else {
        requireNoSymlinkOnTheWay(link.path(), link.target());
        Files.createLink(path, path(link.target()));
      }
    } catch (FileAlreadyExistsException e) {
      // Links come last, so an earlier entry made this path; replacing it could redirect what
      // was written below it.
      throw new UnsafeArchiveException(
          link.path(), "is a link where the archive already made a file or directory");
    }
    counts.file();
  }

  /** A symbolic link's own time and owner, never what it points to. */
  private void restoreLinkStat(TarEntryReader.Link link) throws IOException {
    if (options.times() && link.modified() != null) {
      Instant instant = link.modified().toInstant();
      FileCalls.setModifiedTime(
          nativePath(link.path()), instant.getEpochSecond(), instant.getNano());
    }
    if (options.owners()) {
      FileCalls.chownNoFollow(nativePath(link.path()), link.stat().uid(), link.stat().gid());
    }
  }

  /** Refuses {@code path} when one of its parent directories is a symlink the archive made. */
  private void requireNoSymlinkOnTheWay(String entry, String path) {
    if (symlinks.isEmpty()) {
      return;
    }
    int slash = path.indexOf('/');
    while (slash > 0) {
      String parent = path.substring(0, slash);
      if (symlinks.contains(parent)) {
        throw new UnsafeArchiveException(
            entry, "goes through the symbolic link '" + parent + "' the archive made");
      }
      slash = path.indexOf('/', slash + 1);
    }
  }
}
