package io.fsbench.api;

/**
 * Base of every error fsbench raises on purpose. Each says what was wrong, with which value, and
 * what to do; {@link #kind()} tells a caller (and the command line's exit code) whose fault it was.
 */
public class FsBenchException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Whose fault an error is; the command line maps it to its exit code. */
  public enum Kind {
    /** The run itself failed: a tool returned an error, I/O failed, a check did not hold. */
    RUN_FAILED(1),
    /** The caller asked for something invalid; nothing was created. */
    BAD_INPUT(2),
    /** The machine lacks something: root, a tool, a kernel module. */
    ENVIRONMENT(3);

    private final int exitCode;

    Kind(int exitCode) {
      this.exitCode = exitCode;
    }

    public int exitCode() {
      return exitCode;
    }
  }

  private final Kind kind;

  public FsBenchException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public FsBenchException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }
}
