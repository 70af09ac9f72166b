package io.fsbench.api;

/**
 * A filesystem cannot honour a tuning knob. Raised before anything is created; the message names
 * the knob, the filesystem, the reason and what the filesystem does support.
 */
public final class UnsupportedTuningException extends InvalidInputException {

  private static final long serialVersionUID = 1L;

  private final String fileSystem;
  private final String knob;

  public UnsupportedTuningException(String fileSystem, String knob, String reason) {
    super("tuning '" + knob + "' is not supported by " + fileSystem + ": " + reason);
    this.fileSystem = fileSystem;
    this.knob = knob;
  }

  public String fileSystem() {
    return fileSystem;
  }

  public String knob() {
    return knob;
  }
}
