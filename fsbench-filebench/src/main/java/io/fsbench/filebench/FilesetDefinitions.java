package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.filebench.WmlScript.Attribute;
import io.fsbench.filebench.WmlScript.Command;
import io.fsbench.filebench.WmlScript.Value;
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

  private final SplittableRandom seeds;
  private final Rand48 drand48 = Rand48.unseeded();
  private final UniformSource twister;
  private final WmlVariables vars;
  private final List<WmlScript.DefineFileset> defines = new ArrayList<>();
  private final List<FilesetSpec> specs = new ArrayList<>();
  private final List<Long> preallocSeeds = new ArrayList<>();
  private List<Fileset> built;

  private FilesetDefinitions(String file, long seed) {
    this.vars = new WmlVariables(file);
    this.seeds = new SplittableRandom(seed);
    this.twister = UniformSource.seededShared(seeds.nextLong());
  }

  /** Reads {@code script}'s filesets; {@code seed} seeds what filebench leaves to the clock. */
  static FilesetDefinitions read(WmlScript script, long seed) {
    FilesetDefinitions definitions = new FilesetDefinitions(script.file(), seed);
    definitions.readCommands(script.commands());
    return definitions;
  }

  /**
   * The script's variables after its last {@code set}: what the flowops read when the run starts
   * (give this a script that ends at its run, as filebench stops there).
   */
  WmlVariables variables() {
    return vars;
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
        vars.set(set.name(), set.value());
      } else if (command instanceof WmlScript.SetArithmetic set) {
        vars.set(set);
      } else if (command instanceof WmlScript.SetRandom set) {
        vars.set(set.name(), randvar(set));
      } else if (command instanceof WmlScript.SetCustom set) {
        vars.set(set.name(), cvar(set));
      } else if (command instanceof WmlScript.DefineFileset define) {
        if (created != null) {
          throw new InvalidInputException(
              vars.where(define.line())
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
    String name = vars.text(required(a, "name", define, kind), kind);
    String path = vars.text(required(a, "path", define, kind), kind);
    String what = kind + " '" + name + "'";
    RandomVariable size =
        a.containsKey("size") ? vars.variable(a.get("size"), what) : RandomVariable.constant(1024);
    int prealloc = a.containsKey("prealloc") ? vars.percent(a.get("prealloc"), what) : 0;
    boolean paralloc = vars.flag(a, "paralloc", what);
    boolean reuse = vars.flag(a, "reuse", what);
    boolean trust = vars.flag(a, "trusttree", what);
    boolean readOnly = vars.flag(a, "readonly", what);
    boolean writeOnly = vars.flag(a, "writeonly", what);
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
          a.containsKey("entries") ? vars.integer(a.get("entries"), what) : 0,
          a.containsKey("leafdirs") ? vars.integer(a.get("leafdirs"), what) : 0,
          vars.variable(width, what),
          a.containsKey("dirdepthrv")
              ? Optional.of(vars.randvarOnly(a.get("dirdepthrv"), what))
              : Optional.empty(),
          a.containsKey("dirgamma") ? vars.constantInteger(a.get("dirgamma"), what) : 1500,
          size,
          prealloc,
          paralloc,
          reuse,
          trust,
          readOnly,
          writeOnly);
    } catch (InvalidInputException e) {
      throw vars.located(vars.where(define.line()), e);
    }
  }

  private Attribute required(
      Map<String, Attribute> a, String name, WmlScript.DefineFileset define, String kind) {
    Attribute attribute = a.get(name);
    if (attribute == null) {
      throw new InvalidInputException(
          vars.where(define.line())
              + "define "
              + kind
              + " needs "
              + name
              + "=...: add it to this line (filebench has no default for it)");
    }
    return attribute;
  }

  // ---- resolving one attribute ----

  // ---- randvar and cvar ----

  private Randvar randvar(WmlScript.SetRandom set) {
    String what = "randvar $" + set.name();
    Map<String, Attribute> a = new HashMap<>();
    set.attributes().forEach(attribute -> a.put(attribute.name(), attribute));
    Randvar.Type type = Randvar.Type.GAMMA;
    if (a.containsKey("type")) {
      String name = vars.text(a.get("type"), what);
      type =
          switch (name) {
            case "uniform" -> Randvar.Type.UNIFORM;
            case "gamma" -> Randvar.Type.GAMMA;
            case "tabular" -> Randvar.Type.TABLE;
            default -> throw vars.error(a.get("type"), what, "must be uniform, gamma or tabular");
          };
    }
    String source = a.containsKey("randsrc") ? vars.text(a.get("randsrc"), what) : "rand48";
    long seed = a.containsKey("seed") ? vars.constantInteger(a.get("seed"), what) : 0;
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
          a.containsKey("min") ? vars.constantInteger(a.get("min"), what) : 0,
          a.containsKey("round") ? vars.constantInteger(a.get("round"), what) : 0,
          a.containsKey("gamma") ? vars.constantInteger(a.get("gamma"), what) : 1500,
          a.containsKey("mean") ? vars.constantInteger(a.get("mean"), what) : null,
          table,
          Randvar.sourceFor(source, seed, twister));
    } catch (InvalidInputException e) {
      throw vars.located(vars.where(set.line()), e);
    }
  }

  private long tableValue(WmlScript.SetRandom set, Value value) {
    if (vars.plainValue(value).orElse(null) instanceof Value.Number n) {
      return n.value();
    }
    throw new InvalidInputException(
        vars.where(set.line())
            + "randvar $"
            + set.name()
            + ": a randtable entry ("
            + WmlVariables.shown(value)
            + ") needs a number or a variable set to one");
  }

  private Cvar cvar(WmlScript.SetCustom set) {
    String what = "cvar $" + set.name();
    Map<String, Attribute> a = new HashMap<>();
    set.attributes().forEach(attribute -> a.put(attribute.name(), attribute));
    if (!a.containsKey("type")) {
      throw new InvalidInputException(
          vars.where(set.line()) + what + " needs type=cvar-gamma (or another cvar type)");
    }
    Attribute typeAttribute = a.get("type");
    String type = vars.text(typeAttribute, what);
    try {
      CvarType.of(type);
    } catch (InvalidInputException e) {
      throw new InvalidInputException(vars.where(typeAttribute) + e.getMessage(), e);
    }
    try {
      return Cvar.define(
          set.name(),
          type,
          a.containsKey("parameters") ? vars.text(a.get("parameters"), what) : null,
          a.containsKey("min") ? (double) vars.constantInteger(a.get("min"), what) : null,
          a.containsKey("max") ? (double) vars.constantInteger(a.get("max"), what) : null,
          a.containsKey("round") ? (double) vars.constantInteger(a.get("round"), what) : null,
          UniformSource.seeded(seeds.nextLong()),
          drand48);
    } catch (InvalidInputException e) {
      throw vars.located(vars.where(a.getOrDefault("parameters", typeAttribute)), e);
    }
  }
}
