package io.fsbench.api;

/**
 * The machine lacks something fsbench needs: root, a tool, a kernel module, a daemon. The message
 * says what to install or change.
 */
public class EnvironmentException extends FsBenchException {

  private static final long serialVersionUID = 1L;

  public EnvironmentException(String message) {
    super(Kind.ENVIRONMENT, message);
  }

  public EnvironmentException(String message, Throwable cause) {
    super(Kind.ENVIRONMENT, message, cause);
  }

  /** The error for an operation that needs root, naming the operation. */
  public static EnvironmentException notRoot(String operation) {
    return new EnvironmentException(
        operation
            + " needs root (it creates loop devices and mounts filesystems); run as root, or use"
            + " Target.directory(path) / --dir PATH, which needs no root");
  }
}
