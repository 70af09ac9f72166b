package io.fsbench.core.report.compare;

import io.fsbench.api.Comparison;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Writes a {@link Comparison} in one format. Implementations are stateless and thread-safe. */
public interface ComparisonWriter {

  void write(Comparison comparison, Appendable out) throws IOException;

  /** The whole report as a string. */
  default String render(Comparison comparison) {
    StringBuilder out = new StringBuilder();
    try {
      write(comparison, out);
    } catch (IOException e) {
      throw new UncheckedIOException("a StringBuilder does not fail", e);
    }
    return out.toString();
  }
}
