package io.fsbench.api;

import java.util.Objects;

/**
 * A workload under another name, so that two variants of one kind (say, fs_mark with 1000 and with
 * a million files) can sit side by side in one comparison.
 *
 * @param name the name reports use
 * @param workload what runs
 */
public record NamedWorkload(String name, Workload workload) implements Workload {

  public NamedWorkload {
    if (name == null || !name.matches("[a-z0-9][a-z0-9_.+-]*")) {
      throw new InvalidInputException(
          "workload name (" + name + ") must be lower-case letters, digits, '_', '.', '+', '-'");
    }
    Objects.requireNonNull(workload, "workload");
  }

  /** The workload that runs, with every renaming removed. */
  @Override
  public Workload spec() {
    return workload.spec();
  }
}
