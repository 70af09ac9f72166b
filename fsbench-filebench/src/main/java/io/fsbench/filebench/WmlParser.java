package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.filebench.WmlScript.Attribute;
import io.fsbench.filebench.WmlScript.Command;
import io.fsbench.filebench.WmlScript.FlowopDefinition;
import io.fsbench.filebench.WmlScript.ThreadDefinition;
import io.fsbench.filebench.WmlScript.Value;
import io.fsbench.filebench.WmlToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A recursive-descent parser of filebench's workload model language, one method per rule of
 * filebench 1.5's grammar ({@code parser_gram.y}). An error names the file, the line, the column
 * and the token, and says what was expected there.
 */
final class WmlParser {

  private final String file;
  private final List<WmlToken> tokens;
  private int next;

  private WmlParser(String file, List<WmlToken> tokens) {
    this.file = file;
    this.tokens = tokens;
  }

  /** Parses {@code text}; {@code file} names it in errors. */
  static WmlScript parse(String file, String text) {
    WmlParser parser = new WmlParser(file, WmlLexer.tokens(file, text));
    List<Command> commands = new ArrayList<>();
    while (!parser.peek().is(Kind.END)) {
      commands.add(parser.command());
    }
    return new WmlScript(file, commands);
  }

  private Command command() {
    WmlToken t = take();
    if (!t.is(Kind.WORD)) {
      throw error(t, "a command (define, set, run, ...)");
    }
    return switch (t.text()) {
      case "define" -> define(t);
      case "set" -> set(t);
      case "run" -> new WmlScript.Run(t.line(), optionalAmount());
      case "psrun" -> psrun(t);
      case "sleep" -> new WmlScript.Sleep(t.line(), amount(t));
      case "create" -> {
        expectWord("files", "create");
        yield new WmlScript.CreateFiles(t.line());
      }
      case "echo" -> new WmlScript.Print(t.line(), false, quotedParts(t));
      case "system" -> new WmlScript.Print(t.line(), true, quotedParts(t));
      case "eventgen" ->
          new WmlScript.Eventgen(t.line(), attributes(WmlAttributes.EVENTGEN, false));
      case "enable" -> enable(t);
      case "domultisync" ->
          new WmlScript.MultiSync(t.line(), attributes(WmlAttributes.MULTISYNC, true));
      case "quit", "version" -> new WmlScript.Other(t.line(), t.text(), Optional.empty());
      case "debug" -> new WmlScript.Other(t.line(), "debug", Optional.of(number(t)));
      case "list" -> {
        WmlToken what = take();
        if (!what.is(Kind.WORD) || !what.text().matches("fileset(s)*")) {
          throw error(what, "'filesets' after 'list'");
        }
        yield new WmlScript.Other(t.line(), "list", Optional.empty());
      }
      default -> throw error(t, "a command (define, set, run, ...)");
    };
  }

  private Command define(WmlToken at) {
    WmlToken what = take();
    String kind = what.is(Kind.WORD) ? what.text() : "";
    if (kind.equals("file")) {
      return new WmlScript.DefineFileset(at.line(), true, attributes(WmlAttributes.FILE, true));
    }
    if (kind.matches("fileset(s)*")) {
      return new WmlScript.DefineFileset(at.line(), false, attributes(WmlAttributes.FILESET, true));
    }
    if (kind.matches("process[es]*")) {
      List<Attribute> attributes = attributes(WmlAttributes.PROCESS, true);
      expect(Kind.OPEN_BRACE, "'{' to open the process's threads");
      List<ThreadDefinition> threads = new ArrayList<>();
      do {
        threads.add(thread());
      } while (!peek().is(Kind.CLOSE_BRACE));
      take();
      return new WmlScript.DefineProcess(at.line(), attributes, threads);
    }
    if (kind.equals("randvar") || kind.equals("cvar")) {
      // filebench 1.4's spelling of set $x = randvar(...), which 1.5's own shipped files still use
      // (filemicro_seqwriterandvargam.f, randomfileaccess.f): the name attribute is the variable
      return kind.equals("cvar") ? custom(at, null, false) : random(at, null, false);
    }
    if (kind.equals("flowop")) {
      List<Attribute> attributes = new ArrayList<>(attributes(WmlAttributes.COMPOSITE, true));
      expect(Kind.OPEN_BRACE, "'{' to open the composite flowop's flowops");
      List<FlowopDefinition> flowops = flowops();
      attributes.addAll(attributes(WmlAttributes.COMPOSITE, false));
      return new WmlScript.DefineComposite(at.line(), attributes, flowops);
    }
    throw error(what, "file, fileset, process or flowop after 'define'");
  }

  private ThreadDefinition thread() {
    WmlToken t = take();
    if (!t.isWord("thread")) {
      throw error(t, "'thread' or the '}' that closes the process");
    }
    List<Attribute> attributes = attributes(WmlAttributes.THREAD, true);
    expect(Kind.OPEN_BRACE, "'{' to open the thread's flowops");
    return new ThreadDefinition(t.line(), attributes, flowops());
  }

  /** {@code flowop TYPE attributes}, one or more, and the closing brace. */
  private List<FlowopDefinition> flowops() {
    List<FlowopDefinition> flowops = new ArrayList<>();
    do {
      WmlToken t = take();
      if (!t.isWord("flowop")) {
        throw error(t, "'flowop' or the '}' that closes the list");
      }
      WmlToken type = take();
      if (!type.is(Kind.WORD)) {
        throw error(type, "the flowop's type (read, write, createfile, ...)");
      }
      flowops.add(
          new FlowopDefinition(t.line(), type.text(), attributes(WmlAttributes.FLOWOP, false)));
    } while (!peek().is(Kind.CLOSE_BRACE));
    take();
    return flowops;
  }

  private Command set(WmlToken at) {
    WmlToken t = take();
    if (t.isWord("mode")) {
      WmlToken mode = take();
      if (mode.isWord("nousestats")) {
        return new WmlScript.SetMode(at.line(), "nousestats");
      }
      if (!mode.isWord("quit")) {
        throw error(mode, "'quit' or 'nousestats' after 'set mode'");
      }
      WmlToken how = take();
      if (!(how.isWord("timeout") || how.isWord("alldone") || how.isWord("firstdone"))) {
        throw error(how, "timeout, alldone or firstdone after 'set mode quit'");
      }
      return new WmlScript.SetMode(at.line(), how.text());
    }
    if (!t.is(Kind.VARIABLE)) {
      throw error(t, "a variable ($name) or 'mode' after 'set'");
    }
    expect(Kind.ASSIGN, "'=' after " + "$" + t.text());
    WmlToken v = peek();
    if ((v.isWord("randvar") || v.isWord("cvar")) && peek(1).is(Kind.OPEN_PAREN)) {
      take();
      take();
      return v.text().equals("cvar") ? custom(at, t.text(), true) : random(at, t.text(), true);
    }
    take();
    if ((v.is(Kind.NUMBER) || v.is(Kind.VARIABLE)) && isOperator(peek())) {
      return arithmetic(at, t.text(), operand(v));
    }
    Value value =
        switch (v.kind()) {
          case NUMBER -> positive(v);
          case WORD -> word(v);
          case QUOTE -> quotedText(v);
          default -> throw error(v, "a number, true, false, a word or a quoted string");
        };
    return new WmlScript.SetVariable(at.line(), t.text(), value);
  }

  /** {@code left op right} after {@code set $name =}: one operator, as filebench 1.4 took it. */
  private Command arithmetic(WmlToken at, String name, Value left) {
    WmlToken operator = take();
    WmlToken r = take();
    if (!(r.is(Kind.NUMBER) || r.is(Kind.VARIABLE))) {
      throw error(r, "a number or a variable after '" + operator.text() + "'");
    }
    if (isOperator(peek())) {
      throw error(peek(), "the end of the set: one operator per set, as filebench 1.4 allowed");
    }
    return new WmlScript.SetArithmetic(
        at.line(), operator.column(), name, left, operator.text().charAt(0), operand(r));
  }

  private static boolean isOperator(WmlToken t) {
    return t.is(Kind.OPERATOR);
  }

  private Value operand(WmlToken t) {
    return t.is(Kind.VARIABLE) ? new Value.Variable(t.text()) : positive(t);
  }

  /**
   * A cvar's attributes, in parentheses after {@code set $name = cvar} ({@code parenthesised}), or
   * after {@code define cvar} with a {@code name=$variable} among them ({@code name} null).
   */
  private Command custom(WmlToken at, String name, boolean parenthesised) {
    List<Attribute> attributes =
        attributes(parenthesised ? WmlAttributes.CVAR : WmlAttributes.DEFINED_CVAR, true);
    if (parenthesised) {
      expect(Kind.CLOSE_PAREN, "',' and another attribute, or ')' to close cvar(...)");
    }
    return new WmlScript.SetCustom(at.line(), variableName(at, name, attributes), attributes);
  }

  private Command random(WmlToken at, String name, boolean parenthesised) {
    List<Attribute> attributes = new ArrayList<>();
    List<List<Value>> table = new ArrayList<>();
    do {
      if (peek().isWord("randtable") && peek(1).is(Kind.ASSIGN)) {
        take();
        take();
        table.addAll(probabilityTable());
      } else {
        attributes.add(attribute(WmlAttributes.RANDVAR));
      }
    } while (optional(Kind.COMMA));
    if (parenthesised) {
      expect(Kind.CLOSE_PAREN, "',' and another attribute, or ')' to close randvar(...)");
    }
    return new WmlScript.SetRandom(
        at.line(), variableName(at, name, attributes), attributes, table);
  }

  /** The variable a define names with {@code name=$x}, taken out of its attributes. */
  private String variableName(WmlToken at, String name, List<Attribute> attributes) {
    if (name != null) {
      return name;
    }
    for (Attribute a : attributes) {
      if (a.name().equals("name") && a.value() instanceof Value.Variable v) {
        attributes.remove(a);
        return v.name();
      }
    }
    throw new InvalidInputException(
        file + ":" + at.line() + ": a defined randvar or cvar needs name=$variable");
  }

  /** {@code {{percent, min, max}, ...}}. */
  private List<List<Value>> probabilityTable() {
    expect(Kind.OPEN_BRACE, "'{' to open randtable's entries");
    List<List<Value>> entries = new ArrayList<>();
    do {
      expect(Kind.OPEN_BRACE, "'{' to open a randtable entry {percent, min, max}");
      List<Value> entry = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        if (i > 0) {
          expect(Kind.COMMA, "',' between a randtable entry's percent, min and max");
        }
        entry.add(intOrVariable());
      }
      expect(Kind.CLOSE_BRACE, "'}' to close a randtable entry {percent, min, max}");
      entries.add(entry);
    } while (optional(Kind.COMMA));
    expect(Kind.CLOSE_BRACE, "'}' to close randtable's entries");
    return entries;
  }

  private Command psrun(WmlToken at) {
    long interval = 0;
    long seconds = 0;
    if (peek().is(Kind.NUMBER)) {
      WmlToken first = take();
      if (peek().is(Kind.NUMBER)) {
        interval = first.number();
        seconds = positive(take()).value();
      } else {
        interval = first.number();
      }
    }
    return new WmlScript.Psrun(at.line(), interval, seconds);
  }

  private Command enable(WmlToken at) {
    WmlToken what = take();
    if (what.isWord("lathist")) {
      return new WmlScript.Enable(at.line(), "lathist", List.of());
    }
    if (what.isWord("multi")) {
      return new WmlScript.Enable(at.line(), "multi", attributes(WmlAttributes.MULTI, true));
    }
    throw error(what, "'lathist' or 'multi' after 'enable'");
  }

  /**
   * A comma-separated list of one context's attributes; {@code required} says whether there must be
   * one. The list ends at the first token after an attribute that is not a comma.
   */
  private List<Attribute> attributes(WmlAttributes context, boolean required) {
    List<Attribute> out = new ArrayList<>();
    if (!startsAttribute(context)) {
      if (required) {
        throw error(peek(), context.what() + " (" + context.names() + ")");
      }
      return out;
    }
    do {
      out.add(attribute(context));
    } while (optional(Kind.COMMA));
    return out;
  }

  private boolean startsAttribute(WmlAttributes context) {
    WmlToken t = peek();
    return (t.is(Kind.WORD) && context.knows(t.text()))
        || (t.is(Kind.VARIABLE) && context.takesLocalVariables());
  }

  private Attribute attribute(WmlAttributes context) {
    WmlToken name = take();
    if (name.is(Kind.VARIABLE) && context.takesLocalVariables()) {
      if (!optional(Kind.ASSIGN)) {
        return new Attribute("$" + name.text(), null, name.line(), name.column());
      }
      WmlToken v = take();
      Value value = v.is(Kind.VARIABLE) ? new Value.Variable(v.text()) : value(v);
      return new Attribute("$" + name.text(), value, name.line(), name.column());
    }
    if (!name.is(Kind.WORD) || !context.knows(name.text())) {
      throw error(name, context.what() + " (" + context.names() + ")");
    }
    String canonical = context.canonical(name.text());
    if (!optional(Kind.ASSIGN)) {
      if (!context.takesFlags()) {
        throw error(peek(), "'=' and a value after " + name.text());
      }
      return new Attribute(canonical, new Value.Bool(true), name.line(), name.column());
    }
    return new Attribute(canonical, value(take()), name.line(), name.column());
  }

  /** filebench's {@code attr_value}: a word, a quoted string, a number, a boolean, a variable. */
  private Value value(WmlToken v) {
    return switch (v.kind()) {
      case NUMBER -> positive(v);
      case WORD -> word(v);
      case QUOTE -> quotedText(v);
      case VARIABLE -> new Value.Variable(v.text());
      default -> throw error(v, "a value: a number, a word, a quoted string or a $variable");
    };
  }

  private static Value word(WmlToken v) {
    return switch (v.text()) {
      case "true" -> new Value.Bool(true);
      case "false" -> new Value.Bool(false);
      default -> new Value.Text(v.text());
    };
  }

  /** The rest of a quoted string whose opening quote is {@code open}, as one text. */
  private Value quotedText(WmlToken open) {
    StringBuilder text = new StringBuilder();
    while (peek().is(Kind.TEXT)) {
      text.append(take().text());
    }
    WmlToken close = take();
    if (!close.is(Kind.QUOTE)) {
      throw error(close, "text and a closing quote (a variable is not allowed here)");
    }
    return new Value.Text(text.toString());
  }

  /** The pieces of an echo's or system's quoted string: texts and variables. */
  private List<Value> quotedParts(WmlToken at) {
    expect(Kind.QUOTE, "a quoted string after '" + at.text() + "'");
    List<Value> parts = new ArrayList<>();
    while (peek().is(Kind.TEXT) || peek().is(Kind.VARIABLE)) {
      WmlToken t = take();
      parts.add(t.is(Kind.TEXT) ? new Value.Text(t.text()) : new Value.Variable(t.text()));
    }
    expect(Kind.QUOTE, "the closing quote");
    return parts;
  }

  private Optional<Value> optionalAmount() {
    WmlToken t = peek();
    if (t.is(Kind.NUMBER) || t.is(Kind.VARIABLE)) {
      return Optional.of(intOrVariable());
    }
    return Optional.empty();
  }

  private Value amount(WmlToken at) {
    WmlToken t = peek();
    if (!(t.is(Kind.NUMBER) || t.is(Kind.VARIABLE))) {
      throw error(t, "a number of seconds or a $variable after '" + at.text() + "'");
    }
    return intOrVariable();
  }

  private Value intOrVariable() {
    WmlToken t = take();
    if (t.is(Kind.VARIABLE)) {
      return new Value.Variable(t.text());
    }
    if (!t.is(Kind.NUMBER)) {
      throw error(t, "a number or a $variable");
    }
    return positive(t);
  }

  private Value number(WmlToken at) {
    WmlToken t = take();
    if (!t.is(Kind.NUMBER)) {
      throw error(t, "a number after '" + at.text() + "'");
    }
    return positive(t);
  }

  private Value.Number positive(WmlToken t) {
    if (t.number() < 0) {
      throw error(t, "a number that is not negative");
    }
    return new Value.Number(t.number());
  }

  private void expectWord(String word, String after) {
    WmlToken t = take();
    if (!t.isWord(word)) {
      throw error(t, "'" + word + "' after '" + after + "'");
    }
  }

  private void expect(Kind kind, String what) {
    WmlToken t = take();
    if (!t.is(kind)) {
      throw error(t, what);
    }
  }

  private boolean optional(Kind kind) {
    if (peek().is(kind)) {
      next++;
      return true;
    }
    return false;
  }

  private WmlToken peek() {
    return peek(0);
  }

  private WmlToken peek(int ahead) {
    return tokens.get(Math.min(next + ahead, tokens.size() - 1));
  }

  private WmlToken take() {
    WmlToken t = peek();
    if (next < tokens.size() - 1) {
      next++;
    }
    return t;
  }

  private InvalidInputException error(WmlToken at, String expected) {
    return new InvalidInputException(
        file
            + ":"
            + at.line()
            + ":"
            + at.column()
            + ": expected "
            + expected
            + ", found "
            + at.shown());
  }
}
