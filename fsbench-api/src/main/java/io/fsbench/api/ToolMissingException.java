package io.fsbench.api;

/** A program fsbench needs is not installed. The message names the package that provides it. */
public final class ToolMissingException extends EnvironmentException {

  private static final long serialVersionUID = 1L;

  private final String tool;
  private final String installHint;

  public ToolMissingException(String tool, String installHint) {
    super("tool '" + tool + "' is not installed or not on PATH; " + installHint);
    this.tool = tool;
    this.installHint = installHint;
  }

  public String tool() {
    return tool;
  }

  public String installHint() {
    return installHint;
  }
}
