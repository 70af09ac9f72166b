package io.fsbench.api;

import java.util.Locale;

/**
 * One timed phase of a {@link PostMarkSpec PostMark run}, in the order PostMark runs them; the
 * phase a finish cut short is {@link PostMarkResult#phaseCutShort()}.
 */
public enum PostMarkPhase {
  /** Creating the initial pool of files ("creation alone"). */
  CREATION,
  /** The transactions: a read or an append, then a create or a delete, each. */
  TRANSACTIONS,
  /** Deleting the files left after the transactions ("deletion alone"). */
  DELETION;

  /** The name used in metric names, e.g. {@code transactions} in {@code transactions.cut_short}. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }
}
