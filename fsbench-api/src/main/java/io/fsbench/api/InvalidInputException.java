package io.fsbench.api;

/** Bad input: a value that cannot be used. Raised before anything is created. */
public class InvalidInputException extends FsBenchException {

  private static final long serialVersionUID = 1L;

  public InvalidInputException(String message) {
    super(Kind.BAD_INPUT, message);
  }

  public InvalidInputException(String message, Throwable cause) {
    super(Kind.BAD_INPUT, message, cause);
  }
}
