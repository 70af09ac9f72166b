package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.filebench.WmlScript.Attribute;
import io.fsbench.filebench.WmlScript.DefineComposite;
import io.fsbench.filebench.WmlScript.FlowopDefinition;
import io.fsbench.filebench.WmlScript.Value;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Composite flowops and their uses, as {@code parser_gram.y} builds them ({@code
 * parser_composite_flowop_define}, {@code parser_inner_flowop_define}):
 *
 * <pre>
 * define flowop name=readwrite, $fileset, $size=16k { flowop openfile name=open1,filesetname=$fileset,fd=1 ... }
 * ...
 *     flowop readwrite name=rw1, iters=3, $fileset=bigfileset
 * </pre>
 *
 * <p>Each use is a flowop of the thread ({@link FlowopType#COMPOSITE}) holding its own instance of
 * every inner flowop, named {@code use.inner} ({@code rw1.open1}; a nested use {@code
 * outer.rw1.open1}). A reference {@code $x} in an inner flowop's attributes is the composite's
 * local variable when it has one with a value: the use's {@code $x=...}, else the define's default;
 * otherwise the script's variable. The define's own {@code iters} has no effect (a use's iters, or
 * 1, replaces it, as in filebench); a use takes name, iters and local variables only.
 */
final class CompositeFlowops {

  /** Deeper than this, a composite uses itself, directly or through others. */
  private static final int MAX_DEPTH = 32;

  private final Map<String, DefineComposite> byName;
  private final WmlVariables vars;
  private final Map<String, Fileset> filesets;
  private final Path directory;
  private final String file;

  CompositeFlowops(
      List<DefineComposite> defines,
      WmlVariables vars,
      Map<String, Fileset> filesets,
      Path directory,
      String file) {
    this.vars = vars;
    this.filesets = filesets;
    this.directory = directory;
    this.file = file;
    this.byName = new HashMap<>();
    for (DefineComposite define : defines) {
      String name = name(define.attributes(), define.line(), "a composite flowop (define flowop)");
      if (byName.put(name, define) != null) {
        throw new InvalidInputException(
            where(define.line())
                + "composite flowop "
                + name
                + " is defined twice: give each define flowop its own name");
      }
    }
  }

  /** One thread's instance of a flowop of its list: a plain flowop or a composite's use. */
  Flowop define(FlowopDefinition definition) {
    return define(definition, Map.of(), "", 0);
  }

  private Flowop define(FlowopDefinition use, Map<String, Value> scope, String prefix, int depth) {
    FlowopDefinition local = substitute(use, scope);
    DefineComposite composite = byName.get(use.type());
    if (composite == null) {
      return Flowop.define(prefixed(local, prefix), vars, filesets, directory, file);
    }
    String what = "flowop " + use.type();
    if (depth >= MAX_DEPTH) {
      throw new InvalidInputException(
          where(use.line())
              + what
              + ": composite flowops nest deeper than "
              + MAX_DEPTH
              + "; does "
              + use.type()
              + " use itself?");
    }
    String name = prefix + name(local.attributes(), use.line(), what);
    RandomVariable iters = RandomVariable.constant(1);
    for (Attribute a : local.attributes()) {
      if (a.name().equals("iters")) {
        iters = vars.variable(a, what);
      } else if (!a.name().equals("name") && !a.name().startsWith("$")) {
        throw vars.error(
            a,
            what,
            "is not an attribute of a composite flowop's use (name, iters, $variable=...)");
      }
    }
    Map<String, Value> inner = locals(composite.attributes(), local.attributes());
    List<Flowop> flowops = new ArrayList<>();
    for (FlowopDefinition definition : composite.flowops()) {
      flowops.add(define(definition, inner, name + ".", depth + 1));
    }
    return Flowop.composite(name, where(use.line()), iters, flowops);
  }

  /** The composite's local variables with values: the define's defaults, then the use's. */
  private static Map<String, Value> locals(List<Attribute> define, List<Attribute> use) {
    Map<String, Value> locals = new LinkedHashMap<>();
    for (List<Attribute> attributes : List.of(define, use)) {
      for (Attribute a : attributes) {
        if (a.name().startsWith("$") && a.value() != null) {
          locals.put(a.name().substring(1), a.value());
        }
      }
    }
    return locals;
  }

  /** {@code definition} with its references to local variables replaced by their values. */
  private static FlowopDefinition substitute(
      FlowopDefinition definition, Map<String, Value> scope) {
    if (scope.isEmpty()) {
      return definition;
    }
    List<Attribute> attributes = new ArrayList<>();
    for (Attribute a : definition.attributes()) {
      Value value = a.value();
      if (value instanceof Value.Variable v && scope.containsKey(v.name())) {
        value = scope.get(v.name());
      }
      attributes.add(new Attribute(a.name(), value, a.line(), a.column()));
    }
    return new FlowopDefinition(definition.line(), definition.type(), attributes);
  }

  /** An inner flowop named {@code prefix + name}, as filebench names it. */
  private FlowopDefinition prefixed(FlowopDefinition definition, String prefix) {
    if (prefix.isEmpty()) {
      return definition;
    }
    List<Attribute> attributes = new ArrayList<>();
    for (Attribute a : definition.attributes()) {
      attributes.add(
          a.name().equals("name")
              ? new Attribute(
                  "name",
                  new Value.Text(prefix + vars.text(a, "flowop " + definition.type())),
                  a.line(),
                  a.column())
              : a);
    }
    return new FlowopDefinition(definition.line(), definition.type(), attributes);
  }

  private String name(List<Attribute> attributes, int line, String what) {
    for (Attribute a : attributes) {
      if (a.name().equals("name")) {
        return vars.text(a, what);
      }
    }
    throw new InvalidInputException(where(line) + what + " needs name=...");
  }

  private String where(int line) {
    return file + ":" + line + ": ";
  }
}
