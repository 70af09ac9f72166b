package io.fsbench.core.volume;

import io.fsbench.api.FsBenchException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
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
  private static final AtomicLong COUNTER = new AtomicLong();

  private final Path directory;
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

  public ResourceRegistry(Path directory, long pid, long pidStart, ProcessTable processes) {
    this.directory = directory;
    this.pid = pid;
    this.pidStart = pidStart;
    this.processes = processes;
  }

  /** The registry of this process in {@code directory}. */
  public static ResourceRegistry forThisProcess(Path directory) {
    ProcessHandle self = ProcessHandle.current();
    long start = self.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
    return new ResourceRegistry(directory, self.pid(), start, ProcessTable.system());
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

  /** Every entry, newest first (the order to release them in). */
  public synchronized List<ResourceEntry> entries() {
    List<ResourceEntry> entries = new ArrayList<>();
    if (!Files.isDirectory(directory)) {
      return entries;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
      for (Path file : files) {
        read(file).ifPresent(entries::add);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the resource registry " + directory, e);
    }
    entries.sort(Comparator.comparing(ResourceEntry::id).reversed());
    return entries;
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
      Files.createDirectories(directory);
      try (FileChannel channel =
              FileChannel.open(
                  directory.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
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
    try {
      Files.createDirectories(directory);
      Path tmp = directory.resolve(entry.id() + ".tmp");
      try (OutputStream out = Files.newOutputStream(tmp)) {
        p.store(out, "fsbench resource; released by 'fsbench cleanup' if its owner is gone");
      }
      try {
        Files.move(tmp, file(entry), StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file(entry), StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
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

  private static Optional<ResourceEntry> read(Path file) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (NoSuchFileException e) {
      return Optional.empty(); // released meanwhile
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read registry entry " + file, e);
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
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "registry entry "
              + file
              + " is damaged ("
              + e.getMessage()
              + "); inspect it and"
              + " release what it names by hand, then delete it",
          e);
    }
  }
}
