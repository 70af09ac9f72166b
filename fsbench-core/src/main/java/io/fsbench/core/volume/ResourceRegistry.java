package io.fsbench.core.volume;

import io.fsbench.api.FsBenchException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A registry of every resource fsbench creates, kept as one small file per resource in the work
 * dir, so that it survives the process. An entry is written <em>before</em> its resource is created
 * and removed after it is released; entries whose owning process is gone are orphans, released by
 * the next start or by {@code fsbench cleanup}.
 */
public final class ResourceRegistry {

  private static final String SUFFIX = ".resource";
  private static final String TEMPORARY = ".tmp";
  private static final AtomicLong COUNTER = new AtomicLong();

  private final Path directory;
  private final int owner;
  private final long pid;
  private final long pidStart;
  private final ProcessTable processes;

  /** Tells whether a process that started at a given time still runs. */
  public interface ProcessTable {
    /** When the process with this pid started, if it is alive. */
    Optional<Long> startMillis(long pid);

    static ProcessTable system() {
      return pid ->
          ProcessHandle.of(pid)
              .filter(ProcessHandle::isAlive)
              .map(p -> p.info().startInstant().map(Instant::toEpochMilli).orElse(-1L));
    }
  }

  /** A registry whose files must belong to the user this process runs as. */
  public ResourceRegistry(Path directory, long pid, long pidStart, ProcessTable processes) {
    this(directory, TrustedDirectory.effectiveUid(), pid, pidStart, processes);
  }

  /** A registry whose files must belong to the user {@code owner}. */
  ResourceRegistry(Path directory, int owner, long pid, long pidStart, ProcessTable processes) {
    this.directory = directory;
    this.owner = owner;
    this.pid = pid;
    this.pidStart = pidStart;
    this.processes = processes;
  }

  /** The registry of this process in the work dir. */
  public static ResourceRegistry forThisProcess(WorkDir workDir) {
    ProcessHandle self = ProcessHandle.current();
    long start = self.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
    return new ResourceRegistry(
        workDir.registry(), workDir.owner(), self.pid(), start, ProcessTable.system());
  }

  /** A registry file that is not acted on, and why: not the user's own, or not readable. */
  public record Refused(Path file, String reason) {
    @Override
    public String toString() {
      return file + ": " + reason;
    }
  }

  public Path directory() {
    return directory;
  }

  /** Records a resource about to be created. */
  public synchronized ResourceEntry record(ResourceKind kind, Map<String, String> attributes) {
    String id =
        String.format("%013d-%d-%06d", System.currentTimeMillis(), pid, COUNTER.incrementAndGet());
    ResourceEntry entry = new ResourceEntry(id, pid, pidStart, kind, attributes);
    write(entry);
    return entry;
  }

  /** Replaces an entry with more detail learnt while creating it (a loop device's name). */
  public synchronized ResourceEntry update(ResourceEntry entry, String key, String value) {
    ResourceEntry updated = entry.with(key, value);
    write(updated);
    return updated;
  }

  /** Forgets a resource that was released. */
  public synchronized void drop(ResourceEntry entry) {
    try {
      Files.deleteIfExists(file(entry));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove registry entry " + file(entry), e);
    }
  }

  /**
   * Every entry, newest first (the order to release them in); files that are not this user's own
   * private files, or cannot be read, are left out (see {@link #refused()}).
   */
  public synchronized List<ResourceEntry> entries() {
    List<ResourceEntry> entries = new ArrayList<>();
    scan(entries, new ArrayList<>());
    entries.sort(Comparator.comparing(ResourceEntry::id).reversed());
    return entries;
  }

  /**
   * The registry files fsbench will not act on, each with the reason; they are left for a person.
   */
  public synchronized List<Refused> refused() {
    List<Refused> refused = new ArrayList<>();
    scan(new ArrayList<>(), refused);
    return refused;
  }

  private void scan(List<ResourceEntry> entries, List<Refused> refused) {
    if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
      for (Path file : files) {
        try {
          read(file).ifPresent(entries::add);
        } catch (UntrustedFile e) {
          refused.add(new Refused(file, e.getMessage()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the resource registry " + directory, e);
    }
  }

  /**
   * Removes the temporary files of writers that died between writing an entry and renaming it into
   * place; they hold no entry yet, so nothing else is to be released for them.
   */
  public synchronized void dropDeadWritersTemporaries() {
    if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + TEMPORARY)) {
      for (Path file : files) {
        String[] id = file.getFileName().toString().split("-");
        if (id.length == 3
            && id[1].matches("[0-9]+")
            && processes.startMillis(Long.parseLong(id[1])).isEmpty()) {
          Files.deleteIfExists(file);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the resource registry " + directory, e);
    }
  }

  /** Entries whose owner is no longer running, newest first. */
  public List<ResourceEntry> orphans() {
    Map<Long, Boolean> alive = new HashMap<>();
    List<ResourceEntry> orphans = new ArrayList<>();
    for (ResourceEntry entry : entries()) {
      boolean owned =
          alive.computeIfAbsent(
              entry.pid(),
              p ->
                  processes
                      .startMillis(p)
                      .map(start -> sameStart(start, entry.pidStartMillis()))
                      .orElse(false));
      if (!owned) {
        orphans.add(entry);
      }
    }
    return orphans;
  }

  /** This process's entries, newest first. */
  public List<ResourceEntry> mine() {
    return entries().stream()
        .filter(e -> e.pid() == pid && e.pidStartMillis() == pidStart)
        .toList();
  }

  /**
   * Runs {@code action} holding an exclusive lock on the registry, so that two processes do not
   * release the same orphans at once.
   */
  public <T> T locked(Supplier<T> action) {
    try {
      try (FileChannel channel =
              FileChannel.open(
                  directory.resolve(".lock"),
                  Set.of(
                      StandardOpenOption.CREATE,
                      StandardOpenOption.WRITE,
                      LinkOption.NOFOLLOW_LINKS),
                  TrustedDirectory.privateFile());
          FileLock lock = channel.lock()) {
        return action.get();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock the resource registry " + directory, e);
    }
  }

  private static boolean sameStart(long actual, long recorded) {
    // Start times come from /proc in clock ticks; allow for rounding, not for a reused pid.
    return recorded < 0 || actual < 0 || Math.abs(actual - recorded) < 1000;
  }

  private Path file(ResourceEntry entry) {
    return directory.resolve(entry.id() + SUFFIX);
  }

  private void write(ResourceEntry entry) {
    Properties p = new Properties();
    p.setProperty("pid", Long.toString(entry.pid()));
    p.setProperty("pidStartMillis", Long.toString(entry.pidStartMillis()));
    p.setProperty("kind", entry.kind().name());
    entry.attributes().forEach((k, v) -> p.setProperty("attr." + k, v));
    Path tmp = directory.resolve(entry.id() + TEMPORARY);
    try {
      try (OutputStream out =
          Channels.newOutputStream(
              Files.newByteChannel(
                  tmp,
                  Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                  TrustedDirectory.privateFile()))) {
        p.store(out, "fsbench resource; released by 'fsbench cleanup' if its owner is gone");
      }
      try {
        Files.move(tmp, file(entry), StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file(entry), StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      try {
        Files.deleteIfExists(tmp); // a full disk must not leave an empty file behind
      } catch (IOException ignored) {
        // the error below says what is wrong with the work dir
      }
      throw new FsBenchException(
          FsBenchException.Kind.ENVIRONMENT,
          "cannot write the resource registry in "
              + directory
              + " ("
              + e.getMessage()
              + "); fsbench refuses to create what it could not clean up. Check the work dir"
              + " is writable, or set another with FSBENCH_WORK_DIR",
          e);
    }
  }

  /** A registry file that is not this user's own private file, or that cannot be read. */
  private static final class UntrustedFile extends Exception {
    private static final long serialVersionUID = 1L;

    UntrustedFile(String message) {
      super(message);
    }
  }

  private Optional<ResourceEntry> read(Path file) throws UntrustedFile {
    Properties p = new Properties();
    try {
      TrustedDirectory.Stat stat = TrustedDirectory.lstat(file);
      if (!stat.isRegularFile()) {
        throw new UntrustedFile("not a regular file (" + stat.describe() + "); not acted on");
      }
      if (stat.uid() != owner || stat.writableByOthers()) {
        throw new UntrustedFile(
            stat.describe()
                + ", but registry files must be owned by uid "
                + owner
                + " and writable by no one else; not acted on");
      }
      try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
        p.load(in);
      }
    } catch (NoSuchFileException e) {
      return Optional.empty(); // released meanwhile
    } catch (IOException | IllegalArgumentException e) {
      throw new UntrustedFile("cannot be read (" + e.getMessage() + ")");
    }
    String name = file.getFileName().toString();
    String id = name.substring(0, name.length() - SUFFIX.length());
    Map<String, String> attributes = new HashMap<>();
    for (String key : p.stringPropertyNames()) {
      if (key.startsWith("attr.")) {
        attributes.put(key.substring(5), p.getProperty(key));
      }
    }
    try {
      return Optional.of(
          new ResourceEntry(
              id,
              Long.parseLong(p.getProperty("pid")),
              Long.parseLong(p.getProperty("pidStartMillis", "-1")),
              ResourceKind.valueOf(p.getProperty("kind")),
              attributes));
    } catch (RuntimeException e) {
      throw new UntrustedFile(
          "is damaged ("
              + e.getMessage()
              + "); inspect it, release what it names by hand, then delete it");
    }
  }
}
