package io.fsbench.core.workload.filebench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.core.workload.filebench.WmlScript.Attribute;
import io.fsbench.core.workload.filebench.WmlScript.Command;
import io.fsbench.core.workload.filebench.WmlScript.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The filesets a parsed workload defines, its {@code define fileset} and {@code define file}
 * commands resolved with its {@code set} commands as filebench resolves them:
 *
 * <ul>
 *   <li>filebench runs each command as it reads it. A {@code randvar} or {@code cvar} is made at
 *       its {@code set}, with the values its attributes have then. A fileset's attributes point at
 *       their variables and are read when the filesets are created, at the first {@code run},
 *       {@code psrun} or {@code create files} (or the end of the file): so a {@code set} after the
 *       define but before that still counts, and the last one wins.
 *   <li>filebench creates filesets once; one defined after that would never be made, so fsbench
 *       refuses it.
 *   <li>filebench builds its filesets in reverse order of definition (its list is pushed at the
 *       head), from the one process-wide {@code drand48}; {@link #build()} does the same, so
 *       filebench's trees come out.
 * </ul>
 *
 * <p>{@code cached}, filebench 1.4's attribute that 1.5's own shipped files still set, is accepted
 * and has no effect, as in filebench 1.5.
 *
 * <p>Sources filebench seeds from the clock (each cvar's Mersenne Twister, the one behind {@code
 * randsrc=urandom}, the prealloc draws) are seeded here from {@code seed}, in definition order.
 * Errors name the file, line, column and attribute.
 */
final class FilesetDefinitions {

  private final String file;
  private final SplittableRandom seeds;
  private final Rand48 drand48 = Rand48.unseeded();
  private final UniformSource twister;
  private final Map<String, Value> plain = new HashMap<>();
  private final Map<String, RandomVariable> random = new HashMap<>();
  private final List<WmlScript.DefineFileset> defines = new ArrayList<>();
  private final List<FilesetSpec> specs = new ArrayList<>();
  private final List<Long> preallocSeeds = new ArrayList<>();
  private List<Fileset> built;

  private FilesetDefinitions(String file, long seed) {
    this.file = file;
    this.seeds = new SplittableRandom(seed);
    this.twister = UniformSource.seededShared(seeds.nextLong());
  }

  /** Reads {@code script}'s filesets; {@code seed} seeds what filebench leaves to the clock. */
  static FilesetDefinitions read(WmlScript script, long seed) {
    FilesetDefinitions definitions = new FilesetDefinitions(script.file(), seed);
    definitions.readCommands(script.commands());
    return definitions;
  }

  /** The filesets in the order the script defines them. */
  List<FilesetSpec> specs() {
    return List.copyOf(specs);
  }

  /**
   * The filesets' models, in definition order, built last-defined first from one drand48 as
   * filebench builds them; the same list on every call.
   */
  synchronized List<Fileset> build() {
    if (built == null) {
      Fileset[] filesets = new Fileset[specs.size()];
      for (int i = specs.size() - 1; i >= 0; i--) {
        filesets[i] = Fileset.build(specs.get(i), drand48, preallocSeeds.get(i));
      }
      built = List.of(filesets);
    }
    return built;
  }

  private void readCommands(List<Command> commands) {
    Command created = null;
    for (Command command : commands) {
      if (command instanceof WmlScript.SetVariable set) {
        random.remove(set.name());
        plain.put(set.name(), set.value());
      } else if (command instanceof WmlScript.SetRandom set) {
        plain.remove(set.name());
        random.put(set.name(), randvar(set));
      } else if (command instanceof WmlScript.SetCustom set) {
        plain.remove(set.name());
        random.put(set.name(), cvar(set));
      } else if (command instanceof WmlScript.DefineFileset define) {
        if (created != null) {
          throw new InvalidInputException(
              where(define.line())
                  + "this file[set] is defined after the filesets were created (line "
                  + created.line()
                  + "); filebench would never make it: move its define before that line");
        }
        defines.add(define);
      } else if (created == null
          && (command instanceof WmlScript.Run
              || command instanceof WmlScript.Psrun
              || command instanceof WmlScript.CreateFiles)) {
        created = command;
        resolveFilesets();
      }
    }
    if (created == null) {
      resolveFilesets();
    }
  }

  /** Resolves the filesets defined so far, with the variables as they are now. */
  private void resolveFilesets() {
    for (WmlScript.DefineFileset define : defines) {
      specs.add(spec(define));
      preallocSeeds.add(seeds.nextLong());
    }
  }

  private FilesetSpec spec(WmlScript.DefineFileset define) {
    Map<String, Attribute> a = new HashMap<>();
    for (Attribute attribute : define.attributes()) {
      a.put(attribute.name(), attribute); // filebench's get_attr: the last one wins
    }
    String kind = define.single() ? "file" : "fileset";
    String name = text(required(a, "name", define, kind), kind);
    String path = text(required(a, "path", define, kind), kind);
    String what = kind + " '" + name + "'";
    RandomVariable size =
        a.containsKey("size") ? variable(a.get("size"), what) : RandomVariable.constant(1024);
    int prealloc = a.containsKey("prealloc") ? percent(a.get("prealloc"), what) : 0;
    boolean paralloc = flag(a, "paralloc", what);
    boolean reuse = flag(a, "reuse", what);
    boolean trust = flag(a, "trusttree", what);
    boolean readOnly = flag(a, "readonly", what);
    boolean writeOnly = flag(a, "writeonly", what);
    try {
      if (define.single()) {
        return FilesetSpec.file(
            name, path, size, prealloc, paralloc, reuse, trust, readOnly, writeOnly);
      }
      Attribute width = required(a, "dirwidth", define, kind);
      return new FilesetSpec(
          name,
          path,
          false,
          a.containsKey("entries") ? integer(a.get("entries"), what) : 0,
          a.containsKey("leafdirs") ? integer(a.get("leafdirs"), what) : 0,
          variable(width, what),
          a.containsKey("dirdepthrv")
              ? Optional.of(randvarOnly(a.get("dirdepthrv"), what))
              : Optional.empty(),
          a.containsKey("dirgamma") ? constantInteger(a.get("dirgamma"), what) : 1500,
          size,
          prealloc,
          paralloc,
          reuse,
          trust,
          readOnly,
          writeOnly);
    } catch (InvalidInputException e) {
      if (e.getMessage().startsWith(file + ":")) {
        throw e;
      }
      throw new InvalidInputException(where(define.line()) + e.getMessage(), e);
    }
  }

  private Attribute required(
      Map<String, Attribute> a, String name, WmlScript.DefineFileset define, String kind) {
    Attribute attribute = a.get(name);
    if (attribute == null) {
      throw new InvalidInputException(
          where(define.line()) + "define " + kind + " needs " + name + "=...");
    }
    return attribute;
  }

  // ---- resolving one attribute ----

  /** The attribute's value with a variable looked up: a plain value or a random variable. */
  private Object resolve(Attribute attribute, String what) {
    if (!(attribute.value() instanceof Value.Variable v)) {
      return attribute.value();
    }
    if (random.containsKey(v.name())) {
      return random.get(v.name());
    }
    Value value = plain.get(v.name());
    if (value == null) {
      throw error(
          attribute,
          what,
          "refers to $" + v.name() + ", which is never set: set it before the define");
    }
    return value;
  }

  private String text(Attribute attribute, String what) {
    Object value = resolve(attribute, what);
    if (value instanceof Value.Text t) {
      return t.value();
    }
    if (value instanceof Value.Number n) {
      return Long.toString(n.value());
    }
    throw error(attribute, what, "needs a name or a path");
  }

  /** A number read once, as avd_get_int reads entries and leafdirs when the fileset is made. */
  private long integer(Attribute attribute, String what) {
    Object value = resolve(attribute, what);
    if (value instanceof RandomVariable r) {
      return r.nextInteger();
    }
    if (value instanceof Value.Number n) {
      return n.value();
    }
    throw error(attribute, what, "needs a number");
  }

  private long constantInteger(Attribute attribute, String what) {
    if (resolve(attribute, what) instanceof RandomVariable) {
      throw error(attribute, what, "cannot be random (filebench refuses it too): give a number");
    }
    return integer(attribute, what);
  }

  private RandomVariable variable(Attribute attribute, String what) {
    Object value = resolve(attribute, what);
    if (value instanceof RandomVariable r) {
      return r;
    }
    if (value instanceof Value.Number n) {
      return RandomVariable.constant(n.value());
    }
    throw error(attribute, what, "needs a number or a randvar or cvar");
  }

  private Randvar randvarOnly(Attribute attribute, String what) {
    if (resolve(attribute, what) instanceof Randvar r) {
      return r;
    }
    throw error(attribute, what, "must be a randvar: set $depth = randvar(type=..., ...)");
  }

  /** prealloc alone is 100; prealloc=N is N percent. */
  private int percent(Attribute attribute, String what) {
    Object value = resolve(attribute, what);
    if (value instanceof Value.Bool b) {
      return b.value() ? 100 : 0;
    }
    long percent = value instanceof RandomVariable r ? r.nextInteger() : -1;
    if (value instanceof Value.Number n) {
      percent = n.value();
    }
    if (percent < 0 || percent > 100) {
      throw error(attribute, what, "must be a percentage, 0 to 100");
    }
    return (int) percent;
  }

  private boolean flag(Map<String, Attribute> a, String name, String what) {
    Attribute attribute = a.get(name);
    if (attribute == null) {
      return false;
    }
    Object value = resolve(attribute, what);
    if (value instanceof Value.Bool b) {
      return b.value();
    }
    if (value instanceof Value.Number n && (n.value() == 0 || n.value() == 1)) {
      return n.value() == 1;
    }
    throw error(attribute, what, "needs true or false (or the word alone for true)");
  }

  // ---- randvar and cvar ----

  private Randvar randvar(WmlScript.SetRandom set) {
    String what = "randvar $" + set.name();
    Map<String, Attribute> a = new HashMap<>();
    set.attributes().forEach(attribute -> a.put(attribute.name(), attribute));
    Randvar.Type type = Randvar.Type.GAMMA;
    if (a.containsKey("type")) {
      String name = text(a.get("type"), what);
      type =
          switch (name) {
            case "uniform" -> Randvar.Type.UNIFORM;
            case "gamma" -> Randvar.Type.GAMMA;
            case "tabular" -> Randvar.Type.TABLE;
            default -> throw error(a.get("type"), what, "must be uniform, gamma or tabular");
          };
    }
    String source = a.containsKey("randsrc") ? text(a.get("randsrc"), what) : "rand48";
    long seed = a.containsKey("seed") ? constantInteger(a.get("seed"), what) : 0;
    List<Randvar.TableRow> table = new ArrayList<>();
    for (List<Value> row : set.table()) {
      table.add(
          new Randvar.TableRow(
              tableValue(set, row.get(0)),
              tableValue(set, row.get(1)),
              tableValue(set, row.get(2))));
    }
    try {
      return Randvar.define(
          set.name(),
          type,
          a.containsKey("min") ? constantInteger(a.get("min"), what) : 0,
          a.containsKey("round") ? constantInteger(a.get("round"), what) : 0,
          a.containsKey("gamma") ? constantInteger(a.get("gamma"), what) : 1500,
          a.containsKey("mean") ? constantInteger(a.get("mean"), what) : null,
          table,
          Randvar.sourceFor(source, seed, twister));
    } catch (InvalidInputException e) {
      throw new InvalidInputException(where(set.line()) + e.getMessage(), e);
    }
  }

  private long tableValue(WmlScript.SetRandom set, Value value) {
    Value resolved = value instanceof Value.Variable v ? plain.get(v.name()) : value;
    if (resolved instanceof Value.Number n) {
      return n.value();
    }
    throw new InvalidInputException(
        where(set.line())
            + "randvar $"
            + set.name()
            + ": a randtable entry ("
            + shown(value)
            + ") needs a number or a variable set to one");
  }

  private Cvar cvar(WmlScript.SetCustom set) {
    String what = "cvar $" + set.name();
    Map<String, Attribute> a = new HashMap<>();
    set.attributes().forEach(attribute -> a.put(attribute.name(), attribute));
    if (!a.containsKey("type")) {
      throw new InvalidInputException(
          where(set.line()) + what + " needs type=cvar-gamma (or another cvar type)");
    }
    Attribute typeAttribute = a.get("type");
    String type = text(typeAttribute, what);
    try {
      CvarType.of(type);
    } catch (InvalidInputException e) {
      throw new InvalidInputException(where(typeAttribute) + e.getMessage(), e);
    }
    try {
      return Cvar.define(
          set.name(),
          type,
          a.containsKey("parameters") ? text(a.get("parameters"), what) : null,
          a.containsKey("min") ? (double) constantInteger(a.get("min"), what) : null,
          a.containsKey("max") ? (double) constantInteger(a.get("max"), what) : null,
          a.containsKey("round") ? (double) constantInteger(a.get("round"), what) : null,
          UniformSource.seeded(seeds.nextLong()),
          drand48);
    } catch (InvalidInputException e) {
      if (e.getMessage().startsWith(file + ":")) {
        throw e;
      }
      Attribute at = a.getOrDefault("parameters", typeAttribute);
      throw new InvalidInputException(where(at) + e.getMessage(), e);
    }
  }

  // ---- messages ----

  private String where(int line) {
    return file + ":" + line + ": ";
  }

  private String where(Attribute attribute) {
    return file + ":" + attribute.line() + ":" + attribute.column() + ": ";
  }

  private InvalidInputException error(Attribute attribute, String what, String problem) {
    return new InvalidInputException(
        where(attribute)
            + what
            + ": "
            + attribute.name()
            + " ("
            + shown(attribute.value())
            + ") "
            + problem);
  }

  private static String shown(Value value) {
    if (value instanceof Value.Number n) {
      return Long.toString(n.value());
    }
    if (value instanceof Value.Bool b) {
      return Boolean.toString(b.value());
    }
    if (value instanceof Value.Text t) {
      return t.value();
    }
    return value instanceof Value.Variable v ? "$" + v.name() : "no value";
  }
}
