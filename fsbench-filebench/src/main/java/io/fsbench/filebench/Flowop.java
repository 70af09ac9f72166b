package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.NativeBuffer;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.filebench.WmlScript.Attribute;
import io.fsbench.filebench.WmlScript.FlowopDefinition;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One thread's instance of a flowop: its attributes read as {@code parser_gram.y:
 * parser_flowop_get_attrs} reads them (iosize, workingset, value 0; iters and highwater 1; fd 0;
 * random, dsync, directio and blocking false), its own statistics, and the state filebench keeps in
 * each {@code flowop_t} instance (the limits' bucket, the sync objects).
 *
 * <p>Numbers may be random variables: like {@code avd_get_int}, each use draws anew. {@code
 * opennext} is accepted and has no effect, as in filebench 1.5, which parses it and never reads it.
 */
final class Flowop {

  final FlowopType type;
  final String name;
  final String where;
  final Fileset fileset;
  final byte[] filesetRoot;
  final int fd;
  final int srcfd;
  final boolean indexed;
  final RandomVariable index;
  final RandomVariable iosize;
  final RandomVariable value;
  final RandomVariable iters;
  final long workingSet;
  final boolean random;
  final boolean dsync;
  final boolean directio;
  final boolean blocking;
  final long highwater;
  final String target;

  /** A composite flowop's own flowops, in order; empty for every other flowop. */
  final List<Flowop> inner;

  final FlowopStats stats = new FlowopStats();

  // state of this instance, used by its thread only
  long throughputLast;
  long throughputBucket;
  Flowop targetInThread;
  SyncGates.Semaphore semaphore;
  SyncGates.Wakeup wakeup;
  private NativeBuffer own;

  private Flowop(FlowopDefinition definition, Resolver r) {
    this.where = r.where;
    this.type = FlowopType.of(definition.type(), r.where);
    this.name = r.text("name", null);
    if (name == null) {
      throw new InvalidInputException(r.where + "flowop " + type.word() + " needs name=...");
    }
    String filesetName = r.text("filesetname", null);
    if (filesetName != null) {
      this.fileset = r.filesets.get(filesetName);
      if (fileset == null) {
        throw new InvalidInputException(
            r.where
                + "flowop "
                + name
                + ": filesetname ("
                + filesetName
                + ") names no fileset of this workload; define it with define fileset or define"
                + " file");
      }
      this.filesetRoot = NativePath.encode(fileset.root(r.directory));
    } else {
      this.fileset = null;
      this.filesetRoot = null;
    }
    this.fd = (int) r.constant("fd", 0, 0, ThreadFlow.MAX_FD - 1);
    this.srcfd = (int) r.constant("srcfd", 0, 0, ThreadFlow.MAX_FD - 1);
    this.indexed = r.a.containsKey("indexed");
    this.index = r.number("indexed", 0);
    this.iosize = r.number("iosize", 0);
    this.value = r.number("value", 0);
    this.iters = r.number("iters", 1);
    this.workingSet = r.constant("workingset", 0, 0, Long.MAX_VALUE);
    this.random = r.flag("random");
    this.dsync = r.flag("dsync");
    this.directio = r.flag("directio");
    this.blocking = r.flag("blocking");
    this.highwater = r.constant("highwater", 1, 0, Integer.MAX_VALUE);
    this.target = r.text("target", null);
    if (type == FlowopType.AIOWRITE && !random) {
      throw new InvalidInputException(
          r.where
              + "flowop aiowrite "
              + name
              + ": filebench issues asynchronous writes at random offsets only (it fails a"
              + " sequential aiowrite); add random");
    }
    this.inner = List.of();
    if (r.a.containsKey("noreadahead")) {
      throw new InvalidInputException(
          r.where
              + "flowop "
              + name
              + ": noreadahead (posix_fadvise RANDOM at open) is not implemented in fsbench yet;"
              + " remove it");
    }
  }

  /** A use of a composite flowop: {@code inner} run once per iteration ({@code iters}). */
  private Flowop(String name, String where, RandomVariable iters, List<Flowop> inner) {
    this.type = FlowopType.COMPOSITE;
    this.name = name;
    this.where = where;
    this.fileset = null;
    this.filesetRoot = null;
    this.fd = 0;
    this.srcfd = 0;
    this.indexed = false;
    this.index = RandomVariable.constant(0);
    this.iosize = RandomVariable.constant(0);
    this.value = RandomVariable.constant(0);
    this.iters = iters;
    this.workingSet = 0;
    this.random = false;
    this.dsync = false;
    this.directio = false;
    this.blocking = false;
    this.highwater = 1;
    this.target = null;
    this.inner = List.copyOf(inner);
  }

  static Flowop composite(String name, String where, RandomVariable iters, List<Flowop> inner) {
    return new Flowop(name, where, iters, inner);
  }

  /** Every flowop of {@code flowops}, each composite followed by its own, depth first. */
  static List<Flowop> flatten(List<Flowop> flowops) {
    List<Flowop> all = new ArrayList<>();
    for (Flowop f : flowops) {
      all.add(f);
      all.addAll(flatten(f.inner));
    }
    return all;
  }

  /** Reads one thread's instance of {@code definition}. */
  static Flowop define(
      FlowopDefinition definition,
      WmlVariables vars,
      Map<String, Fileset> filesets,
      Path directory,
      String file) {
    return new Flowop(
        definition,
        new Resolver(definition, vars, filesets, directory, file + ":" + definition.line() + ": "));
  }

  /** A draw of {@code variable}; random variables are shared by threads, so draws are locked. */
  static long draw(RandomVariable variable) {
    if (variable instanceof RandomVariable.Constant c) {
      return c.value();
    }
    synchronized (variable) {
      return variable.nextInteger();
    }
  }

  /** Makes sure the flowop's own buffer (threads without memsize) holds {@code size} bytes. */
  void ownBuffer(long size) {
    if (size > Integer.MAX_VALUE - AlignedBuffers.ALIGNMENT) {
      throw new FlowopFailure(this, "iosize (" + size + ") must be below 2 GiB");
    }
    if (own == null || own.capacity() < size) {
      own = NativeBuffer.wrap(AlignedBuffers.allocate((int) size));
    }
  }

  NativeBuffer ownBuffer() {
    return own;
  }

  @Override
  public String toString() {
    return "flowop " + type.word() + " " + name;
  }

  /** Reads a flowop's attributes against the script's variables. */
  private static final class Resolver {
    final Map<String, Attribute> a = new HashMap<>();
    final WmlVariables vars;
    final Map<String, Fileset> filesets;
    final Path directory;
    final String where;
    final String what;

    Resolver(
        FlowopDefinition definition,
        WmlVariables vars,
        Map<String, Fileset> filesets,
        Path directory,
        String where) {
      for (Attribute attribute : definition.attributes()) {
        if (attribute.name().startsWith("$")) {
          throw new InvalidInputException(
              where
                  + "flowop "
                  + definition.type()
                  + ": local variables ("
                  + attribute.name()
                  + ") are given to composite flowops (define flowop), and this is not one");
        }
        a.put(attribute.name(), attribute); // the last one wins, as get_attr finds it
      }
      this.vars = vars;
      this.filesets = filesets;
      this.directory = directory;
      this.where = where;
      this.what = "flowop " + definition.type();
    }

    String text(String name, String otherwise) {
      Attribute attribute = a.get(name);
      return attribute == null ? otherwise : vars.text(attribute, what);
    }

    RandomVariable number(String name, long otherwise) {
      Attribute attribute = a.get(name);
      if (attribute == null || attribute.value() instanceof WmlScript.Value.Bool) {
        return RandomVariable.constant(otherwise);
      }
      return vars.variable(attribute, what);
    }

    long constant(String name, long otherwise, long min, long max) {
      Attribute attribute = a.get(name);
      if (attribute == null) {
        return otherwise;
      }
      long n = vars.constantInteger(attribute, what);
      if (n < min || n > max) {
        throw vars.error(attribute, what, "must be between " + min + " and " + max);
      }
      return n;
    }

    boolean flag(String name) {
      return vars.flag(a, name, what);
    }
  }
}
