package io.fsbench.api;

/**
 * The unit of a {@link Metric}, with the key used in JSON and CSV names ({@code files_per_sec}) and
 * whether more is better. Units are never mixed: bandwidth is bytes/s, latency nanoseconds.
 */
public enum Unit {
  BYTES_PER_SEC("bytes_per_sec", "B/s", true),
  IOPS("iops", "IOPS", true),
  FILES_PER_SEC("files_per_sec", "files/s", true),
  TRANSACTIONS_PER_SEC("transactions_per_sec", "transactions/s", true),
  OPS_PER_SEC("ops_per_sec", "ops/s", true),
  NANOSECONDS("ns", "ns", false),
  SECONDS("seconds", "s", false),
  BYTES("bytes", "B", false),
  COUNT("count", "", true),
  PERCENT("percent", "%", false),
  /** A ratio to the least possible, e.g. a layout score: 1.0 is ideal, more is worse. */
  RATIO("ratio", "x", false);

  private final String key;
  private final String symbol;
  private final boolean higherIsBetter;

  Unit(String key, String symbol, boolean higherIsBetter) {
    this.key = key;
    this.symbol = symbol;
    this.higherIsBetter = higherIsBetter;
  }

  /** The name used in JSON and CSV, e.g. {@code bytes_per_sec}. */
  public String key() {
    return key;
  }

  /** The short symbol for tables, e.g. {@code B/s}. */
  public String symbol() {
    return symbol;
  }

  public boolean higherIsBetter() {
    return higherIsBetter;
  }
}
