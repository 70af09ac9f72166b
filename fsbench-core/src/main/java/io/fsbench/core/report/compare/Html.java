package io.fsbench.core.report.compare;

/** Escaping for HTML text, attribute values and inline SVG. */
final class Html {

  private Html() {}

  /** Escapes {@code & < > " '}, so that the result is safe in text and in quoted attributes. */
  static String escape(String text) {
    StringBuilder s = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> s.append("&amp;");
        case '<' -> s.append("&lt;");
        case '>' -> s.append("&gt;");
        case '"' -> s.append("&quot;");
        case '\'' -> s.append("&#39;");
        default -> s.append(c);
      }
    }
    return s.toString();
  }
}
