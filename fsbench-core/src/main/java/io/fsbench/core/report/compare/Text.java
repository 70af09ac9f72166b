package io.fsbench.core.report.compare;

import java.util.ArrayList;
import java.util.List;

/** Padding, truncation and word wrapping for fixed-width text. */
final class Text {

  private Text() {}

  static String left(String s, int width) {
    String fitted = fit(s, width);
    return fitted + " ".repeat(width - fitted.length());
  }

  static String right(String s, int width) {
    String fitted = fit(s, width);
    return " ".repeat(width - fitted.length()) + fitted;
  }

  /** Cuts {@code s} to {@code width} characters, marking the cut with an ellipsis. */
  static String fit(String s, int width) {
    return s.length() <= width ? s : s.substring(0, width - 1) + "…";
  }

  /**
   * Wraps {@code text} at spaces so that no line exceeds {@code width}; continuation lines start
   * with {@code indent}. A word longer than a line is cut rather than overflowing.
   */
  static List<String> wrap(String text, int width, String firstPrefix, String indent) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder(firstPrefix);
    int bare = firstPrefix.length();
    for (String word : text.split(" ")) {
      if (word.isEmpty()) {
        continue;
      }
      if (line.length() > bare && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line = new StringBuilder(indent);
        bare = indent.length();
      }
      if (line.length() > bare) {
        line.append(' ');
      }
      line.append(fit(word, width - line.length()));
    }
    lines.add(line.toString());
    return lines;
  }
}
