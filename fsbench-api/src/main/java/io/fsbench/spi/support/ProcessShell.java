package io.fsbench.spi.support;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.ToolMissingException;
import io.fsbench.spi.Command;
import io.fsbench.spi.CommandFailedException;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Shell;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Runs programs with {@link ProcessBuilder}. Output goes to temporary files rather than pipes: a
 * program that starts a daemon (zfs-fuse) would otherwise leave the pipe open and the read would
 * hang until the daemon dies. Programs run with {@code LC_ALL=C} so their output parses.
 *
 * <pre>{@code
 * ToolFinder tools = ToolFinder.fromEnvironment();
 * Shell shell = new ProcessShell(tools, Map.of("losetup", "mount"));
 * String loop = shell.run(Command.of("losetup", "-f")).stdout();
 * }</pre>
 */
public final class ProcessShell implements Shell {

  /** The programs running now, so that a stopping JVM can end what its work waits for. */
  private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

  private final ToolFinder tools;
  private final Map<String, String> packageOf;

  /** A shell whose "tool missing" errors name no package. */
  public ProcessShell(ToolFinder tools) {
    this(tools, Map.of());
  }

  /**
   * A shell whose "tool missing" errors name the Debian package that provides a program, where
   * {@code packageOf} knows it ({@code "losetup" -> "mount"}).
   */
  public ProcessShell(ToolFinder tools, Map<String, String> packageOf) {
    this.tools = tools;
    this.packageOf = Map.copyOf(packageOf);
  }

  /**
   * Ends (SIGTERM) every program any {@code ProcessShell} is running now, and its children: for a
   * stopping JVM, so that a Ctrl-C need not wait for a mkfs or a long copy to finish. Programs
   * started afterwards are not affected.
   */
  public static void endRunning() {
    for (Process process : List.copyOf(RUNNING)) {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
    }
  }

  @Override
  public CommandResult run(Command command) {
    return probe(command).orThrow();
  }

  @Override
  public CommandResult probe(Command command) {
    Path program =
        tools
            .find(command.program())
            .orElseThrow(
                () -> new ToolMissingException(command.program(), hint(command.program())));
    Path out = null;
    Path err = null;
    try {
      out = Files.createTempFile("fsbench-cmd-", ".out");
      err = Files.createTempFile("fsbench-cmd-", ".err");
      List<String> argv = new ArrayList<>(command.argv());
      argv.set(0, program.toString());
      ProcessBuilder builder = new ProcessBuilder(argv);
      builder.environment().put("LC_ALL", "C");
      builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      builder.redirectOutput(out.toFile());
      builder.redirectError(err.toFile());
      long start = System.nanoTime();
      Process process = builder.start();
      RUNNING.add(process);
      try {
        if (!process.waitFor(command.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
          process.destroyForcibly();
          process.waitFor(10, TimeUnit.SECONDS);
          throw new CommandFailedException(
              command.commandLine(),
              CommandFailedException.TIMED_OUT,
              "ran longer than " + command.timeout() + "; " + read(err),
              read(out));
        }
      } finally {
        RUNNING.remove(process);
      }
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      return new CommandResult(command, process.exitValue(), read(out), read(err), elapsed);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "could not run '" + command + "': " + e.getMessage(),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "interrupted while running '" + command + "'", e);
    } finally {
      deleteQuietly(out);
      deleteQuietly(err);
    }
  }

  /** What to do about a missing program: install its package, or put it on PATH. */
  String hint(String program) {
    String pkg = packageOf.get(program.substring(program.lastIndexOf('/') + 1));
    return pkg == null
        ? "install the package that provides it, or put it on PATH"
        : "install it with: apt-get install " + pkg;
  }

  private static String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  private static void deleteQuietly(@Nullable Path file) {
    if (file != null) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
