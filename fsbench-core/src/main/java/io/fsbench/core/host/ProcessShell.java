package io.fsbench.core.host;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.ToolMissingException;
import io.fsbench.core.volume.OpenVolumes;
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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs programs with {@link ProcessBuilder}. Output goes to temporary files rather than pipes: a
 * program that starts a daemon (zfs-fuse) would otherwise leave the pipe open and the read would
 * hang until the daemon dies. Programs run with {@code LC_ALL=C} so their output parses.
 */
public final class ProcessShell implements Shell {

  private static final Logger log = LoggerFactory.getLogger(ProcessShell.class);

  /** The programs running now, so that a stopping JVM can end what its work waits for. */
  private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

  static {
    OpenVolumes.onStop(ProcessShell::endRunning);
  }

  /**
   * Ends (SIGTERM) every program running now and its children: a Ctrl-C must not wait for a mkfs or
   * a long copy to finish. What the exit path runs afterwards to release volumes is not affected.
   */
  static void endRunning() {
    for (Process process : List.copyOf(RUNNING)) {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
    }
  }

  private final ToolFinder tools;

  public ProcessShell(ToolFinder tools) {
    this.tools = tools;
  }

  @Override
  public CommandResult run(Command command) {
    CommandResult result = probe(command);
    if (!result.succeeded()) {
      throw new CommandFailedException(result);
    }
    return result;
  }

  @Override
  public CommandResult probe(Command command) {
    Path program =
        tools
            .find(command.program())
            .orElseThrow(
                () ->
                    new ToolMissingException(command.program(), Packages.hint(command.program())));
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
      log.debug("running {}", command);
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
      CommandResult result =
          new CommandResult(command, process.exitValue(), read(out), read(err), elapsed);
      log.debug("{} exited {} after {} ms", command, result.exitCode(), elapsed.toMillis());
      return result;
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

  private static String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  private static void deleteQuietly(Path file) {
    if (file != null) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
