package io.fsbench.cli;

import io.fsbench.FsBench;
import io.fsbench.api.FsBenchException;
import java.io.PrintWriter;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code fsbench} command. Results go to stdout, progress and errors to stderr, so that JSON on
 * stdout is always clean. Exit codes: 0 success, 1 the run failed, 2 bad input, 3 environment;
 * {@code fsbench check} adds 4 (a check failed) and 5 (inconclusive).
 */
@Command(
    name = "fsbench",
    mixinStandardHelpOptions = true,
    scope = CommandLine.ScopeType.INHERIT,
    versionProvider = Version.class,
    description = "Create, tune, benchmark and destroy Linux filesystems, and compare them.",
    footerHeading = "%n",
    footer =
        "Exit codes: 0 success, 1 a run failed, 2 bad input, 3 environment (root, tools);"
            + " fsbench check: 4 fail, 5 inconclusive.")
public final class Main {

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line and returns the exit code; tests call this. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    return run(args, out, err, FsBench::defaults);
  }

  /** Runs the command line with the fsbench instance tests give (another work dir, plugins). */
  static int run(String[] args, PrintWriter out, PrintWriter err, Supplier<FsBench> fsbench) {
    return commandLine(out, err, fsbench).execute(args);
  }

  /** The command line with every subcommand and handler, not yet run; tests list its options. */
  static CommandLine commandLine(PrintWriter out, PrintWriter err, Supplier<FsBench> fsbench) {
    CommandLine cli = new CommandLine(new Main());
    cli.addSubcommand("compare", new CommandLine(new CompareCommand(fsbench)));
    cli.addSubcommand("plugins", new CommandLine(new PluginsCommand(fsbench)));
    cli.addSubcommand("volume", new CommandLine(new VolumeCommand(fsbench)));
    cli.addSubcommand("cleanup", new CommandLine(new CleanupCommand(fsbench)));
    cli.addSubcommand("run", new CommandLine(new RunCommand(fsbench)));
    cli.addSubcommand("fio", new CommandLine(new FioCommand(fsbench)));
    cli.addSubcommand("filebench", new CommandLine(new FilebenchCommand(fsbench)));
    cli.addSubcommand("check", new CommandLine(new CheckCommand(fsbench)));
    cli.addSubcommand("agent", new CommandLine(new AgentCommand()));
    cli.getSubcommands().get("run").getCommandSpec().usageMessage().footer(FioFlags.help(true));
    cli.getSubcommands().get("fio").getCommandSpec().usageMessage().footer(FioFlags.help(false));
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          if (e instanceof FsBenchException f) {
            err.println("fsbench: " + f.getMessage());
            return f.kind().exitCode();
          }
          err.println(internalError(e, System.getenv("FSBENCH_DEBUG") != null));
          return 1;
        });
    cli.setParameterExceptionHandler(
        (e, a) -> {
          err.println("fsbench: " + e.getMessage());
          e.getCommandLine().usage(err);
          return 2;
        });
    return cli;
  }

  /**
   * What a user sees of a bug in fsbench: one message saying so and what to report, not a stack
   * trace (that only with FSBENCH_DEBUG set).
   */
  static String internalError(Throwable e, boolean trace) {
    StackTraceElement[] frames = e.getStackTrace();
    String where = frames.length == 0 ? "" : " at " + frames[0];
    String message =
        "fsbench: internal error, a bug in fsbench rather than in your input: "
            + e
            + where
            + "\nfsbench: please report it with the command line, the job file and the line above;"
            + " set FSBENCH_DEBUG=1 to print the full trace";
    if (trace) {
      java.io.StringWriter full = new java.io.StringWriter();
      e.printStackTrace(new PrintWriter(full));
      message += "\n" + full;
    }
    return message;
  }
}
