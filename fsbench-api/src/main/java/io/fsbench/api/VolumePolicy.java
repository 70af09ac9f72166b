package io.fsbench.api;

/** When a comparison makes a fresh filesystem: once per cell, or before every repetition. */
public enum VolumePolicy {
  /** One fresh volume per cell; its repetitions run on the same, ever older filesystem. */
  FRESH_PER_CELL("fresh volume per cell"),
  /** A fresh volume before every repetition, so that no run sees what an earlier one left. */
  FRESH_PER_REPETITION("fresh volume per repetition");

  private final String label;

  VolumePolicy(String label) {
    this.label = label;
  }

  /** A short human description for reports. */
  public String label() {
    return label;
  }
}
