package io.fsbench.api;

/**
 * Whether extracting an archive restores something an entry records — its owner, its exact mode —
 * as GNU tar's {@code --same-owner} / {@code --no-same-owner} and {@code --same-permissions} /
 * {@code --no-same-permissions} decide.
 */
public enum Restore {
  /** As GNU tar does by default: restored when running as root, not otherwise. */
  AS_TAR,
  /** Always restored ({@code --same-owner}, {@code --same-permissions}). */
  ALWAYS,
  /** Never restored ({@code --no-same-owner}, {@code --no-same-permissions}). */
  NEVER;

  /** Whether to restore, for a process that is or is not root. */
  public boolean applies(boolean root) {
    return this == ALWAYS || (this == AS_TAR && root);
  }

  static Restore of(boolean restore) {
    return restore ? ALWAYS : NEVER;
  }
}
