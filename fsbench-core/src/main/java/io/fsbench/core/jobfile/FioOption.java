package io.fsbench.core.jobfile;

/**
 * One fio option as written: {@code key=value}, or a bare {@code key} (value null).
 *
 * @param key the option name
 * @param value its value, null for a bare flag
 * @param where where it was written ({@code file:line} or {@code command line}), for messages
 */
public record FioOption(String key, String value, String where) {

  /** Parses {@code key=value} or {@code key}, e.g. from {@code --rw=randread} without dashes. */
  public static FioOption parse(String text, String where) {
    int eq = text.indexOf('=');
    return eq < 0
        ? new FioOption(text.strip(), null, where)
        : new FioOption(text.substring(0, eq).strip(), text.substring(eq + 1).strip(), where);
  }

  /** As written, for fio's "job options" in JSON. */
  public String valueText() {
    return value == null ? "" : value;
  }
}
