package io.fsbench.api;

import java.util.Objects;

/**
 * Whether a filesystem plugin can be used on this machine, and if not, why and what to do.
 *
 * <pre>{@code
 * Availability.unavailable("mkfs.xfs not found", "apt-get install xfsprogs");
 * }</pre>
 *
 * @param isAvailable whether volumes can be created
 * @param reason why not, empty when available
 * @param hint what to do about it (a command to run, a package to install), empty when available
 */
public record Availability(boolean isAvailable, String reason, String hint) {

  private static final Availability AVAILABLE = new Availability(true, "", "");

  public Availability {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(hint, "hint");
    if (!isAvailable && reason.isBlank()) {
      throw new IllegalArgumentException("an unavailable plugin must give a reason");
    }
  }

  public static Availability available() {
    return AVAILABLE;
  }

  public static Availability unavailable(String reason, String hint) {
    return new Availability(false, reason, hint);
  }

  @Override
  public String toString() {
    if (isAvailable) {
      return "available";
    }
    return hint.isBlank() ? "unavailable: " + reason : "unavailable: " + reason + " (" + hint + ")";
  }
}
