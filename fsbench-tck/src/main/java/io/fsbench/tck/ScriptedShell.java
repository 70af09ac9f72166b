package io.fsbench.tck;

import io.fsbench.spi.Command;
import io.fsbench.spi.CommandFailedException;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.Shell;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A {@link Shell} for unit tests of a plugin: it runs nothing, answers each command with the output
 * scripted for it and records every command it was given. Answers are scripted for the start of an
 * argument vector, written as a command line ({@code "zpool list"} answers {@code zpool list -H -o
 * name}); the longest scripted start wins, and a command nothing is scripted for succeeds silently.
 *
 * <pre>{@code
 * ScriptedShell shell = new ScriptedShell()
 *     .answer("mkfs.xfs -V", "mkfs.xfs version 6.1.0\n")
 *     .answer("zfs mount", 1, "", "cannot mount 'fsbench-1/data': dataset is busy")
 *     .then("zfs mount", 0, "", "");
 * ...
 * assertThat(shell.commandLines()).containsExactly("mkfs.xfs -f -L fsbench-0001 /dev/loop7");
 * }</pre>
 *
 * <p>Like a real shell, {@link #run} throws {@link CommandFailedException} for a non-zero exit and
 * {@link #probe} returns it.
 */
public final class ScriptedShell implements Shell {

  private final Map<List<String>, Deque<Function<Command, CommandResult>>> answers =
      new HashMap<>();
  private final List<Command> commands = new ArrayList<>();

  /** Commands that start with {@code commandLine} print {@code stdout} and succeed. */
  public ScriptedShell answer(String commandLine, String stdout) {
    return answer(commandLine, 0, stdout, "");
  }

  /**
   * Commands that start with {@code commandLine} exit with {@code exitCode} after printing {@code
   * stdout} and {@code stderr}, from now on; this replaces what was scripted for that start.
   */
  public ScriptedShell answer(String commandLine, int exitCode, String stdout, String stderr) {
    return answer(commandLine, command -> result(command, exitCode, stdout, stderr));
  }

  /**
   * Commands that start with {@code commandLine} get what {@code response} makes of them, from now
   * on; for answers with a side effect, such as a mount table that changes when umount runs.
   */
  public ScriptedShell answer(String commandLine, Function<Command, CommandResult> response) {
    Deque<Function<Command, CommandResult>> queue = new ArrayDeque<>();
    queue.add(response);
    answers.put(words(commandLine), queue);
    return this;
  }

  /**
   * An answer that follows the ones scripted before for the same start, in order: each is given
   * once, and the last one repeats.
   */
  public ScriptedShell then(String commandLine, int exitCode, String stdout, String stderr) {
    answers
        .computeIfAbsent(words(commandLine), start -> new ArrayDeque<>())
        .add(command -> result(command, exitCode, stdout, stderr));
    return this;
  }

  /**
   * Commands that start with {@code commandLine} throw {@code error}, as a broken shell would. Like
   * every answer it gives way to one scripted for a longer start.
   */
  public ScriptedShell fail(String commandLine, RuntimeException error) {
    return answer(
        commandLine,
        command -> {
          throw error;
        });
  }

  /** Every command given, in order. */
  public List<Command> commands() {
    return List.copyOf(commands);
  }

  /** Every command given, as command lines, in order. */
  public List<String> commandLines() {
    return commands.stream().map(Command::commandLine).toList();
  }

  /** How many of the commands given start with {@code commandLine}. */
  public long count(String commandLine) {
    List<String> start = words(commandLine);
    return commands.stream().filter(command -> startsWith(command, start)).count();
  }

  @Override
  public CommandResult run(Command command) {
    return probe(command).orThrow();
  }

  @Override
  public CommandResult probe(Command command) {
    commands.add(command);
    List<String> longest = null;
    for (List<String> start : answers.keySet()) {
      if (startsWith(command, start) && (longest == null || start.size() > longest.size())) {
        longest = start;
      }
    }
    if (longest == null) {
      return CommandResult.ok(command, "");
    }
    Deque<Function<Command, CommandResult>> queue = answers.get(longest);
    return (queue.size() > 1 ? queue.poll() : queue.peek()).apply(command);
  }

  private static boolean startsWith(Command command, List<String> start) {
    List<String> argv = command.argv();
    return argv.size() >= start.size() && argv.subList(0, start.size()).equals(start);
  }

  private static List<String> words(String commandLine) {
    List<String> words =
        Arrays.stream(commandLine.strip().split("\\s+")).filter(w -> !w.isEmpty()).toList();
    if (words.isEmpty()) {
      throw new IllegalArgumentException("script a command line, not '" + commandLine + "'");
    }
    return words;
  }

  private static CommandResult result(Command command, int exitCode, String stdout, String stderr) {
    return new CommandResult(command, exitCode, stdout, stderr, Duration.ZERO);
  }
}
