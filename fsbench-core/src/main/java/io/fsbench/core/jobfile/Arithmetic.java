package io.fsbench.core.jobfile;

/** Integer arithmetic with + - * / and parentheses, for fio's computed option values. */
final class Arithmetic {

  private final String text;
  private int pos;

  private Arithmetic(String text) {
    this.text = text.replaceAll("\\s+", "");
  }

  static long evaluate(String expression) {
    Arithmetic a = new Arithmetic(expression);
    long value = a.sum();
    if (a.pos != a.text.length()) {
      throw new IllegalArgumentException("unexpected '" + a.text.charAt(a.pos) + "'");
    }
    return value;
  }

  private long sum() {
    long value = product();
    while (pos < text.length() && (peek() == '+' || peek() == '-')) {
      char op = text.charAt(pos++);
      long rhs = product();
      value = op == '+' ? Math.addExact(value, rhs) : Math.subtractExact(value, rhs);
    }
    return value;
  }

  private long product() {
    long value = factor();
    while (pos < text.length() && (peek() == '*' || peek() == '/')) {
      char op = text.charAt(pos++);
      long rhs = factor();
      if (op == '/' && rhs == 0) {
        throw new IllegalArgumentException("division by zero");
      }
      value = op == '*' ? Math.multiplyExact(value, rhs) : value / rhs;
    }
    return value;
  }

  private long factor() {
    if (pos >= text.length()) {
      throw new IllegalArgumentException("expression ends early");
    }
    if (peek() == '(') {
      pos++;
      long value = sum();
      if (pos >= text.length() || peek() != ')') {
        throw new IllegalArgumentException("missing ')'");
      }
      pos++;
      return value;
    }
    if (peek() == '-') {
      pos++;
      return Math.negateExact(factor());
    }
    int start = pos;
    while (pos < text.length() && Character.isDigit(peek())) {
      pos++;
    }
    if (start == pos) {
      throw new IllegalArgumentException("expected a number at '" + text.substring(start) + "'");
    }
    return Long.parseLong(text.substring(start, pos));
  }

  private char peek() {
    return text.charAt(pos);
  }
}
