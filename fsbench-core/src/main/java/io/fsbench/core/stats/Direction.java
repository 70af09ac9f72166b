package io.fsbench.core.stats;

/**
 * A data direction, in fio's order (its {@code DDIR_READ}, {@code DDIR_WRITE}, {@code DDIR_TRIM}).
 */
public enum Direction {
  READ("read"),
  WRITE("write"),
  TRIM("trim");

  static final int COUNT = 3;

  private final String fioName;

  Direction(String fioName) {
    this.fioName = fioName;
  }

  /** fio's name: {@code read}, {@code write}, {@code trim}. */
  public String fioName() {
    return fioName;
  }
}
