package io.fsbench.filebench;

import java.util.List;
import java.util.Optional;

/**
 * A parsed workload file: its commands in order, as filebench's grammar ({@code parser_gram.y})
 * gives them, values still unresolved (a {@link Value.Variable} is looked up when the command runs,
 * as filebench's attribute-value descriptors are).
 */
record WmlScript(String file, List<Command> commands) {

  WmlScript {
    commands = List.copyOf(commands);
  }

  /** An attribute's value as written. */
  sealed interface Value {

    /** An integer; sizes are already in bytes ({@code 16k} is 16384). */
    record Number(long value) implements Value {}

    record Bool(boolean value) implements Value {}

    /** An unquoted word ({@code bigfileset}, {@code /tmp}) or a quoted string. */
    record Text(String value) implements Value {}

    /** {@code $name}, looked up when used. */
    record Variable(String name) implements Value {}
  }

  /**
   * {@code name=value}, or a flag such as {@code random} or {@code prealloc} (true). A composite
   * flowop's local variable ({@code $x=1}, or {@code $x} alone) has a name that starts with $.
   */
  record Attribute(String name, Value value, int line, int column) {}

  /** Where a command starts in its file. */
  sealed interface Command {
    int line();
  }

  /** {@code set $name = value}. */
  record SetVariable(int line, String name, Value value) implements Command {}

  /**
   * {@code set $name = left op right}, {@code op} one of {@code + - * /} and each side a number or
   * a variable: filebench 1.4's arithmetic on variables, which networkfs.f still uses and 1.5's
   * lexer lost. {@code column} is the operator's.
   */
  record SetArithmetic(int line, int column, String name, Value left, char operator, Value right)
      implements Command {}

  /**
   * {@code set $name = randvar(type=..., ...)}; {@code table} holds randtable's entries, each its
   * percent, minimum and maximum.
   */
  record SetRandom(int line, String name, List<Attribute> attributes, List<List<Value>> table)
      implements Command {}

  /** {@code set $name = cvar(type=..., parameters=..., ...)}. */
  record SetCustom(int line, String name, List<Attribute> attributes) implements Command {}

  /** {@code set mode quit timeout|alldone|firstdone}, or {@code set mode nousestats}. */
  record SetMode(int line, String mode) implements Command {}

  /** {@code define fileset ...} ({@code single} false) or {@code define file ...} (true). */
  record DefineFileset(int line, boolean single, List<Attribute> attributes) implements Command {}

  /** {@code define process name=...,instances=... { thread ... }}. */
  record DefineProcess(int line, List<Attribute> attributes, List<ThreadDefinition> threads)
      implements Command {}

  /** {@code thread name=...,memsize=...,instances=... { flowop ... }}. */
  record ThreadDefinition(int line, List<Attribute> attributes, List<FlowopDefinition> flowops) {}

  /** {@code flowop TYPE name=...,...}. */
  record FlowopDefinition(int line, String type, List<Attribute> attributes) {}

  /** {@code define flowop name=...,iters=... { flowop ... }}: a composite flowop. */
  record DefineComposite(int line, List<Attribute> attributes, List<FlowopDefinition> flowops)
      implements Command {}

  /** {@code eventgen rate=N}. */
  record Eventgen(int line, List<Attribute> attributes) implements Command {}

  /** {@code run [N]}: without N, filebench's 60 seconds. */
  record Run(int line, Optional<Value> seconds) implements Command {}

  /** {@code psrun [-interval] [N]}: run, printing stats every interval. */
  record Psrun(int line, long interval, long seconds) implements Command {}

  record Sleep(int line, Value seconds) implements Command {}

  /** {@code create files}: make the filesets now. */
  record CreateFiles(int line) implements Command {}

  /** {@code echo "text $var ..."} ({@code system} false) or {@code system "..."} (true). */
  record Print(int line, boolean system, List<Value> parts) implements Command {}

  /** {@code enable lathist}, or {@code enable multi master=...,client=...}. */
  record Enable(int line, String what, List<Attribute> attributes) implements Command {}

  /** {@code domultisync value=...}. */
  record MultiSync(int line, List<Attribute> attributes) implements Command {}

  /** {@code quit}, {@code version}, {@code list filesets} or {@code debug N}. */
  record Other(int line, String command, Optional<Value> argument) implements Command {}
}
