package io.fsbench.core.jobfile;

import io.fsbench.api.JobSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One row of {@link FioOptionTable}: a fio option fsbench implements (or refuses by name with a
 * reason), how it is parsed into a job, how a job prints it back, and its help.
 */
public final class OptionRow {

  /** Applies one written value (null for a bare flag) of {@code key}, the name as written. */
  @FunctionalInterface
  interface Handler {
    void apply(JobOptionParser parser, String key, String value);
  }

  private final OptionGroup group;
  private final String name;
  private final List<String> aliases;
  private final boolean flag;
  private final String example;
  private final String help;
  private final Handler handler;
  private final Function<JobSpec, String> printer;

  private OptionRow(
      OptionGroup group,
      List<String> names,
      boolean flag,
      String example,
      String help,
      Handler handler,
      Function<JobSpec, String> printer) {
    this.group = Objects.requireNonNull(group, "group");
    this.name = names.get(0);
    this.aliases = List.copyOf(names.subList(1, names.size()));
    this.flag = flag;
    this.example = Objects.requireNonNull(example, "example");
    this.help = Objects.requireNonNull(help, "help");
    this.handler = Objects.requireNonNull(handler, "handler");
    this.printer = printer;
  }

  /**
   * An option that needs a value; {@code names} is the name, then its aliases: {@code
   * "bs|blocksize"}.
   */
  static OptionRow value(
      OptionGroup group, String names, String example, String help, Handler handler) {
    return new OptionRow(group, split(names), false, example, help, handler, null);
  }

  /** An option that may be given bare ({@code time_based}), meaning 1. */
  static OptionRow flag(OptionGroup group, String names, String help, Handler handler) {
    List<String> all = split(names);
    return new OptionRow(group, all, true, all.get(0), help, handler, null);
  }

  /** The same row, printed among a job's effective options by {@code printer} (null: left out). */
  OptionRow prints(Function<JobSpec, String> printer) {
    return new OptionRow(
        group, names(), flag, example, help, handler, Objects.requireNonNull(printer, "printer"));
  }

  private static List<String> split(String names) {
    return List.of(names.split("\\|"));
  }

  /** The option's name, as fio's documentation and the effective options spell it. */
  public String name() {
    return name;
  }

  /** Other names fio accepts for it, e.g. {@code blocksize} for {@code bs}. */
  public List<String> aliases() {
    return aliases;
  }

  /** The name, then the aliases. */
  public List<String> names() {
    List<String> all = new ArrayList<>();
    all.add(name);
    all.addAll(aliases);
    return List.copyOf(all);
  }

  /** Whether it may be given bare, without a value ({@code time_based}, {@code direct}). */
  public boolean flag() {
    return flag;
  }

  /** What it is about. */
  public OptionGroup group() {
    return group;
  }

  /** How it is written, e.g. {@code bs=4k}, or the bare name of a flag. */
  public String example() {
    return flag ? name : name + "=" + example;
  }

  /** The value of {@link #example()}; for a flag, its name. */
  String exampleValue() {
    return flag ? null : example;
  }

  /** One line: what the option does in fsbench. */
  public String help() {
    return help;
  }

  /** Whether a job's effective options may show it. */
  public boolean printed() {
    return printer != null;
  }

  void apply(JobOptionParser parser, String key, String value) {
    handler.apply(parser, key, value);
  }

  /** Its effective value in {@code spec} as fio writes it; null when not printed. */
  String print(JobSpec spec) {
    return printer == null ? null : printer.apply(spec);
  }
}
