package io.fsbench.filebench;

import java.util.List;
import java.util.Map;

/**
 * The attributes each context of the language takes, as filebench 1.5's grammar lists them ({@code
 * attrs_define_fileset}, {@code attrs_flowop}, ...), with the lexer's aliases folded into one name:
 * {@code filename} is {@code filesetname}, {@code filesize} is {@code size}. Files and filesets
 * also take filebench 1.4's {@code cached}, which 1.5's own shipped filemicro files set.
 */
enum WmlAttributes {
  PROCESS("an attribute of a process", true, false, "name", "instances", "nice"),
  FILE(
      "an attribute of a file",
      true,
      false,
      "name",
      "path",
      "size",
      "prealloc",
      "paralloc",
      "reuse",
      "trusttree",
      "readonly",
      "writeonly",
      "cached"),
  FILESET(
      "an attribute of a fileset",
      true,
      false,
      "name",
      "path",
      "entries",
      "size",
      "prealloc",
      "paralloc",
      "reuse",
      "trusttree",
      "readonly",
      "writeonly",
      "dirwidth",
      "dirdepthrv",
      "dirgamma",
      "leafdirs",
      "cached"),
  THREAD(
      "an attribute of a thread", true, false, "name", "memsize", "useism", "instances", "ioprio"),
  FLOWOP(
      "an attribute of a flowop",
      true,
      true,
      "name",
      "filesetname",
      "workingset",
      "random",
      "fd",
      "srcfd",
      "opennext",
      "dsync",
      "directio",
      "indexed",
      "target",
      "iters",
      "value",
      "blocking",
      "highwater",
      "iosize",
      "noreadahead"),
  COMPOSITE("an attribute of a composite flowop", false, true, "name", "iters"),
  RANDVAR(
      "an attribute of a randvar",
      true,
      false,
      "name",
      "seed",
      "gamma",
      "mean",
      "min",
      "round",
      "type",
      "randsrc"),
  CVAR("an attribute of a cvar", false, false, "type", "parameters", "min", "max", "round"),
  DEFINED_CVAR(
      "an attribute of a cvar", false, false, "name", "type", "parameters", "min", "max", "round"),
  EVENTGEN("an attribute of eventgen", true, false, "rate"),
  MULTI("an attribute of 'enable multi'", false, false, "master", "client"),
  MULTISYNC("an attribute of domultisync", false, false, "value");

  private static final Map<String, String> ALIASES =
      Map.of("filename", "filesetname", "filesize", "size");

  private final String what;
  private final boolean flags;
  private final boolean localVariables;
  private final List<String> names;

  WmlAttributes(String what, boolean flags, boolean localVariables, String... names) {
    this.what = what;
    this.flags = flags;
    this.localVariables = localVariables;
    this.names = List.of(names);
  }

  boolean knows(String name) {
    return names.contains(canonical(name));
  }

  String canonical(String name) {
    return ALIASES.getOrDefault(name, name);
  }

  /** Whether an attribute may stand alone, meaning true ({@code random}, {@code prealloc}). */
  boolean takesFlags() {
    return flags;
  }

  /** Whether {@code $name=value} defines a local variable here (flowops, composite flowops). */
  boolean takesLocalVariables() {
    return localVariables;
  }

  String what() {
    return what;
  }

  String names() {
    return String.join(", ", names);
  }
}
