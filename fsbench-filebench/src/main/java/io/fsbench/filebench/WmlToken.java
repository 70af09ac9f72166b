package io.fsbench.filebench;

/**
 * One token of filebench's workload model language, where it starts in its file.
 *
 * @param number the value of a {@link Kind#NUMBER}, its k, m or g suffix applied (powers of 1024)
 */
record WmlToken(Kind kind, String text, long number, int line, int column) {

  enum Kind {
    /**
     * A keyword, a name or an unquoted string: {@code define}, {@code bigfileset}, {@code /tmp}.
     */
    WORD,
    /** {@code 16}, {@code 16k}, {@code -1}: filebench's integers. */
    NUMBER,
    /** {@code $dir}, {@code ${dir}}: a reference to a variable. */
    VARIABLE,
    /** A quoted string's text between its variables. */
    TEXT,
    QUOTE,
    OPEN_BRACE,
    CLOSE_BRACE,
    OPEN_PAREN,
    CLOSE_PAREN,
    ASSIGN,
    COMMA,
    /**
     * {@code + - * /} in {@code set $a = $b * $c} (filebench 1.4's arithmetic); a {@code -} or
     * {@code /} that starts a word or a negative number is not one.
     */
    OPERATOR,
    END
  }

  boolean is(Kind k) {
    return kind == k;
  }

  boolean isWord(String word) {
    return kind == Kind.WORD && text.equals(word);
  }

  /** How an error message shows this token. */
  String shown() {
    return switch (kind) {
      case END -> "the end of the file";
      case TEXT -> "\"" + text + "\"";
      default -> "'" + text + "'";
    };
  }
}
