package io.fsbench.cluster.internal;

import io.fsbench.api.FsBenchException;

/** An error as one line for the other side of the cluster: its message, never a stack trace. */
final class Errors {

  private Errors() {}

  static String describe(Throwable e) {
    if (e instanceof FsBenchException || e.getMessage() != null && !e.getMessage().isBlank()) {
      return e.getMessage();
    }
    return "an internal error (" + e.getClass().getSimpleName() + "); please report it";
  }
}
