package io.fsbench.cli;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.core.jobfile.JobOptionParser;
import io.fsbench.core.workload.filebench.FilebenchOptions;
import io.fsbench.core.workload.filebench.FilebenchReport;
import io.fsbench.core.workload.filebench.FilebenchResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fsbench filebench FILE.f --dir PATH}: a filebench workload file run unchanged on fsbench's
 * filebench engine, in a fresh subdirectory of PATH that it removes afterwards; prints filebench's
 * per-flowop lines and IO Summary, then the latency percentiles. Ctrl-C stops the run and cleans
 * up. Volumes ({@code --fs}) are not offered yet.
 */
@Command(
    name = "filebench",
    mixinStandardHelpOptions = true,
    description = {
      "Run a filebench workload file (.f) unchanged, in a directory.",
      "  fsbench filebench varmail.f --dir /mnt/test --set nfiles=10000 --runtime 60s"
    })
final class FilebenchCommand implements Callable<Integer> {

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "The filebench workload file.")
  Path file;

  @Option(
      names = "--dir",
      required = true,
      paramLabel = "PATH",
      description = "An existing directory; the run works in a fresh subdirectory it removes.")
  Path dir;

  @Option(
      names = "--set",
      paramLabel = "VAR=VALUE",
      description = "Sets $VAR, over the file's own set (repeatable), e.g. --set nfiles=1000.")
  List<String> sets = new ArrayList<>();

  @Option(
      names = "--runtime",
      paramLabel = "TIME",
      description = "Replaces the file's run N (and runs a file without run), e.g. 60s.")
  String runtime;

  @Option(names = "--seed", paramLabel = "N", description = "The seed (default 1).")
  long seed = 1;

  @Option(
      names = "--allow-system",
      description = "Lets the file's system commands run a shell (refused otherwise).")
  boolean allowSystem;

  @Override
  public Integer call() {
    if (!Files.isReadable(file)) {
      throw new InvalidInputException(
          "workload file (" + file + ") does not exist or cannot be read; give a .f file");
    }
    if (!Files.isDirectory(dir)) {
      throw new InvalidInputException(
          "--dir (" + dir + ") is not a directory; give an existing directory to work in");
    }
    var err = spec.commandLine().getErr();
    AtomicBoolean cancelled = new AtomicBoolean();
    FilebenchOptions options =
        FilebenchOptions.in(dir)
            .seed(seed)
            .allowSystem(allowSystem)
            .cancelled(cancelled::get)
            .output(line -> err.println("fsbench: " + line));
    for (String set : sets) {
      int eq = set.indexOf('=');
      if (eq <= 0) {
        throw new InvalidInputException("--set (" + set + ") must be VAR=VALUE, e.g. nfiles=1000");
      }
      options = options.set(set.substring(0, eq), set.substring(eq + 1));
    }
    if (runtime != null) {
      options = options.runtime(JobOptionParser.time("--runtime", runtime));
    }
    Path work = makeWorkDirectory();
    CountDownLatch done = new CountDownLatch(1);
    Thread hook =
        new Thread(
            () -> {
              cancelled.set(true);
              try {
                done.await(10, TimeUnit.SECONDS); // let the run close its files and clean up
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "fsbench-filebench-interrupt");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      FilebenchResult result =
          io.fsbench.core.workload.filebench.FilebenchRun.run(file, withDirectory(options, work));
      spec.commandLine().getOut().print(FilebenchReport.text(result));
      spec.commandLine().getOut().flush();
      return 0;
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.BAD_INPUT, "cannot read " + file + ": " + e.getMessage(), e);
    } finally {
      removeTree(work);
      done.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running: it waits for done
      }
    }
  }

  private static FilebenchOptions withDirectory(FilebenchOptions o, Path work) {
    return new FilebenchOptions(
        work, o.overrides(), o.runtime(), o.seed(), o.allowSystem(), o.cancelled(), o.output());
  }

  private Path makeWorkDirectory() {
    try {
      return Files.createTempDirectory(dir, "fsbench-filebench-");
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.ENVIRONMENT,
          "cannot make a work directory in " + dir + ": " + e.getMessage(),
          e);
    }
  }

  private static void removeTree(Path root) {
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
              Files.delete(f);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
              Files.delete(d);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the work directory " + root, e);
    }
  }
}
