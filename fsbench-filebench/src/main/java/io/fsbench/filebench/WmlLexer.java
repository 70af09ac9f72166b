package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.filebench.WmlToken.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a workload file into {@link WmlToken}s as filebench's flex scanner ({@code parser_lex.l})
 * does: the longest match wins, so {@code 16k} is a number, {@code -5} a negative one and {@code
 * -5k} or {@code mean:16384;gamma:1.5} a word; {@code #} starts a comment outside quotes; inside
 * quotes, text, {@code $variables}, {@code \n} and {@code \$} (a literal dollar) alternate.
 */
final class WmlLexer {

  private static final long KIB = 1024;

  private final String file;
  private final String text;
  private final List<WmlToken> tokens = new ArrayList<>();
  private int pos;
  private int line = 1;
  private int lineStart;
  private boolean quoted;

  private WmlLexer(String file, String text) {
    this.file = file;
    this.text = text;
  }

  /** The tokens of {@code text}, ending with {@link Kind#END}; {@code file} names it in errors. */
  static List<WmlToken> tokens(String file, String text) {
    WmlLexer lexer = new WmlLexer(file, text);
    lexer.scan();
    return List.copyOf(lexer.tokens);
  }

  private void scan() {
    while (pos < text.length()) {
      if (quoted) {
        scanQuoted();
      } else {
        scanPlain();
      }
    }
    if (quoted) {
      throw error(line, column(pos), "a quoted string is not closed: add the closing \"");
    }
    tokens.add(new WmlToken(Kind.END, "", 0, line, column(pos)));
  }

  private void scanPlain() {
    char c = text.charAt(pos);
    int start = pos;
    switch (c) {
      case '\n' -> newLine();
      case ' ', '\t', '\r' -> pos++;
      case '#' -> {
        while (pos < text.length() && text.charAt(pos) != '\n') {
          pos++;
        }
      }
      case '"' -> {
        add(Kind.QUOTE, start, ++pos);
        quoted = true;
      }
      case '{' -> add(Kind.OPEN_BRACE, start, ++pos);
      case '}' -> add(Kind.CLOSE_BRACE, start, ++pos);
      case '(' -> add(Kind.OPEN_PAREN, start, ++pos);
      case ')' -> add(Kind.CLOSE_PAREN, start, ++pos);
      case '=' -> add(Kind.ASSIGN, start, ++pos);
      case ',' -> add(Kind.COMMA, start, ++pos);
      case '*', '+' -> add(Kind.OPERATOR, start, ++pos);
      case '$' -> variable();
      default -> {
        if (isDigit(c)) {
          number(start, false);
        } else if ((c == '-' || c == '/') && isOperatorAt(start)) {
          add(Kind.OPERATOR, start, ++pos);
        } else if (c == '-' || c == '/' || isLetter(c)) {
          wordOrNegative(start);
        } else {
          throw error(line, column(pos), "illegal character '" + c + "'");
        }
      }
    }
  }

  /**
   * Whether the {@code -} or {@code /} at {@code at} is an operator, not the start of a word or a
   * negative number: it is when a blank or a variable follows it ({@code $a - 1}, {@code $a/$b}),
   * or, for {@code /}, a digit ({@code $a/2}; no path starts with one).
   */
  private boolean isOperatorAt(int at) {
    if (at + 1 >= text.length()) {
      return false;
    }
    char after = text.charAt(at + 1);
    return after == ' '
        || after == '\t'
        || after == '$'
        || (text.charAt(at) == '/' && isDigit(after));
  }

  private void wordOrNegative(int start) {
    int end = start + 1;
    while (end < text.length() && isWordPart(text.charAt(end))) {
      end++;
    }
    int digits = start + 1;
    while (text.charAt(start) == '-' && digits < text.length() && isDigit(text.charAt(digits))) {
      digits++;
    }
    if (digits > start + 1 && digits >= end) {
      number(start, true); // flex: -[0-9]+ matches as long as the word, and comes first
    } else {
      add(Kind.WORD, start, end);
      pos = end;
    }
  }

  private void number(int start, boolean negative) {
    int end = negative ? start + 1 : start;
    while (end < text.length() && isDigit(text.charAt(end))) {
      end++;
    }
    long value;
    try {
      value = Long.parseLong(text.substring(start, end));
    } catch (NumberFormatException e) {
      throw error(line, column(start), "the number " + text.substring(start, end) + " is too big");
    }
    if (!negative && end < text.length()) {
      long unit =
          switch (text.charAt(end)) {
            case 'k' -> KIB;
            case 'm' -> KIB * KIB;
            case 'g' -> KIB * KIB * KIB;
            default -> 1;
          };
      if (unit > 1) {
        end++;
        try {
          value = Math.multiplyExact(value, unit);
        } catch (ArithmeticException e) {
          throw error(
              line, column(start), "the size " + text.substring(start, end) + " is too big");
        }
      }
    }
    tokens.add(new WmlToken(Kind.NUMBER, text.substring(start, end), value, line, column(start)));
    pos = end;
  }

  /**
   * flex's {@code $[({A-Za-z][A-Za-z0-9_]*[A-Za-z0-9][)}]*}: at least two characters, the last of
   * the name a letter or digit, any closing brackets after it. The token's text is the bare name.
   */
  private void variable() {
    int start = pos;
    int i = pos + 1;
    if (i >= text.length() || !(isLetter(text.charAt(i)) || "({".indexOf(text.charAt(i)) >= 0)) {
      throw error(line, column(start), "a '$' must start a variable's name, as in $dir");
    }
    i++;
    int nameEnd = i;
    while (nameEnd < text.length() && isNamePart(text.charAt(nameEnd))) {
      nameEnd++;
    }
    while (nameEnd > i && text.charAt(nameEnd - 1) == '_') {
      nameEnd--; // flex gives back the underscores: the name must end in a letter or a digit
    }
    if (nameEnd == i) {
      throw error(
          line,
          column(start),
          "the variable "
              + text.substring(start, Math.min(text.length(), i + 1))
              + " is too short: a name has two characters or more, ending in a letter or digit");
    }
    int end = nameEnd;
    while (end < text.length() && ")}".indexOf(text.charAt(end)) >= 0) {
      end++;
    }
    String name = text.substring(start + 1, nameEnd).replaceAll("^[({]+", "");
    tokens.add(new WmlToken(Kind.VARIABLE, name, 0, line, column(start)));
    pos = end;
  }

  private void scanQuoted() {
    char c = text.charAt(pos);
    int start = pos;
    if (c == '"') {
      add(Kind.QUOTE, start, ++pos);
      quoted = false;
    } else if (c == '$') {
      variable();
    } else {
      int startLine = line;
      int startColumn = column(start);
      StringBuilder piece = new StringBuilder();
      while (pos < text.length() && text.charAt(pos) != '"' && text.charAt(pos) != '$') {
        char d = text.charAt(pos);
        if (d == '\\' && pos + 1 < text.length() && text.charAt(pos + 1) == 'n') {
          piece.append('\n');
          pos += 2;
        } else if (d == '\\' && pos + 1 < text.length() && text.charAt(pos + 1) == '$') {
          piece.append('$'); // an escaped dollar: the name after it is text
          pos += 2;
          while (pos < text.length() && "\"$\\".indexOf(text.charAt(pos)) < 0) {
            countLine(text.charAt(pos));
            piece.append(text.charAt(pos++));
          }
        } else {
          countLine(d);
          piece.append(d);
          pos++;
        }
      }
      tokens.add(new WmlToken(Kind.TEXT, piece.toString(), 0, startLine, startColumn));
    }
  }

  private void countLine(char c) {
    if (c == '\n') {
      line++;
      lineStart = pos + 1;
    }
  }

  private void newLine() {
    pos++;
    line++;
    lineStart = pos;
  }

  private void add(Kind kind, int start, int end) {
    tokens.add(new WmlToken(kind, text.substring(start, end), 0, line, column(start)));
  }

  private int column(int at) {
    return at - lineStart + 1;
  }

  private InvalidInputException error(int atLine, int atColumn, String message) {
    return new InvalidInputException(file + ":" + atLine + ":" + atColumn + ": " + message);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isLetter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  }

  private static boolean isNamePart(char c) {
    return isLetter(c) || isDigit(c) || c == '_';
  }

  private static boolean isWordPart(char c) {
    return isLetter(c) || isDigit(c) || "/._:;-".indexOf(c) >= 0;
  }
}
